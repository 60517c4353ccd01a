// pt-BR of the texts about what a command spends of the account's day (spec 8): the requests a
// plan says its run makes, and the budget of `webhooks listen`.
export const REQUESTS_MESSAGES: Record<string, string> = {
  'the run makes {n} (reads included)': 'a execução faz {n} (leituras incluídas)',
  'this run made {n} (reads included)': 'esta execução fez {n} (leituras incluídas)',
};
