// pt-BR help of shop (run, sync) and notify (split from help.ts by noun,;
// keyed as help.ts says).
export const SHOP_HELP: Record<string, string> = {
  'run the shop: webhook listener + a pass per confirmed sale + a periodic pass; GET /healthz':
    'roda a loja: listener de webhooks + uma passada por venda confirmada + uma passada periódica; GET /healthz',
  'one pass of the shop: refill to target, reactivate or deactivate, alerts and notices':
    'uma passada da loja: repõe o estoque até a meta, reativa ou desativa, alertas e avisos',
  'the channels of a shop file, their events and where each secret is found':
    'os canais de um arquivo da loja, seus eventos e onde cada segredo está',
  "store a channel's secret (read from stdin or a hidden prompt, never an argument)":
    'guarda o segredo de um canal (lido do stdin ou de um prompt oculto, nunca de um argumento)',
  "forget a channel's stored secret": 'esquece o segredo guardado de um canal',
  'send a sample sale notice to one channel': 'envia um aviso de venda de exemplo para um canal',
  'run the shop from one config: refill to target, listings on/off, alerts and chat notices':
    'toca a loja a partir de uma configuração: repõe até a meta, liga/desliga anúncios, alertas e avisos no chat',
  'notification channels (Telegram, Discord, JSON webhook): store their secrets, send a test':
    'canais de notificação (Telegram, Discord, webhook JSON): guarda seus segredos, envia um teste',
  'the shop file (YAML)': 'o arquivo da loja (YAML)',
  'the shop file (YAML) that defines the channel': 'o arquivo da loja (YAML) que define o canal',
  'the shop file (YAML): rules, alerts, notification channels':
    'o arquivo da loja (YAML): regras, alertas, canais de notificação',
  'the channel name': 'o nome do canal',
  'the channel name in the shop file': 'o nome do canal no arquivo da loja',
  'the channel name used in shop.yaml': 'o nome do canal usado no shop.yaml',
  'the channel type: telegram, discord or webhook': 'o tipo do canal: telegram, discord ou webhook',
  'address to listen on (127.0.0.1 behind a reverse proxy)':
    'endereço em que escutar (127.0.0.1 atrás de um proxy reverso)',
  'URL path the notifications are POSTed to (default: the secret path of `svc webhooks listen --init`, else /)':
    'caminho da URL que recebe o POST das notificações (padrão: o caminho secreto de `svc webhooks listen --init`, senão /)',
  'do not sync orders first (sales pace from what is known)':
    'não sincroniza os pedidos antes (ritmo de vendas pelo que já se sabe)',
  "Exit codes: 0 all well; 3 something needs you (a refusal with its code: NO_STOCK, NOT_APPROVED,\nOFFLINE_PAUSED (turn Offline Mode off in the seller panel), LISTING_TAKEN_DOWN,\nLISTING_PERMANENTLY_REJECTED; a pool low or out of stock); 1 the service failed; 2 a bad config;\n5 the account's requests for today are spent (DAILY_LIMIT: the message says when they reset).":
    'Códigos de saída: 0 tudo certo; 3 algo precisa de você (uma recusa com seu código: NO_STOCK, NOT_APPROVED,\nOFFLINE_PAUSED (desligue o Modo Offline no painel do vendedor), LISTING_TAKEN_DOWN,\nLISTING_PERMANENTLY_REJECTED; um pool baixo ou sem estoque); 1 o serviço falhou; 2 configuração inválida;\n5 as requisições da conta para hoje acabaram (DAILY_LIMIT: a mensagem diz quando voltam).',
};
