// pt-BR of the texts about the day's quota: the usage ledger (`svc usage`), the shop's budget and
// the waits for a spent quota.
export const QUOTA_MESSAGES: Record<string, string> = {
  "requests used and left in this minute and this day, and today's requests of svc by feature":
    'requisições usadas e restantes neste minuto e neste dia, e as requisições do svc hoje por função',
  'requests svc made today (UTC {day}), by feature:': 'requisições que o svc fez hoje (UTC {day}), por função:',
  'none yet': 'nenhuma ainda',
  'this dry run made {n} (reads included)': 'esta simulação fez {n} (leituras incluídas)',
  "how often cron runs this pass: svc says what that costs a day against shop.yaml's budget":
    'com que frequência o cron roda esta passada: o svc diz quanto isso custa por dia diante do budget do shop.yaml',
  'header:feature': 'função',
  'header:requests': 'requisições',
};
