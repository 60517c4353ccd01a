// pt-BR of the texts about the day's quota: the usage ledger (`svc usage`), the shop's budget and
// the waits for a spent quota.
export const QUOTA_MESSAGES: Record<string, string> = {
  "requests used and left in this minute and this day, and today's requests of svc by feature":
    'requisições usadas e restantes neste minuto e neste dia, e as requisições do svc hoje por função',
  'requests svc made today (UTC {day}), by feature:': 'requisições que o svc fez hoje (UTC {day}), por função:',
  'none yet': 'nenhuma ainda',
  'header:feature': 'função',
  'header:requests': 'requisições',
};
