// Counts of the stock refill dry run agree in number in pt-BR: the singular is an exact entry
// for the filled text ("1 needed"), looked up before the `{n} needed` pattern (src/i18n/index.ts).
export const MESSAGES_SMALL: Readonly<Record<string, string>> = {
  '1 needed': 'falta 1',
  '{n} needed': 'faltam {n}',
  '1 sent before': '1 enviada antes',
  '{n} sent before': '{n} enviadas antes',
  '1 of them sold': '1 delas vendida',
  '{n} of them sold': '{n} delas vendidas',
  '1 left after this refill': '1 resta depois desta reposição',
  '{n} left after this refill': '{n} restam depois desta reposição',
};
