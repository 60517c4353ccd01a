// Texts the end-to-end suite's marked run (SVC_LANG_MARKS, src/i18n/marks.ts) found outside the
// catalogue: each is said in Portuguese here. `{name}` is a value, as everywhere.
export const MESSAGES_COVERAGE: Record<string, string> = {
  // commander's own headings and notes in --help (src/cli/shared/help-language.ts)
  'Usage: ': 'Uso: ',
  'Options:': 'Opções:',
  'Global Options:': 'Opções globais:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'default:': 'padrão:',
  'choices:': 'opções:',
  "error: option '{option}' argument '{value}' is invalid. Allowed choices are {choices}.":
    "erro: a opção '{option}' não aceita o valor '{value}'. Valores aceitos: {choices}.",
  "error: command-argument value '{value}' is invalid for argument '{name}'. Allowed choices are {choices}.":
    "erro: o valor '{value}' não é aceito no argumento '{name}'. Valores aceitos: {choices}.",

  // keys: where a stored key lives (src/cli/auth/login.ts, src/config/key-store.ts)
  '{why}: the key is stored in the config file {path} (mode 0600)':
    '{why}: a chave fica guardada no arquivo de configuração {path} (modo 0600)',
  'no OS keyring available (the {ring} did not answer)':
    'nenhum chaveiro do sistema disponível (o {ring} não respondeu)',
  'no OS keyring': 'sem chaveiro do sistema',
  'SVC_KEYRING=off': 'SVC_KEYRING=off',

  // stock, pools and jobs
  'the pool secret was made in the state folder ({dir}): keep that folder between runs, or set {env}; without it svc cannot recognise what it uploaded before':
    'o segredo do pool foi criado na pasta de estado ({dir}): mantenha essa pasta entre as execuções, ou defina {env}; sem ele o svc não reconhece o que enviou antes',
  'pool {name} is running low: {n} entries left': 'o pool {name} está acabando: restam {n} entradas',
  'pool {name} ran out: {sent} sent of the {needed} needed to reach {target}; add entries to the pool':
    'o pool {name} acabou: {sent} enviadas das {needed} necessárias para chegar a {target}; adicione entradas ao pool',
  'pool {name} would run out: {n} of the {needed} needed': 'o pool {name} acabaria: {n} das {needed} necessárias',
  'the {what} is at or close to its limit of {n} credentials':
    '{what} está no limite de {n} credenciais, ou perto dele',
  'listing {id} variant {index}': 'o anúncio {id}, variante {index}',
  'report: {path}': 'relatório: {path}',
  'resuming job {id}': 'retomando o job {id}',
  'resume with: {command}': 'retome com: {command}',
  'the job stopped; nothing is lost. resume with: {command}': 'o job parou; nada se perdeu. retome com: {command}',
  'interrupted after {done} of {total} items': 'interrompido depois de {done} de {total} itens',
  'another job is writing to {target} (process {pid})': 'outro job está escrevendo em {target} (processo {pid})',
  'wait for it to finish (two imports at once could upload the same credentials twice), then run this one again':
    'espere ele terminar (duas importações ao mesmo tempo poderiam enviar as mesmas credenciais duas vezes) e rode esta de novo',
  'job {id} is running in process {pid}': 'o job {id} está rodando no processo {pid}',
  'wait for it to finish, or stop that process (its journal keeps what it did) and resume':
    'espere ele terminar, ou pare esse processo (o diário guarda o que ele fez) e retome',
  '{title}: chunk {done}/{chunks}, {items}/{total} items, {failed} failed, ETA {eta}':
    '{title}: lote {done}/{chunks}, {items}/{total} itens, {failed} com falha, faltam {eta}',
  'waiting for the refill running in process {pid}': 'esperando a reposição que roda no processo {pid}',
  'the ledger of this account had no uploads; {n} entries svc uploaded were found sold in {sales} sales and are recorded (rebuilt from the orders)':
    'o registro desta conta não tinha envios; {n} entradas enviadas pelo svc foram encontradas vendidas em {sales} vendas e foram registradas (refeito a partir dos pedidos)',
  'restore the state folder (SVC_STATE_DIR) of the runs that uploaded them; or, if those listings hold no entry of this pool, run again with --accept-rebuilt-ledger':
    'restaure a pasta de estado (SVC_STATE_DIR) das execuções que as enviaram; ou, se esses anúncios não têm nenhuma entrada deste pool, rode de novo com --accept-rebuilt-ledger',
  'chunk {n} was first sent at {at}, more than {h} h ago: the service may have forgotten its idempotency key (spec 4.1.2) and would add it again; it was not resent':
    'o lote {n} foi enviado pela primeira vez em {at}, há mais de {h} h: o serviço pode ter esquecido a chave de idempotência (spec 4.1.2) e o adicionaria de novo; ele não foi reenviado',
  'the listing sold {n} since then and svc cannot tell whether they came from this chunk: see `svc stock status` and `svc orders list --from {from}`, then add what is missing as a new import':
    'o anúncio vendeu {n} desde então e o svc não sabe se vieram deste lote: veja `svc stock status` e `svc orders list --from {from}`, depois adicione o que falta como uma importação nova',
  '{what} holds {held}; with the {n} credentials of the file that is over {max} unless the service already holds {dup} of them (dedupe skip); a chunk that would pass the limit is refused (TOO_MANY_CREDENTIALS)':
    '{what} tem {held}; com as {n} credenciais do arquivo passa de {max}, a menos que o serviço já tenha {dup} delas (ignoradas como duplicadas); um lote que passaria do limite é recusado (TOO_MANY_CREDENTIALS)',
  '{n} credential trimmed of leading/trailing whitespace (--keep-whitespace sends them as written)':
    '{n} credencial com espaços no início ou no fim removidos (--keep-whitespace envia como está escrito)',
  '{n} credentials trimmed of leading/trailing whitespace (--keep-whitespace sends them as written)':
    '{n} credenciais com espaços no início ou no fim removidos (--keep-whitespace envia como está escrito)',
  'credential contains an invisible zero-width character (U+{code}) at character {at}: remove it, or pass --keep-whitespace to send it as written':
    'a credencial contém um caractere invisível de largura zero (U+{code}) na posição {at}: remova-o, ou use --keep-whitespace para enviar como está escrita',
  'duplicate of line {n} (id {id} appears twice)': 'duplicada da linha {n} (o id {id} aparece duas vezes)',
  'no listing {id} among your listings': 'nenhum anúncio {id} entre os seus anúncios',
  'see them with `svc stock status` or `svc products list`': 'veja-os com `svc stock status` ou `svc products list`',
  'see them with `svc products variants {id}`': 'veja-as com `svc products variants {id}`',
  'listing {id} has variants: say which with --variant INDEX':
    'o anúncio {id} tem variantes: diga qual com --variant INDEX',
  'stdin looks like CSV (a credential header, or rows of credential, ref and cost): nothing was sent':
    'a entrada padrão parece CSV (um cabeçalho credential, ou linhas de credencial, ref e custo): nada foi enviado',
  'add --format csv (or --format lines if each line really is one credential)':
    'adicione --format csv (ou --format lines se cada linha for mesmo uma credencial)',

  // listings and prices
  'listing {id} created': 'anúncio {id} criado',
  'listing {id} created; it is under review until the platform approves it':
    'anúncio {id} criado; fica em análise até a plataforma aprovar',
  '{n} credentials in all variants together; at most {max} in one creation (TOO_MANY_CREDENTIALS)':
    '{n} credenciais somando todas as variantes; no máximo {max} numa criação (TOO_MANY_CREDENTIALS)',
  'listing {id} has variants: its price changes only per variant (spec 4.2)':
    'o anúncio {id} tem variantes: o preço muda só por variante (spec 4.2)',
  'use `svc products variants set {id} --index N --price P`':
    'use `svc products variants set {id} --index N --price P`',
  '{what}: {items}, {ok} applied, {unchanged} unchanged, {failed} refused, {requests}':
    '{what}: {items}, {ok} aplicados, {unchanged} sem mudança, {failed} recusados, {requests}',
  'listing {id}: {variants}, {ok} applied, {unchanged} unchanged, {failed} refused, {requests}':
    'anúncio {id}: {variants}, {ok} aplicadas, {unchanged} sem mudança, {failed} recusadas, {requests}',
  '{subject} is above the maximum of {max}': '{subject} passa do máximo de {max}',
  '{subject} must be greater than 0': '{subject} precisa ser maior que 0',
  '{subject} has more than 2 decimals (not whole cents)':
    '{subject} tem mais de 2 casas decimais (não são centavos inteiros)',
  'price "{value}"': 'preço "{value}"',
  'send a price at or above the floor, or --floor-mode raise':
    'envie um preço no piso ou acima dele, ou use --floor-mode raise',
  'price {price} is below the floor {floor} ({why})': 'o preço {price} está abaixo do piso {floor} ({why})',
  'catalog minimum {min}': 'mínimo do catálogo {min}',
  '{n} row raised to the floor (--floor-mode raise)': '{n} linha elevada ao piso (--floor-mode raise)',
  '{n} rows raised to the floor (--floor-mode raise)': '{n} linhas elevadas ao piso (--floor-mode raise)',
  "unknown listing {id} (not one of this account's listings)":
    'anúncio {id} desconhecido (não é um dos anúncios desta conta)',
  'unknown game {game} (not in GET /api/v2/catalog/games)':
    'jogo {game} desconhecido (não está em GET /api/v2/catalog/games)',
  'latest upload: {file} moved or changed since': 'último envio: {file} foi movido ou mudou desde então',
  'products bulk-status needs a v2 key (closed beta, request one through support)':
    'products bulk-status precisa de uma chave v2 (beta fechado, peça uma ao suporte)',

  // answers of the service that svc could not use (src/api/errors.ts)
  'the service (or a proxy in front of it) did not answer in the documented shape; check --base-url, and report it to the service if it persists':
    'o serviço (ou um proxy na frente dele) não respondeu no formato documentado; confira --base-url e relate ao serviço se continuar',
  'the service answered {where}, but field {field} is a string, expected a number':
    'o serviço respondeu {where}, mas o campo {field} é um texto, e deveria ser um número',
  'the service answered {where}, but field {field} is missing':
    'o serviço respondeu {where}, mas falta o campo {field}',
  'the service answered {where}, but the answer is an array, expected a JSON object (A1 envelope)':
    'o serviço respondeu {where}, mas a resposta é uma lista, e deveria ser um objeto JSON (envelope A1)',
  'the service answered {where}, but the answer is larger than {size}':
    'o serviço respondeu {where}, mas a resposta é maior que {size}',
  'the service says {where} has {pages} pages ({rows} rows); --all reads at most {max} pages ({maxRows} rows)':
    'o serviço diz que {where} tem {pages} páginas ({rows} linhas); --all lê no máximo {max} páginas ({maxRows} linhas)',
  'narrow the list with its filters (--status, --from/--to, …) or read part of it with --limit / --page':
    'reduza a lista com os filtros (--status, --from/--to, …) ou leia uma parte com --limit / --page',
  'no answer within {s} s (gave up after {attempts})': 'sem resposta em {s} s (desistiu depois de {attempts})',
  'no answer within {s} s': 'sem resposta em {s} s',
  'connection refused (is the service, or `svc sandbox`, running?)':
    'conexão recusada (o serviço, ou o `svc sandbox`, está rodando?)',
  'connection refused (is the service, or `svc sandbox`, running?) (gave up after {attempts})':
    'conexão recusada (o serviço, ou o `svc sandbox`, está rodando?) (desistiu depois de {attempts})',

  // the base URL (src/api/base-url.ts)
  '{from} has no scheme (add http:// or https://)': '{from} não tem esquema (adicione http:// ou https://)',
  '{from} has no scheme (add http:// or https://) (use a URL like https://host or {example})':
    '{from} não tem esquema (adicione http:// ou https://) (use uma URL como https://host ou {example})',
  '{from} has the scheme "{scheme}"; only http and https are used (use a URL like https://host or {example})':
    '{from} tem o esquema "{scheme}"; só http e https são usados (use uma URL como https://host ou {example})',
  '{from} has no host (use a URL like https://host or {example})':
    '{from} não tem host (use uma URL como https://host ou {example})',
  '{from} holds a user name or password; the API key is the only credential (use a URL like https://host or {example})':
    '{from} tem usuário ou senha; a chave da API é a única credencial (use uma URL como https://host ou {example})',
  'use a URL like https://marketplace.example or {example}':
    'use uma URL como https://marketplace.example ou {example}',

  // orders and the orders mirror
  'the orders mirror {file} is made again from the service':
    'o espelho de pedidos {file} é refeito a partir do serviço',
  'the orders mirror {file} cannot be read ({why}); it is rebuilt from the service':
    'o espelho de pedidos {file} não pode ser lido ({why}); ele é refeito a partir do serviço',
  'the orders mirror {file} holds the orders of {mirrored}, and the key in use is of {now}: svc does not mix them':
    'o espelho de pedidos {file} tem os pedidos de {mirrored}, e a chave em uso é de {now}: o svc não mistura os dois',
  'use another profile (or SVC_STATE_DIR) for that account, or run `svc orders sync --rebuild` to start this mirror again':
    'use outro perfil (ou SVC_STATE_DIR) para essa conta, ou rode `svc orders sync --rebuild` para começar este espelho de novo',
  'the orders mirror of profile "{name}" was made from {there}, and this run talks to {here}: svc does not mix them':
    'o espelho de pedidos do perfil "{name}" foi feito a partir de {there}, e esta execução fala com {here}: o svc não mistura os dois',
  'use another profile (or SVC_STATE_DIR) for that service, or run `svc orders sync --rebuild` to start this mirror again from {here}':
    'use outro perfil (ou SVC_STATE_DIR) para esse serviço, ou rode `svc orders sync --rebuild` para começar este espelho de novo a partir de {here}',
  'the service says the orders list has {n} pages; a sync of the orders mirror reads at most {max} pages at a time':
    'o serviço diz que a lista de pedidos tem {n} páginas; uma sincronização do espelho de pedidos lê no máximo {max} páginas por vez',
  'narrow the list: check the base URL points at the service, or run `svc orders sync` again to go on from where it stopped':
    'reduza a lista: confira se a URL base aponta para o serviço, ou rode `svc orders sync` de novo para continuar de onde parou',
  'waiting for the sync of the orders mirror in process {pid}':
    'esperando a sincronização do espelho de pedidos no processo {pid}',
  'orders mirror: {requests}, {read} orders read, {added} new, {total} held (whole history read)':
    'espelho de pedidos: {requests}, {read} pedidos lidos, {added} novos, {total} guardados (histórico inteiro lido)',
  'orders mirror: {requests}, {read} orders read, {added} new, {total} held':
    'espelho de pedidos: {requests}, {read} pedidos lidos, {added} novos, {total} guardados',
  'stock status: {n} requests ({pages} pages of listings, {sync} to sync the orders mirror; sales since {from} summed from it), none per listing':
    'stock status: {n} requisições ({pages} páginas de anúncios, {sync} para sincronizar o espelho de pedidos; vendas desde {from} somadas a partir dele), nenhuma por anúncio',
  'stock status: {n} requests ({pages} page of listings, {sync} to sync the orders mirror; sales since {from} summed from it), none per listing':
    'stock status: {n} requisições ({pages} página de anúncios, {sync} para sincronizar o espelho de pedidos; vendas desde {from} somadas a partir dele), nenhuma por anúncio',
  '{option} must be an ISO 8601 date like 2026-11-01 or 2026-11-01T12:00:00Z':
    '{option} precisa ser uma data ISO 8601 como 2026-11-01 ou 2026-11-01T12:00:00Z',
  '--from {from} is after --to {to}': '--from {from} é depois de --to {to}',
  'swap the two dates': 'troque as duas datas',
  'no order with this id or code among your sales and purchases: see `svc orders list`':
    'nenhum pedido com este id ou código entre suas vendas e compras: veja `svc orders list`',
  '"{ref}" is neither an order id nor an order code': '"{ref}" não é um id nem um código de pedido',
  'pass the numeric id or the code, e.g. `svc orders get ORD-5001`':
    'passe o id numérico ou o código, por exemplo `svc orders get ORD-5001`',

  // keys
  'this is the only time the key is shown: store it now (`svc auth login` reads it from stdin), or use --save next time':
    'esta é a única vez que a chave aparece: guarde-a agora (`svc auth login` a lê da entrada padrão), ou use --save da próxima vez',
  'this is the {version} key svc is using now ({source}): commands will fail with it once it is revoked':
    'esta é a chave {version} que o svc está usando agora ({source}): os comandos vão falhar com ela depois de revogada',
  'v2 keys need at least one --scope': 'chaves v2 precisam de pelo menos um --scope',
  'scopes: {scopes}; see `svc keys create --help`': 'escopos: {scopes}; veja `svc keys create --help`',
  'the {version} key in use comes from SVC_API_KEY: rotate replaces a key stored in a profile':
    'a chave {version} em uso vem de SVC_API_KEY: rotate substitui uma chave guardada num perfil',
  'create a new key with `svc keys create --save PROFILE`, or unset SVC_API_KEY to rotate the stored one':
    'crie uma chave nova com `svc keys create --save PROFILE`, ou remova SVC_API_KEY para trocar a guardada',
  'create a scoped key for the assistant (`svc keys create --name assistant --version v2 --scope products:read --scope orders:read --save assistant`) and start `svc mcp --profile assistant`, or pass --allow-full-key':
    'crie uma chave com escopos para o assistente (`svc keys create --name assistant --version v2 --scope products:read --scope orders:read --save assistant`) e inicie `svc mcp --profile assistant`, ou use --allow-full-key',

  // questions, reviews, mediations
  'answer to question {id} published': 'resposta à pergunta {id} publicada',
  'the service accepted the answer to question {id} but returned the question as "{status}", not answered: check with `svc questions get {id}`':
    'o serviço aceitou a resposta à pergunta {id}, mas devolveu a pergunta como "{status}", não respondida: confira com `svc questions get {id}`',
  'no question with this id on your listings: see `svc questions list`':
    'nenhuma pergunta com este id nos seus anúncios: veja `svc questions list`',
  'give the answer with --text TEXT or --file FILE (one of them)':
    'dê a resposta com --text TEXTO ou --file ARQUIVO (um dos dois)',
  'question {id} already has an answer, so nothing was resent; see it with `svc questions get {id}`':
    'a pergunta {id} já tem resposta, então nada foi reenviado; veja-a com `svc questions get {id}`',
  'the listing of question {id} is paused, inactive, under review or deleted: answer once it is active again':
    'o anúncio da pergunta {id} está pausado, inativo, em análise ou excluído: responda quando estiver ativo de novo',
  'at most 5 answers a minute and 20 an hour: wait, then run the command again (without --no-wait svc waits by itself)':
    'no máximo 5 respostas por minuto e 20 por hora: espere e rode o comando de novo (sem --no-wait o svc espera sozinho)',
  'no question {id} on your listings: see `svc questions list --status unanswered`':
    'nenhuma pergunta {id} nos seus anúncios: veja `svc questions list --status unanswered`',
  '`svc questions inbox` is interactive and needs a terminal (stdin and stdout a TTY, CI not set)':
    '`svc questions inbox` é interativo e precisa de um terminal (stdin e stdout num TTY, sem CI definido)',
  'in scripts, list with `svc questions list --status unanswered` and answer with `svc questions answer ID --text "..."`':
    'em scripts, liste com `svc questions list --status unanswered` e responda com `svc questions answer ID --text "..."`',
  "review {id} not found: it does not exist or it is another seller's review":
    'avaliação {id} não encontrada: ela não existe ou é de outro vendedor',
  'list the reviews you can contest with `svc reviews list`':
    'liste as avaliações que você pode contestar com `svc reviews list`',
  'review {id} contested': 'avaliação {id} contestada',
  'the reason is empty': 'o motivo está vazio',
  'say why the review should be reconsidered': 'diga por que a avaliação deve ser reconsiderada',
  'order {id} has no mediation, or is not one of your sales: see `svc mediations list`':
    'o pedido {id} não tem mediação, ou não é uma das suas vendas: veja `svc mediations list`',

  // the sandbox
  'press Ctrl-C to stop': 'pressione Ctrl-C para parar',
  'sandbox stopped': 'sandbox parado',
  'profile "sandbox" written: try `svc --profile sandbox products list`':
    'perfil "sandbox" gravado: experimente `svc --profile sandbox products list`',
  'the sandbox listens on the loopback interface only': 'o sandbox escuta só na interface de loopback',
  'use --host 127.0.0.1 (the default)': 'use --host 127.0.0.1 (o padrão)',
  'port {port} on {host} is already in use': 'a porta {port} em {host} já está em uso',
  'pick another with --port N, or --port 0 for a free one': 'escolha outra com --port N, ou --port 0 para uma livre',
  'pick another with --port, or --port 0 for a free one': 'escolha outra com --port, ou --port 0 para uma livre',
  '{n} of {wanted} sales made ({units} units)': '{n} de {wanted} vendas feitas ({units} unidades)',
  '{n} of {wanted} sales made ({units} units); stopped: {why}':
    '{n} de {wanted} vendas feitas ({units} unidades); parou: {why}',
  'only {n} in stock': 'só {n} em estoque',

  // webhooks
  'secret webhook path stored in profile "{name}"; it is not shown again.':
    'caminho secreto do webhook guardado no perfil "{name}"; ele não aparece de novo.',
  'set your webhook URL in the seller dashboard (API/DEV settings) to https://YOUR-HOST<the path above>, then run `svc webhooks listen`':
    'defina a URL do webhook no painel do vendedor (configurações API/DEV) como https://SEU-HOST<o caminho acima> e rode `svc webhooks listen`',
  'change the webhook URL in the seller dashboard (API/DEV settings) from {old} to https://YOUR-HOST<the path above>: until then every notification gets 404, and the service gives up after 5 attempts (spec 6.2.2)':
    'troque a URL do webhook no painel do vendedor (configurações API/DEV) de {old} para https://SEU-HOST<o caminho acima>: até lá toda notificação recebe 404, e o serviço desiste depois de 5 tentativas (spec 6.2.2)',
  'attempt {n}: delivered ({status}, {ms} ms)': 'tentativa {n}: entregue ({status}, {ms} ms)',
  'attempt {n}: failed ({status}, {ms} ms) {error}': 'tentativa {n}: falhou ({status}, {ms} ms) {error}',
  'attempt {n}: failed ({status}, {ms} ms) {error}; next attempt in {s} s':
    'tentativa {n}: falhou ({status}, {ms} ms) {error}; próxima tentativa em {s} s',
  'answered {status}, not 2xx': 'respondeu {status}, não 2xx',
  '{url} did not accept {event} (1 attempt)': '{url} não aceitou {event} (1 tentativa)',
  '{url} did not accept {event} ({n} attempts)': '{url} não aceitou {event} ({n} tentativas)',
  "add --retry to resend on the service's schedule (15 s, 1 min, 5 min, 30 min)":
    'adicione --retry para reenviar no calendário do serviço (15 s, 1 min, 5 min, 30 min)',
  'another `svc webhooks listen` (pid {pid}) is using the webhook store in {dir}':
    'outro `svc webhooks listen` (pid {pid}) está usando o armazenamento de webhooks em {dir}',
  'stop that listener, or give this one its own state folder with SVC_STATE_DIR':
    'pare esse receptor, ou dê a este uma pasta de estado própria com SVC_STATE_DIR',

  // notices and channels
  'sample notice sent to {name} ({type})': 'aviso de exemplo enviado para {name} ({type})',
  'sending {n} notice(s)…': 'enviando {n} aviso(s)…',

  // svc api
  'svc: Idempotency-Key: {key} (reuse it with --idempotency-key to retry this write)':
    'svc: Idempotency-Key: {key} (reutilize com --idempotency-key para repetir esta escrita)',
  "svc api reaches the service's API only: a path under {paths}":
    'svc api alcança só a API do serviço: um caminho sob {paths}',

  // shop quota (src/cli/shop/quota.ts)
  "the account's requests for today are spent (seen by svc on this machine): nothing was sent; they reset at {at}":
    'as requisições de hoje da conta acabaram (visto pelo svc nesta máquina): nada foi enviado; elas renovam em {at}',

  // help topics
  'no help topic or command "{name}"': 'nenhum tópico de ajuda ou comando "{name}"',
  'topics: {topics}; commands: see `svc --help`': 'tópicos: {topics}; comandos: veja `svc --help`',
  // second pass of the marked run
  '{why}; the rows shown may not be all of them': '{why}; as linhas mostradas podem não ser todas',
  '{where} answered a full page {page} without pagination (A1): svc cannot tell whether more pages exist and stopped there':
    '{where} respondeu uma página {page} cheia sem paginação (A1): o svc não sabe se há mais páginas e parou ali',
  'page {page} of {where} held {n} rows of the {size} asked for, but the service says there are {pages} pages; svc stopped there':
    'a página {page} de {where} trouxe {n} linhas das {size} pedidas, mas o serviço diz que há {pages} páginas; o svc parou ali',
  '{what} of channel "{name}" stored in the config folder (0600)':
    '{what} do canal "{name}" guardado na pasta de configuração (0600)',
  '{what} of channel "{name}" stored in the OS keyring': '{what} do canal "{name}" guardado no chaveiro do sistema',
  'bot token': 'token do bot',
  'webhook URL': 'URL do webhook',
  'Evolution API key': 'chave da API Evolution',
  'secret of channel "{name}" removed': 'segredo do canal "{name}" removido',
  'pool {file}: {n} entries, {left} left, {sent} sent, {sold} sold, {flight} in flight, {refused} refused':
    'pool {file}: {n} entradas, {left} restantes, {sent} enviadas, {sold} vendidas, {flight} em andamento, {refused} recusadas',
  'pool {file}: {n} entries, {left} left, {sent} sent, {sold} sold, {flight} in flight, {refused} refused, {repeats} lines repeat an earlier credential':
    'pool {file}: {n} entradas, {left} restantes, {sent} enviadas, {sold} vendidas, {flight} em andamento, {refused} recusadas, {repeats} linhas repetem uma credencial anterior',
  'in flight: a refill was interrupted; run the same `svc stock refill` again to finish it':
    'em andamento: uma reposição foi interrompida; rode o mesmo `svc stock refill` de novo para terminá-la',
  'refused: fix what the code says, then `svc stock refill … --retry-refused` sends them again':
    'recusadas: corrija o que o código diz, e `svc stock refill … --retry-refused` as envia de novo',
  'finishing interrupted refill job {id}': 'terminando o job de reposição interrompido {id}',
  '{what}: {held} held, at or above the target of {target}; nothing to send':
    '{what}: {held} em estoque, no alvo de {target} ou acima; nada a enviar',
  'listing {id} has no variant {variant}': 'o anúncio {id} não tem a variante {variant}',
  'job {id} already finished; there is nothing to resume': 'o job {id} já terminou; não há nada a retomar',
  'run the command without --resume to send the file again as a new job':
    'rode o comando sem --resume para enviar o arquivo de novo como um job novo',
  'the answer is empty': 'a resposta está vazia',
  'pass some text to --text': 'passe algum texto para --text',
  'removed the keys of profile "{name}"': 'removidas as chaves do perfil "{name}"',
  'removed profile "{name}"': 'perfil "{name}" removido',
  'backup written to {file}: {config} config file(s), {state} state file(s), {files} included file(s); keep the passphrase apart from it':
    'backup gravado em {file}: {config} arquivo(s) de configuração, {state} arquivo(s) de estado, {files} arquivo(s) incluído(s); guarde a senha longe dele',
  'profile "{name}" has a secret webhook path ({masked}) your dashboard uses; replace it':
    'o perfil "{name}" tem um caminho secreto de webhook ({masked}) que o seu painel usa; substituí-lo',
  "chunk {n} was first sent at {at}, past the service's 24 h: no sale since, so it is sent again under a new key (what the listing holds is skipped)":
    'o lote {n} foi enviado pela primeira vez em {at}, além das 24 h do serviço: nenhuma venda desde então, então ele é reenviado com uma chave nova (o que o anúncio já tem é ignorado)',
  "chunk {n} was first sent at {at}, past the service's 24 h: {sales} sales read, {gone} of its entries sold since are left out, the rest is sent again under a new key (what the listing holds is skipped)":
    'o lote {n} foi enviado pela primeira vez em {at}, além das 24 h do serviço: {sales} vendas lidas, {gone} das suas entradas vendidas desde então ficam de fora, o resto é reenviado com uma chave nova (o que o anúncio já tem é ignorado)',
  'in flight': 'em andamento',
  'fault queued: {type} for the next {n} matching request(s)':
    'falha agendada: {type} para a(s) próxima(s) {n} requisição(ões) que casarem',
  'Examples:': 'Exemplos:',
};
