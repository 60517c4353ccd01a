// The webhook receiver, the shop's notice channels and `notify test`, in Portuguese: the texts
// the marked run of the end-to-end suite still found in English (the words of
// messages-coverage-listener.ts reused: post, armazenamento de webhooks, recuperação).
export const MESSAGES_ESCAPES_LISTENER: Record<string, string> = {
  // why the receiver refused posts, one reason at a time in its summary (`413 too large: 1`)
  'sender over its share': 'remetente acima da sua cota',
  'connection over its address share': 'conexão acima da cota do endereço',
  'store cannot write': 'armazenamento sem poder gravar',
  'wrong path': 'caminho errado',
  'not a POST': 'não é POST',
  'not JSON': 'não é JSON',
  'too large': 'grande demais',
  'unknown event': 'evento desconhecido',
  'header mismatch': 'cabeçalho não confere',
  'invalid payload': 'payload inválido',
  'not a notification': 'não é uma notificação',
  'cannot record the notification: {why}': 'não foi possível registrar a notificação: {why}',
  // a post the receiver rejected (spec 6.1)
  'body is not valid JSON': 'o corpo não é um JSON válido',
  'content-type {type} is not application/json (spec 6.1)': 'content-type {type} não é application/json (spec 6.1)',
  '(none)': '(nenhum)',
  'unknown event "{event}" (see `svc webhooks events`)': 'evento desconhecido "{event}" (veja `svc webhooks events`)',
  'header X-Service-Event (missing) does not match the event (spec 6.1)':
    'o cabeçalho X-Service-Event (ausente) não confere com o evento (spec 6.1)',
  'header X-Service-Event ({value}) does not match the event (spec 6.1)':
    'o cabeçalho X-Service-Event ({value}) não confere com o evento (spec 6.1)',
  'invalid {event} payload: {issues}': 'payload de {event} inválido: {issues}',
  'not a notification {event, timestamp, data} (spec 6.1): {issues}':
    'não é uma notificação {event, timestamp, data} (spec 6.1): {issues}',
  // what a lookup said of a notification (spec 6.2.5, A4)
  'order {id} does not exist or belongs to another seller (404)':
    'o pedido {id} não existe ou é de outro vendedor (404)',
  'listing {id} does not exist or belongs to another seller (404)':
    'o anúncio {id} não existe ou é de outro vendedor (404)',
  'mediation of order {id} does not exist or belongs to another seller (404)':
    'a mediação do pedido {id} não existe ou é de outro vendedor (404)',
  'the mediation of order {id} was opened {at}: not news':
    'a mediação do pedido {id} foi aberta em {at}: não é novidade',
  'the mediation of order {id} is {status}, not open': 'a mediação do pedido {id} está {status}, não aberta',
  'the mediation of order {id} is {status}, not closed': 'a mediação do pedido {id} está {status}, não encerrada',
  'listing {id} has stock: it is not out of stock': 'o anúncio {id} tem estoque: não está sem estoque',
  'listing {id} is {status}: it cannot be {event}': 'o anúncio {id} está {status}: não pode ser {event}',
  'cannot confirm {event} {id}: {why}': 'não foi possível confirmar {event} {id}: {why}',
  '1 attempt': '1 tentativa',
  '{n} attempts': '{n} tentativas',
  // the webhook store (its file under the state folder)
  'the webhook store had 1 unreadable or oversized line':
    'o armazenamento de webhooks tinha 1 linha ilegível ou grande demais',
  'the webhook store had {n} unreadable or oversized lines':
    'o armazenamento de webhooks tinha {n} linhas ilegíveis ou grandes demais',
  'rewritten with the 1 pending delivery it holds': 'regravado com a 1 entrega pendente que guarda',
  'rewritten with the {n} pending deliveries it holds': 'regravado com as {n} entregas pendentes que guarda',
  'the original is kept as {file}': 'o original ficou guardado como {file}',
  'the webhook store can write again ({detail}): accepting notifications again':
    'o armazenamento de webhooks voltou a gravar ({detail}): aceitando notificações de novo',
  'the webhook store can write again ({detail})': 'o armazenamento de webhooks voltou a gravar ({detail})',
  '1 record written': '1 registro gravado',
  '{n} records written': '{n} registros gravados',
  '1 waiting record written': '1 registro em espera gravado',
  '{n} waiting records written': '{n} registros em espera gravados',
  // no comma after the flag's value: it would read as part of the value
  'posts from {peer} carry X-Forwarded-For: if {peer} is your reverse proxy, run with --trust-proxy {peer} or every sender shares its one address and its share of pending posts':
    'os posts de {peer} trazem X-Forwarded-For: se {peer} é o seu proxy reverso, rode com --trust-proxy {peer} ou todos os remetentes dividem um só endereço e a cota dele de posts pendentes',
  // `webhooks trigger` (spec 6.2.3: redirects are not followed)
  'redirect to {url} not followed (spec 6.2.3)': 'redirecionamento para {url} não seguido (spec 6.2.3)',
  'not a valid {event} payload, nothing sent: {issues}': 'payload de {event} inválido, nada enviado: {issues}',
  'see `svc webhooks events {event}`': 'veja `svc webhooks events {event}`',
  // the shop's notice channels and `notify test`
  'sample notice sent to "{name}" ({type})': 'aviso de exemplo enviado para "{name}" ({type})',
  'label:webhook': 'webhook',
  'label:telegram': 'Telegram',
  'label:discord': 'Discord',
  '1 notice queued: {list}': '1 aviso na fila: {list}',
  '{n} notices queued: {list}': '{n} avisos na fila: {list}',
  '1 notice would be sent: {list}': '1 aviso seria enviado: {list}',
  '{n} notices would be sent: {list}': '{n} avisos seriam enviados: {list}',
  '{file}: channel "{name}" has no secret: run `svc notify set-secret {channel} --type {type}`':
    '{file}: o canal "{name}" não tem segredo: rode `svc notify set-secret {channel} --type {type}`',
  '{file}: channel "{name}" has no secret: run `svc notify set-secret {channel} --type {type}` or set {env}':
    '{file}: o canal "{name}" não tem segredo: rode `svc notify set-secret {channel} --type {type}` ou defina {env}',
  'channel "{name}": {detail}': 'canal "{name}": {detail}',
  '{detail}: retrying after {s} s': '{detail}: nova tentativa em {s} s',
  '{detail}: retrying in {s} s': '{detail}: nova tentativa em {s} s',
  // the resident shop (`shop run`): its start, its passes, its stop
  'shop running: {rules}, pass every {s} s; listening on {url} (GET /healthz)':
    'loja rodando: {rules}, passada a cada {s} s; escutando em {url} (GET /healthz)',
  'pass: {summary}': 'passada: {summary}',
  'sale pass: {summary}': 'passada de venda: {summary}',
  'stopping: finishing the pass in flight': 'parando: terminando a passada em andamento',
  'shop stopped': 'loja parada',
  'daily digest sent': 'resumo diário enviado',
  'weekly digest sent': 'resumo semanal enviado',
  'the daily digest failed: {why}; the next one is tomorrow': 'o resumo diário falhou: {why}; o próximo é amanhã',
  'the weekly digest failed: {why}; the next one is tomorrow': 'o resumo semanal falhou: {why}; o próximo é amanhã',
  // the bot's long poll: the API method a code span, Telegram's words quoted as its data
  'Telegram `{method}`: {detail}': 'Telegram `{method}`: {detail}',
  'full pass failed: {why}; the next pass tries again':
    'a passada completa falhou: {why}; a próxima passada tenta de novo',
  'sale pass failed: {why}; the next pass tries again':
    'a passada de venda falhou: {why}; a próxima passada tenta de novo',
  "the account's requests for today are spent (DAILY_LIMIT): they reset in {h} h {min} min":
    'as requisições de hoje da conta acabaram (DAILY_LIMIT): elas voltam em {h} h {min} min',
  'the webhook receiver missed {sales}: the safety-net pass runs up to {n} times as often until it delivers again':
    'o receptor de webhooks perdeu {sales}: a passada de segurança roda até {n} vezes mais seguido até ele voltar a entregar',
  // the pace inside the shop's budget line, a value that starts with a space (read without it)
  'at {pace} sales a day (about {n} requests each)': 'a {pace} vendas por dia (cerca de {n} requisições cada)',
};
