// The stock refill dry run's need agrees in number in pt-BR ("falta 1", "faltam 2"): the singular
// is an exact entry for the filled text "1 needed", looked up before the `{n} needed` pattern
// (src/i18n/index.ts).
export const MESSAGES_SMALL: Readonly<Record<string, string>> = {
  '1 needed': 'falta 1',
  '{n} needed': 'faltam {n}',
  // the state cell of `stock jobs` (svc's own words; interrupted and failed are elsewhere)
  running: 'em andamento',
  done: 'concluído',
};
