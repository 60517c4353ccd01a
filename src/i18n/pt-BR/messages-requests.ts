// pt-BR of the texts about what a command spends of the account's day (spec 8): the requests a
// plan says its run makes, and the budget of `webhooks listen`.
export const REQUESTS_MESSAGES: Record<string, string> = {
  'the run makes {n} (reads included)': 'a execução faz {n} (leituras incluídas)',
  'this run made {n} (reads included)': 'esta execução fez {n} (leituras incluídas)',
  'catch-up every {s} s, about {n} requests each': 'recuperação a cada {s} s, cerca de {n} requisições cada',
  'catch-up at start': 'recuperação só no início',
  'budget: {day} ({every}; {perSale} a sale to confirm at {pace} sales a day); the budget is {pct}% ({budget})':
    'orçamento: {day} ({every}; {perSale} por venda para confirmar, a {pace} vendas por dia); o orçamento é {pct}% ({budget})',
  '--catch-up-every {asked} s would spend more than the budget of {pct}% of {limit} a day: catch-ups run every {s} s instead (notifications are still confirmed at once)':
    '--catch-up-every {asked} s gastaria mais que o orçamento de {pct}% de {limit} por dia: a recuperação roda a cada {s} s (as notificações continuam confirmadas na hora)',
  'confirming {pace} sales a day alone spends more than the budget of {pct}% ({budget} requests a day)':
    'só confirmar {pace} vendas por dia já gasta mais que o orçamento de {pct}% ({budget} requisições por dia)',
  "the share of the account's 5000 requests a day its catch-ups and confirmations may spend (default 20%); a --catch-up-every past it is stretched":
    'a parte das 5000 requisições diárias da conta que a recuperação e as confirmações podem gastar (padrão 20%); um --catch-up-every além disso é esticado',
};
