// pt-BR help of webhooks (listen, send, events), api and sandbox (split from help.ts by noun,;
// keyed as help.ts says).
export const WEBHOOKS_HELP: Record<string, string> = {
  "receive the service's webhooks (dedupe, confirm, forward), send test notifications, list the events":
    'recebe os webhooks do serviço (sem duplicatas, confirmados, repassados), envia notificações de teste, lista os eventos',
  'receive webhooks: answer at once, dedupe, confirm order events, forward and/or run a handler':
    'recebe webhooks: responde na hora, descarta duplicatas, confirma eventos de pedido, repassa e/ou roda um comando',
  'port; 0 picks a free one': 'porta; 0 escolhe uma livre',
  'address to listen on (0.0.0.0 behind a proxy)': 'endereço onde escutar (0.0.0.0 atrás de um proxy)',
  'URL path the notifications are POSTed to (default: the secret path made by --init, else /)':
    'caminho da URL que recebe as notificações (padrão: o caminho secreto criado por --init, senão /)',
  'make a long random secret path, store it in the profile, print it once, and exit':
    'cria um caminho secreto longo e aleatório, guarda-o no perfil, mostra-o uma vez e sai',
  'hand on only these events (others are answered and ignored)':
    'repassa só estes eventos (os outros são respondidos e ignorados)',
  'POST each notification, same body and X-Service-Event, to URL':
    'envia (POST) cada notificação, mesmo corpo e X-Service-Event, para URL',
  'run CMD per notification: the delivery (notification + confirmed order) on stdin, SVC_DELIVERY_ID, SVC_EVENT, SVC_ORDER_ID set, no SVC_* key':
    'roda CMD a cada notificação: a entrega (notificação + pedido confirmado) no stdin, com SVC_DELIVERY_ID, SVC_EVENT, SVC_ORDER_ID, sem nenhuma chave SVC_*',
  'do not confirm order events with the service (e.g. no v2 key): the hook gets the raw body, marked unconfirmed':
    'não confirma eventos de pedido com o serviço (ex.: sem chave v2): o comando recebe o corpo bruto, marcado como não confirmado',
  "at most N confirmation requests a minute (default 20, a third of the account's 60)":
    'no máximo N requisições de confirmação por minuto (padrão 20, um terço das 60 da conta)',
  'at most N a minute of them for orders the service does not confirm (default 4)':
    'no máximo N delas por minuto para pedidos que o serviço não confirma (padrão 4)',
  'an order id the service refused is not looked up again for this long, doubling each time (default 30)':
    'um id de pedido recusado pelo serviço não é consultado de novo por esse tempo, que dobra a cada vez (padrão 30)',
  'once: prints the secret path for the dashboard': 'uma vez: mostra o caminho secreto para o painel',
  'prints the chosen port on stderr': 'mostra a porta escolhida no stderr',
  'send a test notification to your endpoint exactly as the service would':
    'envia uma notificação de teste ao seu endpoint exatamente como o serviço faria',
  'endpoint to send it to': 'endpoint de destino',
  'build the payload from this order (GET /api/v2/orders/:id)':
    'monta o payload a partir deste pedido (GET /api/v2/orders/:id)',
  'payload fields to set, as a JSON object (merged over the sample or the order)':
    'campos do payload a definir, como um objeto JSON (mesclado sobre o exemplo ou o pedido)',
  "on failure, resend on the service's schedule: 15 s, 1 min, 5 min, 30 min (5 attempts)":
    'em caso de falha, reenvia no ritmo do serviço: 15 s, 1 min, 5 min, 30 min (5 tentativas)',
  'shorten the retry schedule (0.01 = 100x faster)': 'encurta os intervalos de reenvio (0.01 = 100x mais rápido)',
  'event name (see `svc webhooks events`)': 'nome do evento (veja `svc webhooks events`)',
  'list the events the service sends (spec 6.3, assumption A11) and the order.delivered payload':
    'lista os eventos que o serviço envia (spec 6.3, suposição A11) e o payload de order.delivered',
  'show the payload fields of this event': 'mostra os campos do payload deste evento',
  "call any route of the service with the profile's key (prints the JSON answer)":
    'chama qualquer rota do serviço com a chave do perfil (mostra a resposta JSON)',
  'HTTP method (default: GET, or POST with -f/-F/--input)': 'método HTTP (padrão: GET, ou POST com -f/-F/--input)',
  'a string field of the JSON body (of the query on GET)': 'um campo de texto do corpo JSON (da query no GET)',
  'a JSON field: number, true, false, null, object or array':
    'um campo JSON: número, true, false, null, objeto ou lista',
  'the JSON body from a file (- for stdin)': 'o corpo JSON de um arquivo (- para stdin)',
  "follow every page of a list: one JSON array of every page's data":
    'segue todas as páginas de uma lista: uma só lista JSON com os dados de todas as páginas',
  'reuse the key of an earlier attempt of this v2 write (valid 24 h at the service)':
    'reusa a chave de uma tentativa anterior desta escrita v2 (válida por 24 h no serviço)',
  'a path under /api/v2, /api/v1 or /api/api-keys (or a URL of the same service)':
    'um caminho sob /api/v2, /api/v1 ou /api/api-keys (ou uma URL do mesmo serviço)',
  'A v2 write (POST, PATCH, DELETE under /api/v2) carries an Idempotency-Key made before the first\nattempt; --verbose prints it, --idempotency-key sends it again (the service keeps it 24 h).\nPacing, retries and exit codes are those of every other command; --jq filters the answer.':
    'Uma escrita v2 (POST, PATCH, DELETE sob /api/v2) leva uma Idempotency-Key criada antes da primeira\ntentativa; --verbose a mostra, --idempotency-key a envia de novo (o serviço a guarda por 24 h).\nRitmo, novas tentativas e códigos de saída são os de qualquer outro comando; --jq filtra a resposta.',
  'start a local emulator of the whole service on 127.0.0.1 (no key needed)':
    'inicia um emulador local do serviço inteiro em 127.0.0.1 (sem chave)',
  'loopback address to listen on': 'endereço local onde escutar',
  'keep the state in FILE across restarts': 'guarda o estado em FILE entre reinícios',
  'speed of time for rate windows and webhook retries (0.01 = 100x faster)':
    'velocidade do tempo para janelas de limite e reenvios de webhook (0.01 = 100x mais rápido)',
  'deliver webhook events to URL (up to 5)': 'entrega eventos de webhook em URL (até 5)',
  'v2 requests per minute (default 60; v1 gets half)': 'requisições v2 por minuto (padrão 60; a v1 tem metade)',
  'start empty, without the demo data': 'começa vazio, sem os dados de demonstração',
  'do not write the `sandbox` profile': 'não grava o perfil `sandbox`',
  'prints {"url", "v1Key", "v2Key"} for scripts': 'mostra {"url", "v1Key", "v2Key"} para scripts',
  'simulate a purchase (auto-delivery consumes credentials, webhooks fire)':
    'simula uma compra (a entrega automática consome credenciais, os webhooks disparam)',
  'variant index': 'índice da variante',
  units: 'unidades',
  'a burst of N sales, one after another, stopping when the stock runs out':
    'uma rajada de N vendas, uma após a outra, parando quando o estoque acaba',
  'drain a listing': 'esvazia um anúncio',
  'moderate a listing as the platform would': 'modera um anúncio como a plataforma faria',
  'approve|reject|take-down|reject-permanently': 'approve|reject|take-down|reject-permanently',
  'turn Offline Mode on or off': 'liga ou desliga o Modo Offline',
  state: 'estado',
  'make the next matching request fail (for trying retries and resume)':
    'faz a próxima requisição correspondente falhar (para testar novas tentativas e retomada)',
  'route name, e.g. bulkPrice, addStock': 'nome da rota, ex.: bulkPrice, addStock',
  'HTTP method': 'método HTTP',
  'path contains': 'o caminho contém',
  'status to answer (type status)': 'status da resposta (tipo status)',
  'body to answer (type status)': 'corpo da resposta (tipo status)',
  'delay (type delay)': 'atraso (tipo delay)',
  'how many requests': 'quantas requisições',
  'drop-before|drop-after|delay|status': 'drop-before|drop-after|delay|status',
  'with --init: replace the secret path the profile has (the dashboard URL must then be changed)':
    'com --init: substitui o caminho secreto do perfil (a URL no painel precisa então ser trocada)',
  'notifications one sender address may have waiting for confirmation; past it, 429 (default 2000)':
    'notificações que um endereço remetente pode ter aguardando confirmação; além disso, 429 (padrão 2000)',
  'connections one sender address may hold open; past it, closed at once (default 32)':
    'conexões que um endereço remetente pode manter abertas; além disso, fechadas na hora (padrão 32)',
  'behind a reverse proxy: believe X-Forwarded-For only from these addresses or subnets (e.g. 127.0.0.1,10.0.0.0/8)':
    'atrás de um proxy reverso: só acredita em X-Forwarded-For vindo destes endereços ou sub-redes (ex.: 127.0.0.1,10.0.0.0/8)',
  'catch up on missed sales from the orders list this often (default 5m; off: only at start, never with --no-confirm)':
    'recupera as vendas perdidas pela lista de pedidos com esta frequência (padrão 5m; off: só ao iniciar, nunca com --no-confirm)',
  "v2 requests per minute (default 60; v1 gets half); the day limits stay the spec's (5000 v2, 3000 v1)":
    'requisições v2 por minuto (padrão 60; a v1 recebe metade); os limites diários ficam os da spec (5000 v2, 3000 v1)',
};
