// Counts in the bulk-price summary agree in number in pt-BR ("1 recusada", "2 recusadas"):
// English says "applied"/"refused" for any count, so the singular is an exact entry for the
// filled text "1 refused", looked up before the `{n} refused` pattern (src/i18n/index.ts).
export const MESSAGES_AGREEMENT: Readonly<Record<string, string>> = {
  '1 applied': '1 aplicada',
  '{n} applied': '{n} aplicadas',
  '{n} unchanged': '{n} sem mudança',
  '1 refused': '1 recusada',
  '{n} refused': '{n} recusadas',
  // a refill's dry run: what the account's pools sent before, sold, refused and keep
  '1 sent before': '1 enviada antes',
  '{n} sent before': '{n} enviadas antes',
  '1 of them sold': '1 delas vendida',
  '{n} of them sold': '{n} delas vendidas',
  '1 left after this refill': '1 resta depois desta reposição',
  '{n} left after this refill': '{n} restam depois desta reposição',
};
