// pt-BR of what `shop run` and `shop sync --every` say of the day they will spend (spec 8).
export const MESSAGES_SHOP_BUDGET: Readonly<Record<string, string>> = {
  'about {n} requests a day, {pct}% of {limit}': 'cerca de {n} requisições por dia, {pct}% de {limit}',
  ' at {pace} sales a day (about {n} requests each)': ' a {pace} vendas por dia (cerca de {n} requisições cada)',
  "budget: {day} (passes every {s} s, about {n} requests each{pace}); the shop's budget is {pct}% ({budget})":
    'orçamento: {day} (passadas a cada {s} s, cerca de {n} requisições cada{pace}); o orçamento da loja é {pct}% ({budget})',
  'every: {asked} s would spend more than the budget of {pct}% of {limit} a day: passes run every {s} s instead (confirmed sales still run at once)':
    'every: {asked} s gastaria mais que o orçamento de {pct}% de {limit} por dia: as passadas rodam a cada {s} s (vendas confirmadas continuam na hora)',
  'every {asked} s spends more than the budget of {pct}% ({budget} requests a day): run it every {min} s or more':
    'a cada {asked} s gasta mais que o orçamento de {pct}% ({budget} requisições por dia): rode a cada {min} s ou mais',
};
