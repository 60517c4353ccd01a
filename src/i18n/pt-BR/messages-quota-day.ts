// pt-BR of the texts about the shop's day on the clock: the passes stretched to what the account
// has left when other tools spend beside `shop run`.
export const QUOTA_DAY_MESSAGES: Record<string, string> = {
  "the account has {n} requests left today ({how}): passes every {s} s until the reset, the shop's {pct}% of what is left":
    'a conta tem {n} requisições restantes hoje ({how}): passadas a cada {s} s até a virada, {pct}% do que resta para a loja',
  'as the service said, less what svc sent since': 'como o serviço disse, menos o que o svc enviou desde então',
  'counted by svc on this machine': 'contadas pelo svc nesta máquina',
  'the webhook receiver missed {n} sale(s): the safety-net pass runs up to {k} times as often until it delivers again':
    'o receptor de webhooks perdeu {n} venda(s): a passada de segurança roda até {k} vezes mais vezes até ele voltar a entregar',
};
