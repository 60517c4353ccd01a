// The webhook listener's texts and the later passes of the end-to-end suite's marked run
// (SVC_LANG_MARKS, src/i18n/marks.ts), in Portuguese: the rest of messages-coverage.ts.
export const MESSAGES_COVERAGE_LISTENER: Record<string, string> = {
  // the webhook listener's stderr (src/cli/webhooks/listen-output.ts, listen.ts)
  'listening on {url} ({mode})': 'escutando em {url} ({mode})',
  'stopping…': 'parando…',
  stopped: 'parado',
  'stopped; {n} pending deliveries kept for the next start':
    'parado; {n} entregas pendentes guardadas para o próximo início',
  'stopped; 1 pending delivery kept for the next start': 'parado; 1 entrega pendente guardada para o próximo início',
  '{n} pending deliveries kept for the next start': '{n} entregas pendentes guardadas para o próximo início',
  '1 pending delivery kept for the next start': '1 entrega pendente guardada para o próximo início',
  'resuming {n} pending deliveries from the last run': 'retomando {n} entregas pendentes da última execução',
  'resuming 1 pending delivery from the last run': 'retomando 1 entrega pendente da última execução',
  'order {id}': 'pedido {id}',
  '(retry in {s} s)': '(nova tentativa em {s} s)',
  'status {status}': 'status {status}',
  'label:dropped': 'descartado',
  'label:rejected': 'recusado',
  'label:failed': 'falhou',
  'label:limited': 'limitado',
  'label:stuck': 'travado',
  'body of {n} bytes is over the {max}-byte limit': 'corpo de {n} bytes passa do limite de {max} bytes',
  'body is over the {max}-byte limit': 'o corpo passa do limite de {max} bytes',
  'method {method} not allowed: notifications are POSTed (spec 6.1)':
    'método {method} não permitido: notificações chegam por POST (spec 6.1)',
  'not found': 'não encontrado',
  'not recorded, send it again later: {why}': 'não registrado, envie de novo mais tarde: {why}',
  'the webhook store cannot write ({why})': 'o armazenamento de webhooks não consegue gravar ({why})',
  'the webhook store cannot write ({why}): new notifications get 503 until there is room; steps already done stay done':
    'o armazenamento de webhooks não consegue gravar ({why}): notificações novas recebem 503 até haver espaço; etapas já feitas continuam feitas',
  '{what} {id} does not exist or belongs to another seller (404)':
    '{what} {id} não existe ou é de outro vendedor (404)',
  '{detail}; tried again later': '{detail}; nova tentativa mais tarde',
  'order {id} was created {at}: not a new sale': 'o pedido {id} foi criado em {at}: não é uma venda nova',
  'sender {address} limited: {why}': 'remetente {address} limitado: {why}',
  '{n} posts wait for confirmation, its share (--max-pending-per-address)':
    '{n} posts aguardam confirmação, a cota dele (--max-pending-per-address)',
  '{n} connections open, over its share of {max} (--max-connections-per-address)':
    '{n} conexões abertas, acima da cota de {max} (--max-connections-per-address)',
  'catch-up: {why}; tried again in {s} s': 'recuperação: {why}; nova tentativa em {s} s',
  'target answered {status}': 'o destino respondeu {status}',
  'refused {n} posts': '{n} posts recusados',
  'refused 1 post': '1 post recusado',
  'refused {n} posts ({why})': '{n} posts recusados ({why})',
  'refused 1 post ({why})': '1 post recusado ({why})',
  '{ok} confirmed, {refused} not confirmed by the service': '{ok} confirmados, {refused} não confirmados pelo serviço',
  '{n} lookups ({pages} list pages; {none} confirmed nothing, budget {budget}/min)':
    '{n} consultas ({pages} páginas de lista; {none} não confirmaram nada, cota {budget}/min)',
  '{n} lookups ({pages} list page; {none} confirmed nothing, budget {budget}/min)':
    '{n} consultas ({pages} página de lista; {none} não confirmaram nada, cota {budget}/min)',
  '{n} lookup ({pages} list pages; {none} confirmed nothing, budget {budget}/min)':
    '{n} consulta ({pages} páginas de lista; {none} não confirmaram nada, cota {budget}/min)',
  '{n} lookup ({pages} list page; {none} confirmed nothing, budget {budget}/min)':
    '{n} consulta ({pages} página de lista; {none} não confirmaram nada, cota {budget}/min)',
  '{n} awaiting confirmation': '{n} aguardando confirmação',
  'log only': 'só registro',
  'exec handler': 'comando --exec',
  // `FILE:LINE: problem` lines (each problem with its place, as the other entries of the catalogue)
  '{file}:{line}: duplicate of line {n} (id {id} appears twice)':
    '{file}:{line}: duplicada da linha {n} (o id {id} aparece duas vezes)',
  '{file}:{line}: price "{v}" is above the maximum of {max}': '{file}:{line}: o preço "{v}" passa do máximo de {max}',
  '{file}:{line}: price "{v}" must be greater than 0': '{file}:{line}: o preço "{v}" precisa ser maior que 0',
  '{file}:{line}: price "{v}" has more than 2 decimals (not whole cents)':
    '{file}:{line}: o preço "{v}" tem mais de 2 casas decimais (não são centavos inteiros)',
  '{file}:{line}: credential contains an invisible zero-width character (U+{code}) at character {at}: remove it, or pass --keep-whitespace to send it as written':
    '{file}:{line}: a credencial contém um caractere invisível de largura zero (U+{code}) na posição {at}: remova-o, ou use --keep-whitespace para enviar como está escrita',
  "{file}:{line}: unknown listing {id} (not one of this account's listings)":
    '{file}:{line}: anúncio {id} desconhecido (não é um dos anúncios desta conta)',
  '{file}:{line}: unknown game {game} (not in GET /api/v2/catalog/games)':
    '{file}:{line}: jogo {game} desconhecido (não está em GET /api/v2/catalog/games)',
  '{file}:{line}: listing {id} has no variant {variant}': '{file}:{line}: o anúncio {id} não tem a variante {variant}',
  '{file}:{line}: no rows after the header': '{file}:{line}: nenhuma linha depois do cabeçalho',
  '{file}:{line}: contains a NUL byte (is this a text file?)':
    '{file}:{line}: contém um byte NUL (é um arquivo de texto?)',
  '{file}:{line}: not valid JSON': '{file}:{line}: não é um JSON válido',
  'orders mirror: {requests}, {read} orders read, {added} new, {total} held (resumed)':
    'espelho de pedidos: {requests}, {read} pedidos lidos, {added} novos, {total} guardados (retomado)',
  'orders mirror: {requests}, {read} orders read, {added} new, {total} held (whole history read) (resumed)':
    'espelho de pedidos: {requests}, {read} pedidos lidos, {added} novos, {total} guardados (histórico inteiro lido) (retomado)',
  '{flag} needs a threshold': '{flag} precisa de um limite',
  'add --below N (credentials) or --days D (days of stock left)':
    'adicione --below N (credenciais) ou --days D (dias de estoque restantes)',
  'confirming order events (≤ {n}/min, {u}/min for unknown orders)':
    'confirmando eventos de pedido (≤ {n}/min, {u}/min para pedidos desconhecidos)',
  'not confirming': 'sem confirmar',
  'events {list}': 'eventos {list}',
  'forward to {url}': 'repassando para {url}',
  'catch-up: first start in this state folder: sales from now on are caught up if missed (nothing older is replayed)':
    'recuperação: primeiro início nesta pasta de estado: vendas daqui em diante são recuperadas se perdidas (nada mais antigo é reenviado)',
  'catch-up done: {handed} handed on, {live} already handed live, {stuck} stuck, since {since}':
    'recuperação feita: {handed} repassadas, {live} já repassadas ao vivo, {stuck} travadas, desde {since}',
  // a process id svc could not read, as a value of a message (`process (unknown)`)
  '(unknown)': '(desconhecido)',
  '--jq works on json output, not -o {format}': '--jq trabalha com saída json, não com -o {format}',
  'drop -o, or use -o json': 'tire o -o, ou use -o json',
};
