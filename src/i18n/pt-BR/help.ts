// pt-BR of the command tree's help: descriptions, options, arguments, example comments and
// the texts after the options (issue 27). Keyed by the English text exactly as written in the
// verb; test/i18n/catalogue.test.ts fails on a --help line left in English.
export const HELP: Record<string, string> = {
  'Command-line tool for verified sellers of the marketplace: listings, bulk price and stock jobs, orders, reviews, questions, webhooks, and a local sandbox.':
    'Ferramenta de linha de comando para vendedores verificados do marketplace: anúncios, preços e estoque em lote, pedidos, avaliações, perguntas, webhooks e um sandbox local.',
  'print the version': 'mostra a versão',
  'show help': 'mostra a ajuda',
  'config profile to use (env SVC_PROFILE)': 'perfil de configuração a usar (env SVC_PROFILE)',
  'service base URL, overrides the profile (env SVC_BASE_URL)':
    'URL base do serviço, substitui a do perfil (env SVC_BASE_URL)',
  'API version for commands in both v1 and v2 (default: v2 when a v2 key is available)':
    'versão da API para comandos que existem na v1 e na v2 (padrão: v2 quando há uma chave v2)',
  'table|json|jsonl|csv|tsv (default: table on a terminal, tsv when piped)':
    'table|json|jsonl|csv|tsv (padrão: table no terminal, tsv num pipe)',
  'same as -o json': 'o mesmo que -o json',
  'filter the json result with a jq expression (whole result, all pages joined)':
    'filtra o resultado json com uma expressão jq (o resultado inteiro, todas as páginas juntas)',
  'only errors on stderr': 'só erros no stderr',
  'one line per HTTP request on stderr (never a key)': 'uma linha por requisição HTTP no stderr (nunca uma chave)',
  'no ANSI colours or bold (also NO_COLOR, TERM=dumb)': 'sem cores ANSI nem negrito (também NO_COLOR, TERM=dumb)',
  'tables: every column whole, even wider than the terminal':
    'tabelas: todas as colunas inteiras, mesmo mais largas que o terminal',
  'answer yes to confirmations': 'responde sim às confirmações',
  'on writes: validate and print the plan, send nothing': 'em escritas: valida e mostra o plano, não envia nada',
  'per-request timeout in seconds (default 30)': 'tempo limite por requisição, em segundos (padrão 30)',
  'fail with exit 5 instead of waiting when the rate limit is spent':
    'falha com saída 5 em vez de esperar quando o limite de requisições acabou',
  'a local emulator of the service, no key needed': 'um emulador local do serviço, sem chave',
  'Environment: SVC_API_KEY, SVC_PROFILE, SVC_BASE_URL, SVC_CONFIG_DIR, SVC_STATE_DIR, NO_COLOR (see `svc help environment`).':
    'Ambiente: SVC_API_KEY, SVC_PROFILE, SVC_BASE_URL, SVC_CONFIG_DIR, SVC_STATE_DIR, SVC_LANG, NO_COLOR (veja `svc help environment`).',
  'Exit codes: 0 ok, 1 refused/failed, 2 usage or bad input (nothing sent), 3 some items refused, 4 auth, 5 rate limit with --no-wait, 130 interrupted (see `svc help exit-codes`).':
    'Códigos de saída: 0 ok, 1 recusado/falhou, 2 uso ou entrada inválida (nada enviado), 3 alguns itens recusados, 4 autenticação, 5 limite de requisições com --no-wait, 130 interrompido (veja `svc help exit-codes`).',
  'Input files: `svc help formats`. Shell completion: `svc completion bash|zsh|fish`.':
    'Arquivos de entrada: `svc help formats`. Autocompletar no shell: `svc completion bash|zsh|fish`.',
  'log in, show and manage profiles and their keys': 'entra, mostra e gerencia perfis e suas chaves',
  'store an API key in a profile, after checking it against the service':
    'guarda uma chave de API num perfil, depois de conferi-la com o serviço',
  'use the /api/service prefix for v1 routes instead of /api/v1':
    'usa o prefixo /api/service nas rotas v1 em vez de /api/v1',
  'make this profile the default one': 'torna este perfil o padrão',
  'asks for the key, hidden': 'pede a chave, sem mostrá-la',
  'show the profile in use and its keys (masked), with their age':
    'mostra o perfil em uso e suas chaves (mascaradas), com a idade de cada uma',
  'also check each key against the service': 'também confere cada chave com o serviço',
  "remove the profile's stored keys": 'remove as chaves guardadas do perfil',
  'remove the whole profile, base URL included': 'remove o perfil inteiro, inclusive a URL base',
  'list the profiles': 'lista os perfis',
  'make a profile the default one': 'torna um perfil o padrão',
  'profile name': 'nome do perfil',
  'who the v2 key belongs to, its scopes and age': 'de quem é a chave v2, seus escopos e idade',
  'requests used and left in this minute and this day': 'requisições usadas e restantes neste minuto e neste dia',
  "the service's limits, and what is left of the rate limit now":
    'os limites do serviço e o que resta agora do limite de requisições',
  'only the table; do not ask the service for the live state': 'só a tabela; não consulta o estado atual no serviço',
  'available, pending and blocked balance': 'saldo disponível, pendente e bloqueado',
  'total sales, rating, level, active listings': 'total de vendas, nota, nível, anúncios ativos',
  'games of the platform (v1)': 'jogos da plataforma (v1)',
  'games with their minimum listing price (v2)': 'jogos com o preço mínimo de anúncio (v2)',
  'list, read, create and edit listings; bulk price and status jobs':
    'lista, lê, cria e edita anúncios; preço e status em lote',
  'list your listings': 'lista seus anúncios',
  'filter by status': 'filtra por status',
  'filter by game id': 'filtra pelo id do jogo',
  'text in the title': 'texto no título',
  'at most N listings (default 20)': 'no máximo N anúncios (padrão 20)',
  'page to start from': 'página inicial',
  'follow every page': 'segue todas as páginas',
  'show one listing, with its variants': 'mostra um anúncio, com suas variantes',
  'listing id': 'id do anúncio',
  'set many prices from a CSV, 100 per request, safely resumable':
    'altera muitos preços a partir de um CSV, 100 por requisição, retomável com segurança',
  'write the input rows with status, code and message': 'grava as linhas da entrada com status, código e mensagem',
  'refuse rows whose price moves more than PCT percent from the current one':
    'recusa linhas cujo preço muda mais de PCT por cento em relação ao atual',
  'finish an interrupted job (same file)': 'termina um trabalho interrompido (mesmo arquivo)',
  'start a new job even if an unfinished one exists for this file':
    'começa um trabalho novo mesmo que exista um inacabado para este arquivo',
  'refuse columns other than id, price|price_cents, variant (default: ignored with a note)':
    'recusa colunas além de id, price|price_cents, variant (padrão: ignoradas com um aviso)',
  'prices CSV (id, price or price_cents, optional variant); - for stdin':
    'CSV de preços (id, price ou price_cents, variant opcional); - para stdin',
  'activate or deactivate many listings from a CSV, 100 per request':
    'ativa ou desativa muitos anúncios a partir de um CSV, 100 por requisição',
  'refuse columns other than id, active (default: ignored with a note)':
    'recusa colunas além de id, active (padrão: ignoradas com um aviso)',
  'status CSV (id, active: true/false/1/0/yes/no); - for stdin':
    'CSV de status (id, active: true/false/1/0/yes/no); - para stdin',
  'activate listings (bulk-status, 100 per request)': 'ativa anúncios (bulk-status, 100 por requisição)',
  'listing ids': 'ids dos anúncios',
  'deactivate listings (bulk-status, 100 per request)': 'desativa anúncios (bulk-status, 100 por requisição)',
  'create a listing from a JSON/YAML file (variants, automatic delivery) or from flags':
    'cria um anúncio a partir de um arquivo JSON/YAML (variantes, entrega automática) ou de opções',
  'the listing, as the v2 create body (prices in cents)':
    'o anúncio, como o corpo de criação da v2 (preços em centavos)',
  "automatic-delivery credentials, one per line (or split by the listing's autoDeliverySeparator)":
    'credenciais de entrega automática, uma por linha (ou separadas pelo autoDeliverySeparator do anúncio)',
  'title (5-200 characters)': 'título (5-200 caracteres)',
  'description (20-5000 characters)': 'descrição (20-5000 caracteres)',
  'price, e.g. 19.90': 'preço, ex.: 19,90',
  'game id (see `svc catalog`)': 'id do jogo (veja `svc catalog`)',
  'category, e.g. account': 'categoria, ex.: account',
  'like 24h': 'como 24h',
  'warranty in days (account category)': 'garantia em dias (categoria account)',
  'image URLs (up to 10)': 'URLs de imagens (até 10)',
  'create it inactive': 'cria inativo',
  'change a listing; a new title, description, warranty or delivery time sends it back to review':
    'altera um anúncio; novo título, descrição, garantia ou prazo de entrega o devolve para análise',
  'new price, e.g. 19.90 (listings with variants: use `variants set`)':
    'novo preço, ex.: 19,90 (anúncios com variantes: use `variants set`)',
  'new title (5-200 characters)': 'novo título (5-200 caracteres)',
  'new description (20-5000 characters)': 'nova descrição (20-5000 caracteres)',
  'warranty in days (account listings only)': 'garantia em dias (só anúncios de conta)',
  'delivery time like 24h': 'prazo de entrega como 24h',
  'activate the listing': 'ativa o anúncio',
  'deactivate the listing': 'desativa o anúncio',
  'goes back to review': 'volta para análise',
  "list a listing's variants, or change them with `variants set`":
    'lista as variantes de um anúncio, ou altera-as com `variants set`',
  'change variant prices and stock (from a CSV of index, price or price_cents, stock; or one variant by flags)':
    'altera preços e estoque de variantes (de um CSV com index, price ou price_cents, stock; ou uma variante por opções)',
  'CSV with columns index, price or price_cents, stock; - for stdin':
    'CSV com as colunas index, price ou price_cents, stock; - para stdin',
  'one variant: its index': 'uma variante: seu índice',
  'new price, e.g. 19.90': 'novo preço, ex.: 19,90',
  'new manual stock': 'novo estoque manual',
  'with --file: write the rows with status, code and message':
    'com --file: grava as linhas com status, código e mensagem',
  'with --file: finish an interrupted job': 'com --file: termina um trabalho interrompido',
  'with --file: start a new job': 'com --file: começa um trabalho novo',
  'with --file: refuse columns other than index, price|price_cents, stock (default: ignored with a note)':
    'com --file: recusa colunas além de index, price|price_cents, stock (padrão: ignoradas com um aviso)',
  'restock automatic delivery from credential files and pools; stock levels; import jobs':
    'repõe a entrega automática a partir de arquivos e reservas de credenciais; níveis de estoque; importações',
  'add automatic-delivery credentials (with optional ref and cost) from a file, 2000 per request':
    'adiciona credenciais de entrega automática (com ref e custo opcionais) de um arquivo, 2000 por requisição',
  'variant index (required for multi-variant listings)': 'índice da variante (obrigatório em anúncios com variantes)',
  'credentials file: lines, csv (credential, ref, cost|cost_cents) or jsonl; - for stdin':
    'arquivo de credenciais: linhas, csv (credential, ref, cost|cost_cents) ou jsonl; - para stdin',
  'lines|csv|jsonl (default: from the file extension)': 'lines|csv|jsonl (padrão: pela extensão do arquivo)',
  'lines format: a line that separates multi-line credentials, e.g. ---':
    'formato lines: uma linha que separa credenciais de várias linhas, ex.: ---',
  'skip (default: repeats of a credential in the file are left out, and the service skips what it holds) or none':
    'skip (padrão: repetições de uma credencial no arquivo ficam de fora, e o serviço pula o que já tem) ou none',
  'csv: refuse columns other than credential, ref, cost|cost_cents (default: ignored with a note)':
    'csv: recusa colunas além de credential, ref, cost|cost_cents (padrão: ignoradas com um aviso)',
  'send credentials as written: no trimming of leading/trailing spaces, zero-width characters allowed':
    'envia as credenciais como escritas: sem cortar espaços nas pontas, caracteres de largura zero permitidos',
  'finish an interrupted import (same file)': 'termina uma importação interrompida (mesmo arquivo)',
  'start a new import even if an unfinished one exists for this file':
    'começa uma importação nova mesmo que exista uma inacabada para este arquivo',
  'write one row per credential: its line, status, code and message (never the credential)':
    'grava uma linha por credencial: sua linha, status, código e mensagem (nunca a credencial)',
  'columns credential, ref, cost': 'colunas credential, ref, cost',
  'multi-line credentials': 'credenciais de várias linhas',
  'list stock import jobs (interrupted ones with their resume command)':
    'lista as importações de estoque (as interrompidas com o comando para retomar)',
  'also list bulk-price and bulk-status jobs': 'também lista os trabalhos de bulk-price e bulk-status',
  'stock levels of auto-delivery listings: held, sold in 7 days, days left; alerts for cron and CI':
    'níveis de estoque dos anúncios de entrega automática: em estoque, vendidos em 7 dias, dias restantes; alertas para cron e CI',
  'mark rows holding fewer than N credentials': 'marca linhas com menos de N credenciais',
  'mark rows with fewer than D days of stock left at the pace of the last 7 days':
    'marca linhas com menos de D dias de estoque no ritmo dos últimos 7 dias',
  'exit 3 when any row is marked (for cron and CI alerts)':
    'sai com 3 quando alguma linha é marcada (alertas de cron e CI)',
  'print only the marked rows': 'mostra só as linhas marcadas',
  'only these listing ids (default: every auto-delivery listing)':
    'só estes ids de anúncio (padrão: todos os anúncios de entrega automática)',
  'exit 3 when a listing runs low': 'sai com 3 quando um anúncio está acabando',
  'top a listing (or variant) up to N credentials from a pool file, never sending a pool entry twice':
    'completa um anúncio (ou variante) até N credenciais a partir de um arquivo de reserva, nunca enviando uma entrada duas vezes',
  'pool file: lines, csv (credential, ref, cost|cost_cents) or jsonl, as for `stock add`':
    'arquivo de reserva: linhas, csv (credential, ref, cost|cost_cents) ou jsonl, como no `stock add`',
  'credentials the listing or variant should hold (at most 10000)':
    'credenciais que o anúncio ou a variante deve ter (no máximo 10000)',
  'also take entries the service refused before (after fixing what it said)':
    'também usa entradas que o serviço recusou antes (depois de corrigir o que ele disse)',
  'finish an interrupted refill (a plain rerun does it too)':
    'termina uma reposição interrompida (rodar de novo também termina)',
  'listing id, or listing:variant for a multi-variant listing':
    'id do anúncio, ou anúncio:variante num anúncio com variantes',
  'what a credential pool has left, what it sent to which listing, and what the service refused':
    'o que resta numa reserva de credenciais, o que foi enviado a cada anúncio e o que o serviço recusou',
  'pool file, as given to `stock refill --pool`': 'arquivo de reserva, como passado a `stock refill --pool`',
  'sales and purchases, their delivered items, and the profit of your sales':
    'vendas e compras, seus itens entregues e o lucro das suas vendas',
  'list your sales and purchases': 'lista suas vendas e compras',
  'only sales or only purchases (default: both)': 'só vendas ou só compras (padrão: ambas)',
  'created on or after this ISO 8601 date': 'criados nesta data ISO 8601 ou depois',
  'created on or before this ISO 8601 date (a bare date covers the whole day)':
    'criados nesta data ISO 8601 ou antes (uma data sem hora cobre o dia inteiro)',
  'at most N orders (default 20)': 'no máximo N pedidos (padrão 20)',
  'show one order; a sale shows its delivered items (ref and cost) and its profit':
    'mostra um pedido; uma venda mostra seus itens entregues (ref e custo) e o lucro',
  'order id or order code': 'id ou código do pedido',
  'profit of your delivered and completed sales: price - fee - cost of the delivered items':
    'lucro das suas vendas entregues e concluídas: preço - taxa - custo dos itens entregues',
  'sales created on or after this ISO 8601 date': 'vendas criadas nesta data ISO 8601 ou depois',
  'sales created on or before this ISO 8601 date (a bare date covers the whole day)':
    'vendas criadas nesta data ISO 8601 ou antes (uma data sem hora cobre o dia inteiro)',
  'one row per listing, per credential ref or per day (default: per sale)':
    'uma linha por anúncio, por ref de credencial ou por dia (padrão: por venda)',
  'read the mediations opened on your sales (v2)': 'lê as mediações abertas nas suas vendas (v2)',
  'list the mediations opened on your sales (v2)': 'lista as mediações abertas nas suas vendas (v2)',
  'only open or only closed mediations': 'só mediações abertas ou só fechadas',
  'at most N mediations (default 20)': 'no máximo N mediações (padrão 20)',
  'show the mediation of one order (v2)': 'mostra a mediação de um pedido (v2)',
  'id of the order the mediation is about': 'id do pedido da mediação',
  'reviews buyers left you, their statistics, and contestations (v2)':
    'avaliações que os compradores deixaram, suas estatísticas e contestações (v2)',
  'list the reviews buyers left you (v2)': 'lista as avaliações que os compradores deixaram (v2)',
  'at most N reviews (default 20)': 'no máximo N avaliações (padrão 20)',
  'number of reviews, average rating and how many of each rating (v2)':
    'número de avaliações, nota média e quantas de cada nota (v2)',
  'contest a review: ask the platform to look at it again (v2)':
    'contesta uma avaliação: pede à plataforma que a reveja (v2)',
  'why the review should be reconsidered': 'por que a avaliação deve ser reconsiderada',
  'read the reason from a file': 'lê o motivo de um arquivo',
  'review id': 'id da avaliação',
  'list your contestations of reviews and their status (v2)': 'lista suas contestações de avaliações e o status (v2)',
  'at most N contestations (default 20)': 'no máximo N contestações (padrão 20)',
  "buyers' questions on your listings: list, read, answer, and an interactive inbox (v2)":
    'perguntas dos compradores nos seus anúncios: listar, ler, responder e uma caixa de entrada interativa (v2)',
  "list buyers' questions on your listings (v2)": 'lista as perguntas dos compradores nos seus anúncios (v2)',
  'only unanswered or only answered questions': 'só perguntas sem resposta ou só respondidas',
  'only questions on this listing': 'só perguntas deste anúncio',
  'only questions about this order': 'só perguntas sobre este pedido',
  'at most N questions (default 20)': 'no máximo N perguntas (padrão 20)',
  'answer them one by one': 'responde uma a uma',
  'show one question and its answer (v2)': 'mostra uma pergunta e sua resposta (v2)',
  'question id': 'id da pergunta',
  "publish an answer to a buyer's question (v2; at most 5 a minute, 20 an hour)":
    'publica uma resposta à pergunta de um comprador (v2; no máximo 5 por minuto, 20 por hora)',
  'the answer': 'a resposta',
  'read the answer from a file (- for stdin)': 'lê a resposta de um arquivo (- para stdin)',
  'answer unanswered questions one by one on an interactive screen (v2): Enter sends, Tab skips, Esc quits':
    'responde as perguntas pendentes uma a uma numa tela interativa (v2): Enter envia, Tab pula, Esc sai',
  'API keys of the account: list, create, revoke, usage, rotate (needs a v1 key)':
    'chaves de API da conta: listar, criar, revogar, uso, trocar (precisa de uma chave v1)',
  'list the API keys of the account (needs a v1 key)': 'lista as chaves de API da conta (precisa de uma chave v1)',
  'create an API key (needs a v1 key; at most 5 active). The key is shown once':
    'cria uma chave de API (precisa de uma chave v1; no máximo 5 ativas). A chave é mostrada uma vez',
  'a name to recognise the key by': 'um nome para reconhecer a chave',
  'v1, or v2 (closed beta; needs scopes)': 'v1, ou v2 (beta fechado; precisa de escopos)',
  'v2 scopes, repeated or comma-separated: catalog:read, products:read, products:write, orders:read, mediations:read, reviews:read, reviews:contest, questions:read, questions:write, wallet:read':
    'escopos v2, repetidos ou separados por vírgula: catalog:read, products:read, products:write, orders:read, mediations:read, reviews:read, reviews:contest, questions:read, questions:write, wallet:read',
  'store the key in a profile (default: the profile in use) instead of printing it':
    'guarda a chave num perfil (padrão: o perfil em uso) em vez de mostrá-la',
  'revoke an API key for good (needs a v1 key; asks first, or --yes)':
    'revoga uma chave de API de vez (precisa de uma chave v1; pergunta antes, ou --yes)',
  'key id (see `svc keys list`)': 'id da chave (veja `svc keys list`)',
  'in a script': 'num script',
  "a key's last requests, newest first (needs a v1 key; the service keeps 100)":
    'as últimas requisições de uma chave, da mais recente (precisa de uma chave v1; o serviço guarda 100)',
  'only the newest N': 'só as N mais recentes',
  'replace the stored key with a new one: create, store, check, then revoke the old key (asks first, or --yes)':
    'troca a chave guardada por uma nova: cria, guarda, confere e revoga a antiga (pergunta antes, ou --yes)',
  'which key of the profile (default: v2 when it has one, else v1)':
    'qual chave do perfil (padrão: v2 quando houver, senão v1)',
  'name of the new key (default: the old name and the date)': 'nome da chave nova (padrão: o nome antigo e a data)',
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
  'print a shell completion script: commands, flags, and profile names':
    'mostra um script de autocompletar do shell: comandos, opções e nomes de perfis',
  'bash, zsh or fish': 'bash, zsh ou fish',
  'this shell only': 'só este shell',
  'then start a new shell': 'depois abra um shell novo',
  'values for shell completion (used by the scripts)': 'valores para o autocompletar (usados pelos scripts)',
  'the profile names, one per line': 'os nomes dos perfis, um por linha',
  'show help for a command, or a topic: exit-codes, environment, formats':
    'mostra a ajuda de um comando, ou um tópico: exit-codes, environment, formats',
  'a command (products list) or a topic: exit-codes, environment, formats':
    'um comando (products list) ou um tópico: exit-codes, environment, formats',
  'display help for command': 'mostra a ajuda do comando',
  'Topics:': 'Tópicos:',
  'exit-codes  what each exit code means, for scripts and CI':
    'exit-codes  o que significa cada código de saída, para scripts e CI',
  'environment environment variables, and where config, keys and state live':
    'environment variáveis de ambiente, e onde ficam configuração, chaves e estado',
  'formats     the input files (prices, statuses, variants, credentials, listings) and the output formats':
    'formats     os arquivos de entrada (preços, status, variantes, credenciais, anúncios) e os formatos de saída',
  'Examples:': 'Exemplos:',
  // issue 23, 24 (orders sync/reconcile, profit and stock status on the mirror, stock refill)
  'bring the local mirror of your orders up to date (a few requests after the first sync)':
    'atualiza a cópia local dos seus pedidos (poucas requisições depois da primeira sincronização)',
  're-read the orders created this long before the newest one held (default 10m)':
    'relê os pedidos criados até este tempo antes do mais recente guardado (padrão 10m)',
  'read every order again (the mirror is kept and corrected)':
    'lê todos os pedidos de novo (a cópia é mantida e corrigida)',
  'delete the mirror of this profile and make it again (also after a change of base URL or account)':
    'apaga a cópia deste perfil e a refaz (também depois de trocar de URL base ou de conta)',
  'hand on the sales a webhook listener missed (once, for cron), and report stuck sales':
    'repassa as vendas que um listener de webhooks perdeu (uma vez, para o cron) e relata vendas travadas',
  'hand on only these of sale.processing, order.delivered (default: both)':
    'repassa só estes de sale.processing, order.delivered (padrão: os dois)',
  'a paid sale not delivered after this long is reported as stuck (default 30m)':
    'uma venda paga e não entregue depois deste tempo é relatada como travada (padrão 30m)',
  'look back this far (e.g. 2h, 3d) instead of from the first reconcile':
    'olha até este tempo para trás (ex.: 2h, 3d) em vez de desde a primeira reconciliação',
  'run CMD per missed sale, like `webhooks listen --exec` (SVC_SOURCE=catch-up)':
    'roda CMD para cada venda perdida, como `webhooks listen --exec` (SVC_SOURCE=catch-up)',
  'POST each missed sale, like `webhooks listen --forward-to`':
    'faz POST de cada venda perdida, como `webhooks listen --forward-to`',
  'exit 3 when a stuck sale is found (for cron alerts)':
    'sai com 3 quando achar uma venda travada (para alertas do cron)',
  'use the local orders mirror as it is, without syncing it first (no request)':
    'usa a cópia local dos pedidos como está, sem sincronizá-la antes (nenhuma requisição)',
  'count sales from the local orders mirror as it is, without syncing it first':
    'conta as vendas da cópia local dos pedidos como está, sem sincronizá-la antes',
  'top a listing (or variant) up to N credentials from a pool file, never sending an entry twice':
    'completa um anúncio (ou variante) até N credenciais de um arquivo de estoque, sem nunca enviar uma entrada duas vezes',
  'the ledger was lost and rebuilt from the orders: go on although other listings hold credentials (none from this pool)':
    'o registro foi perdido e refeito a partir dos pedidos: continua mesmo que outros anúncios tenham credenciais (nenhuma deste estoque)',
  'reactivate the listing once it has stock (bulk-status; refusals with their codes)':
    'reativa o anúncio quando ele tiver estoque (bulk-status; recusas com seus códigos)',
  'deactivate the listing when it and the pool are both empty':
    'desativa o anúncio quando ele e o arquivo de estoque estiverem vazios',
  // issue 24, 25 (shop, notify)
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
  // ---- verbs merged at the end of round 3 (issues 21, 23, 24, 25, 28) ----
  'Threat model: anyone who finds the URL can POST (the service signs nothing, spec 6.3), so use the\nsecret path from `svc webhooks listen --init`: any other path gets a bare 404 and touches nothing.\nChecked: each order event is confirmed with the service (your sale, in a state that fits the event)\nbefore it is remembered or handed on; requests that confirm nothing come out of --unknown-budget.\nThe hook can trust svc.order and svc.confirmed, and data when svc.dataFrom is "order" (built from the\nservice\'s answer, never a body posted first); it never gets a key (no SVC_* variable).\nCapacity: each sender address may hold --max-connections-per-address connections and\n--max-pending-per-address unconfirmed notifications (429 past it, said once a minute); behind a\nproxy, name it with --trust-proxy so the forwarded address is the sender.':
    'Modelo de ameaça: quem descobrir a URL pode fazer POST (o serviço não assina nada, spec 6.3), então use o\ncaminho secreto de `svc webhooks listen --init`: qualquer outro caminho recebe um 404 e não toca em nada.\nConferido: cada evento de pedido é confirmado com o serviço (sua venda, num estado compatível com o evento)\nantes de ser guardado ou repassado; requisições que não confirmam nada saem de --unknown-budget.\nO comando pode confiar em svc.order e svc.confirmed, e em data quando svc.dataFrom é "order" (montado a partir\nda resposta do serviço, nunca de um corpo enviado antes); nunca recebe uma chave (nenhuma variável SVC_*).\nCapacidade: cada endereço remetente pode manter --max-connections-per-address conexões e\n--max-pending-per-address notificações não confirmadas (429 além disso, dito uma vez por minuto); atrás de um\nproxy, informe-o com --trust-proxy para que o endereço encaminhado seja o remetente.',
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
  "refuse prices under a floor: catalog (the game's minimum), cost (cost + fee, and the catalog minimum), cost+N% (a margin too)":
    'recusa preços abaixo de um piso: catalog (o mínimo do jogo), cost (custo + taxa, e o mínimo do catálogo), cost+N% (com margem)',
  'with --floor: skip the row (default, code BELOW_FLOOR, exit 3) or raise it to the floor':
    'com --floor: pula a linha (padrão, código BELOW_FLOOR, saída 3) ou a eleva até o piso',
  'with --floor cost: the fee rate, e.g. 12% (default: inferred from the last 30 days of sales)':
    'com --floor cost: a taxa, ex.: 12% (padrão: deduzida das vendas dos últimos 30 dias)',
  'the rules file (YAML): which listings, and how to price them':
    'o arquivo de regras (YAML): quais anúncios e como precificá-los',
  'price rows with no known cost from the catalog floor alone (default: listed and left alone)':
    'precifica linhas sem custo conhecido só pelo piso do catálogo (padrão: listadas e deixadas como estão)',
  'set prices from cost, fee and the catalog minimum by rules; never under the floor':
    'define preços a partir do custo, da taxa e do mínimo do catálogo, por regras; nunca abaixo do piso',
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
  'Exit codes: 0 all well; 3 something needs you (a refusal with its code: NO_STOCK, NOT_APPROVED,\nOFFLINE_PAUSED (turn Offline Mode off in the seller panel), LISTING_TAKEN_DOWN,\nLISTING_PERMANENTLY_REJECTED; a pool low or out of stock); 1 the service failed; 2 a bad config.':
    'Códigos de saída: 0 tudo certo; 3 algo precisa de você (uma recusa com seu código: NO_STOCK, NOT_APPROVED,\nOFFLINE_PAUSED (desligue o Modo Offline no painel do vendedor), LISTING_TAKEN_DOWN,\nLISTING_PERMANENTLY_REJECTED; um pool baixo ou sem estoque); 1 o serviço falhou; 2 configuração inválida.',
};
