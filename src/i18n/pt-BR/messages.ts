// pt-BR of svc's messages: errors and hints first, then confirmations and prompts,
// summaries, warnings, table headers and the inbox. Keyed by the English text; `{name}` is a
// value inside the message. The hints of src/api/hints.ts must all be here (tested).
export const MESSAGES: Record<string, string> = {
  // the frame of every message (src/output/reporter.ts)
  'error:': 'erro:',
  'hint:': 'dica:',
  'warning:': 'aviso:',
  // hints of the service's codes (src/api/hints.ts)
  'svc sent one idempotency key with two different requests: this is a bug in svc, please report it':
    'o svc enviou uma chave de idempotência com duas requisições diferentes: é um defeito do svc, por favor relate',
  'the idempotency key belongs to another account: this is a bug in svc, please report it':
    'a chave de idempotência pertence a outra conta: é um defeito do svc, por favor relate',
  'idempotency keys are {min}-{max} characters of A-Za-z0-9_-':
    'chaves de idempotência têm {min}-{max} caracteres de A-Za-z0-9_-',
  'every v2 write needs an Idempotency-Key header': 'toda escrita v2 precisa do cabeçalho Idempotency-Key',
  'nothing was executed; run the command again in a moment': 'nada foi executado; rode o comando de novo daqui a pouco',
  'the same request is still being processed; run the command again in a moment':
    'a mesma requisição ainda está sendo processada; rode o comando de novo daqui a pouco',
  'at most {n} credentials per listing or variant: split the file or sell some stock first':
    'no máximo {n} credenciais por anúncio ou variante: divida o arquivo ou venda parte do estoque antes',
  'the listing is not approved: under review (em_analise), activate it once moderation approves it; rejected, edit its title or description to send it back to review (`svc products get ID` shows which)':
    'o anúncio não está aprovado: em análise (em_analise), ative-o quando a moderação aprovar; rejeitado, edite o título ou a descrição para mandá-lo de volta à análise (`svc products get ID` mostra qual)',
  'add stock first with `svc stock add ID --file FILE` (a multi-variant listing: `svc products variants set ID --index N --stock N`)':
    'adicione estoque antes com `svc stock add ID --file FILE` (anúncio com variantes: `svc products variants set ID --index N --stock N`)',
  'the API cannot switch Offline Mode: the seller panel does, and switching it off reactivates every listing it paused':
    'a API não muda o Modo Offline: o painel do vendedor muda, e desligá-lo reativa todos os anúncios que ele pausou',
  'this is final: it cannot be edited or reactivated (create a new listing)':
    'isto é definitivo: ele não pode ser editado nem reativado (crie um anúncio novo)',
  'this is final: it cannot be edited or resubmitted (create a new listing)':
    'isto é definitivo: ele não pode ser editado nem reenviado (crie um anúncio novo)',
  'verify the account e-mail in the seller panel, then answer again':
    'verifique o e-mail da conta no painel do vendedor e responda de novo',
  'the account is barred from answering questions: contact support':
    'a conta está impedida de responder perguntas: fale com o suporte',
  'the answer was not published: remove contact details, links or credentials from the text and send it again':
    'a resposta não foi publicada: tire contatos, links ou credenciais do texto e envie de novo',
  'the question already has an answer; nothing to resend': 'a pergunta já tem resposta; nada a reenviar',
  'the listing is paused, inactive, under review or deleted: answer once it is active again':
    'o anúncio está pausado, inativo, em análise ou excluído: responda quando estiver ativo de novo',
  'at most {m} answers a minute and {h} an hour': 'no máximo {m} respostas por minuto e {h} por hora',
  'the seller account is restricted and the API suspended: contact support':
    'a conta de vendedor está restrita e a API suspensa: fale com o suporte',
  'the API is suspended until the pending debt with the platform is paid':
    'a API está suspensa até a dívida pendente com a plataforma ser paga',
  'only verified sellers can use the API: complete verification in the seller panel':
    'só vendedores verificados podem usar a API: conclua a verificação no painel do vendedor',
  'this listing has variants: change their prices with `svc products variants set ID` (or a `variant` column)':
    'este anúncio tem variantes: mude os preços com `svc products variants set ID` (ou uma coluna `variant`)',
  'no variant with that index: list them with `svc products variants ID`':
    'nenhuma variante com esse índice: liste-as com `svc products variants ID`',
  'variants can be edited only on multi-variant (listingType multiple) listings':
    'variantes só podem ser editadas em anúncios com variantes (listingType multiple)',
  'this review was already contested: see `svc reviews contestations`':
    'esta avaliação já foi contestada: veja `svc reviews contestations`',
  'v1 allows {n} listing creations a day: try again tomorrow, or use a v2 key':
    'a v1 permite {n} criações de anúncio por dia: tente amanhã, ou use uma chave v2',
  'at most {n} active keys: revoke one with `svc keys revoke ID` first':
    'no máximo {n} chaves ativas: revogue uma com `svc keys revoke ID` antes',
  'v2 keys are a closed beta: request access through support': 'chaves v2 são um beta fechado: peça acesso ao suporte',
  'the account rate limit is spent; svc waits for the reset unless --no-wait is given':
    'o limite de requisições da conta acabou; o svc espera a renovação, a não ser com --no-wait',
  'the daily request quota is spent; it resets at midnight UTC':
    'a cota diária de requisições acabou; ela renova à meia-noite UTC',
  'check the key with `svc auth status`, or store a new one with `svc auth login`':
    'confira a chave com `svc auth status`, ou guarde uma nova com `svc auth login`',
  'the key lacks the scope for this route: see `svc me` for its scopes':
    'a chave não tem o escopo desta rota: veja os escopos em `svc me`',
  // the service's own messages the seller meets most (sandbox and service alike)
  'the listing was removed by moderation': 'o anúncio foi removido pela moderação',
  'the listing was rejected permanently': 'o anúncio foi rejeitado de vez',
  'listing not found': 'anúncio não encontrado',
  'not found': 'não encontrado',
  // errors of svc (src/api/errors.ts, src/cli/shared/context.ts)
  'unexpected failure: {what}': 'falha inesperada: {what}',
  'this is a bug in svc; run again with --verbose and report it':
    'é um defeito do svc; rode de novo com --verbose e relate',
  'no API key for profile "{name}"': 'nenhuma chave de API no perfil "{name}"',
  'run `svc auth login`, set SVC_API_KEY, or try the local sandbox with `svc sandbox`':
    'rode `svc auth login`, defina SVC_API_KEY, ou experimente o sandbox local com `svc sandbox`',
  'a profile exists: {names}; use it with `--profile {p}` or make it the default with `svc auth use {q}` (or run `svc auth login` for this one)':
    'existe um perfil: {names}; use-o com `--profile {p}` ou torne-o o padrão com `svc auth use {q}` (ou rode `svc auth login` para este)',
  'profiles exist: {names}; use it with `--profile {p}` or make it the default with `svc auth use {q}` (or run `svc auth login` for this one)':
    'existem perfis: {names}; use um com `--profile {p}` ou torne-o o padrão com `svc auth use {q}` (ou rode `svc auth login` para este)',
  'no profile named "{name}"': 'nenhum perfil chamado "{name}"',
  'list them with `svc auth profiles`, or create it with `svc auth login --profile NAME`':
    'liste-os com `svc auth profiles`, ou crie-o com `svc auth login --profile NAME`',
  'list them with `svc auth profiles`': 'liste-os com `svc auth profiles`',
  'no base URL for profile "{name}"': 'nenhuma URL base no perfil "{name}"',
  'pass --base-url, set SVC_BASE_URL, or run `svc auth login --base-url URL`':
    'passe --base-url, defina SVC_BASE_URL, ou rode `svc auth login --base-url URL`',
  '{what} needs a v2 key (closed beta, request one through support)':
    '{what} precisa de uma chave v2 (beta fechado, peça uma ao suporte)',
  'store one with `svc auth login` or set SVC_API_KEY to a svc_v2_sk_ key':
    'guarde uma com `svc auth login` ou defina SVC_API_KEY com uma chave svc_v2_sk_',
  '{what} needs a v1 key': '{what} precisa de uma chave v1',
  'store one with `svc auth login` (v1 keys start with svc_sk_) or set SVC_API_KEY':
    'guarde uma com `svc auth login` (chaves v1 começam com svc_sk_) ou defina SVC_API_KEY',
  interrupted: 'interrompido',
  "unknown command '{cmd}'": "comando desconhecido '{cmd}'",
  '`svc --help` lists the commands': '`svc --help` lista os comandos',
  '`svc {group} --help` lists the commands': '`svc {group} --help` lista os comandos',
  'did you mean {names}? (`svc --help` lists them)': 'você quis dizer {names}? (`svc --help` lista os comandos)',
  "unknown option '{name}'": "opção desconhecida '{name}'",
  "error: unknown option '{name}'": "erro: opção desconhecida '{name}'",
  "error: missing required argument '{name}'": "erro: falta o argumento obrigatório '{name}'",
  "error: unknown command '{name}'": "erro: comando desconhecido '{name}'",
  "error: too many arguments for '{name}'. Expected {n} arguments but got {m}.":
    "erro: argumentos demais para '{name}'. Esperava {n} e recebeu {m}.",
  '(Did you mean {name}?)': '(Você quis dizer {name}?)',
  '`svc {path}` has no dry run: nothing was done': '`svc {path}` não tem simulação: nada foi feito',
  'run it without --dry-run': 'rode sem --dry-run',
  'see `svc {path} --help`': 'veja `svc {path} --help`',
  '{flag} must be a number, got "{v}"': '{flag} deve ser um número, veio "{v}"',
  '{flag} must be a whole number, got "{v}"': '{flag} deve ser um número inteiro, veio "{v}"',
  'unknown output format "{f}"': 'formato de saída desconhecido "{f}"',
  'use one of {list}': 'use um destes: {list}',
  '{what} must be a positive whole number, got "{v}"': '{what} deve ser um número inteiro positivo, veio "{v}"',
  // bad input files (cli-spec 3: FILE:LINE: message)
  '{n} problems in {file}; nothing was sent': '{n} problemas em {file}; nada foi enviado',
  '1 problem in {file}; nothing was sent': '1 problema em {file}; nada foi enviado',
  '{file}:{line}: {name} "{v}" is not a decimal amount (like 19.90 or 19,90)':
    '{file}:{line}: {name} "{v}" não é um valor decimal (como 19.90 ou 19,90)',
  '{file}:{line}: {name} "{v}" is not a whole number of cents':
    '{file}:{line}: {name} "{v}" não é um número inteiro de centavos',
  '{file}:{line}: {name} "{v}" must not be negative': '{file}:{line}: {name} "{v}" não pode ser negativo',
  '{file}:{line}: {name} "{v}" has more than 2 decimals (not whole cents)':
    '{file}:{line}: {name} "{v}" tem mais de 2 casas decimais (não são centavos inteiros)',
  '{file}:{line}: {name} "{v}" is too large': '{file}:{line}: {name} "{v}" é grande demais',
  '{file}:{line}: missing {name}': '{file}:{line}: falta {name}',
  '{file}:{line}: id "{v}" is not a positive whole number': '{file}:{line}: id "{v}" não é um número inteiro positivo',
  '{file}:{line}: {n} values but the header has {m} columns (quote values that contain a comma, such as a decimal comma: "19,90")':
    '{file}:{line}: {n} valores, mas o cabeçalho tem {m} colunas (ponha entre aspas valores com vírgula, como a vírgula decimal: "19,90")',
  '{file}:{line}: {n} values but the header has {m} columns (quote values that contain the delimiter)':
    '{file}:{line}: {n} valores, mas o cabeçalho tem {m} colunas (ponha entre aspas valores com o delimitador)',
  '… and {n} more problems': '… e mais {n} problemas',
  '{n} problems in the listing; nothing was sent': '{n} problemas no anúncio; nada foi enviado',
  '1 problem in the listing; nothing was sent': '1 problema no anúncio; nada foi enviado',
  '{file}:{line}: price "{v}" is not a decimal amount (like 19.90 or 19,90)':
    '{file}:{line}: o preço "{v}" não é um valor decimal (como 19.90 ou 19,90)',
  '{which} is {days} days old; keys should be rotated every {n} days: {how}':
    '{which} tem {days} dias; chaves devem ser trocadas a cada {n} dias: {how}',
  'the {v} key of profile "{name}"': 'a chave {v} do perfil "{name}"',
  'rotate it with `svc keys rotate --version {v}`': 'troque-a com `svc keys rotate --version {v}`',
  'no key #{id} on this account': 'nenhuma chave #{id} nesta conta',
  'no key #{id} on this account: see `svc keys list`': 'nenhuma chave #{id} nesta conta: veja `svc keys list`',
  'see `svc keys list`': 'veja `svc keys list`',
  'the {v} key in SVC_API_KEY': 'a chave {v} em SVC_API_KEY',
  'create a new one with `svc keys create`': 'crie uma nova com `svc keys create`',
  // confirmations and prompts
  '[y/N]': '[s/N]',
  '{question}: confirmation needed': '{question}: é preciso confirmar',
  'add {flag} to confirm in a non-interactive run': 'acrescente {flag} para confirmar numa execução não interativa',
  'revoke {label}?': 'revogar {label}?',
  'revoke {label}': 'revogar {label}',
  'send listing {id} back to review?': 'mandar o anúncio {id} de volta para análise?',
  'send listing {id} back to review': 'mandar o anúncio {id} de volta para análise',
  'rotate: {plan}?': 'trocar: {plan}?',
  'rotate: {plan}': 'trocar: {plan}',
  'an unfinished job {job} exists for this file; resume it?':
    'existe um trabalho inacabado {job} para este arquivo; retomar?',
  'nothing changed': 'nada mudou',
  'remove the keys of profile "{name}"?': 'remover as chaves do perfil "{name}"?',
  'remove the keys of profile "{name}"': 'remover as chaves do perfil "{name}"',
  'remove profile "{name}" and its keys?': 'remover o perfil "{name}" e suas chaves?',
  'remove profile "{name}" and its keys': 'remover o perfil "{name}" e suas chaves',
  'cancelled: nothing removed': 'cancelado: nada removido',
  'cancelled: nothing changed': 'cancelado: nada mudou',
  'cancelled: nothing sent': 'cancelado: nada enviado',
  'cancelled: nothing revoked': 'cancelado: nada revogado',
  'this is the {v} key svc is using now (profile "{name}"): commands will fail with it once it is revoked':
    'esta é a chave {v} que o svc está usando agora (perfil "{name}"): os comandos vão falhar com ela depois de revogada',
  'not revoked': 'não revogada',
  // summaries and notes
  '{file}: {n} rows, {a} applied, {u} unchanged, {r} refused, {q} requests':
    '{file}: {n} linhas, {a} aplicadas, {u} sem mudança, {r} recusadas, {q} requisições',
  '{file}: {n} rows, {a} applied, {u} unchanged, {r} refused, {q} request':
    '{file}: {n} linhas, {a} aplicadas, {u} sem mudança, {r} recusadas, {q} requisição',
  '{file}: 1 row, {a} applied, {u} unchanged, {r} refused, {q} request':
    '{file}: 1 linha, {a} aplicada, {u} sem mudança, {r} recusada, {q} requisição',
  '{what}: {n} items, {a} applied, {u} unchanged, {r} refused, {q} requests':
    '{what}: {n} itens, {a} aplicados, {u} sem mudança, {r} recusados, {q} requisições',
  '{what}: 1 item, {a} applied, {u} unchanged, {r} refused, {q} request':
    '{what}: 1 item, {a} aplicado, {u} sem mudança, {r} recusado, {q} requisição',
  '{what}: {n} items, {a} applied, {u} unchanged, {r} refused, {q} request':
    '{what}: {n} itens, {a} aplicados, {u} sem mudança, {r} recusados, {q} requisição',
  '{kind} {file}: chunk {c}, {i} items, {f} failed, ETA {s} s':
    '{kind} {file}: bloco {c}, {i} itens, {f} com falha, ETA {s} s',
  'listing {id} updated': 'anúncio {id} atualizado',
  '{kind}: chunk {c}, {i} items, {f} failed, ETA {s} s': '{kind}: bloco {c}, {i} itens, {f} com falha, ETA {s} s',
  '{kind}: chunk {c}, {i} items, {f} failed': '{kind}: bloco {c}, {i} itens, {f} com falha',
  'listing {id} updated (now under review)': 'anúncio {id} atualizado (agora em análise)',
  'no changes applied: listing {id} already has these values': 'nada aplicado: o anúncio {id} já tem esses valores',
  '{n} of {m} items need a look (all items: -o json or --report FILE):':
    '{n} de {m} itens precisam de atenção (todos os itens: -o json ou --report FILE):',
  'answered {a}, skipped {s}': 'respondidas {a}, puladas {s}',
  'no unanswered questions': 'nenhuma pergunta sem resposta',
  'nothing to show': 'nada para mostrar',
  'no orders match': 'nenhum pedido corresponde',
  'no listings match': 'nenhum anúncio corresponde',
  'waiting {s} s ({why})': 'esperando {s} s ({why})',
  'rate limit window spent': 'janela de limite esgotada',
  'column {names} left out to fit {n} columns; --wide shows it':
    'coluna {names} omitida para caber em {n} colunas; --wide a mostra',
  'columns {names} left out to fit {n} columns; --wide shows them':
    'colunas {names} omitidas para caber em {n} colunas; --wide as mostra',
  'dry run: nothing sent': 'simulação: nada enviado',
  '{rows}; the rows shown may not be all of them': '{rows}; as linhas mostradas podem não ser todas',
  'no OS keyring available (the {name} did not answer)':
    'nenhum chaveiro do sistema disponível (o {name} não respondeu)',
  'the OS keyring could not be loaded': 'o chaveiro do sistema não pôde ser carregado',
  '{reason}: the key is stored in the config file {path} (mode 0600)':
    '{reason}: a chave foi guardada no arquivo de configuração {path} (modo 0600)',
  'the key is in the OS keyring ({name}), not in the config file {path}':
    'a chave está no chaveiro do sistema ({name}), não no arquivo de configuração {path}',
  'stored {v} key {key} in profile "{name}"': 'chave {v} {key} guardada no perfil "{name}"',
  'stored {v} key {key} in profile "{name}" ({who})': 'chave {v} {key} guardada no perfil "{name}" ({who})',
  'listing {id}: {action}': 'anúncio {id}: {action}',
  'unknown action "{a}"': 'ação desconhecida "{a}"',
  // --jq and svc api
  '--jq works on json output, not -o {f}': '--jq trabalha sobre saída json, não -o {f}',
  'drop -o, or use -o json': 'tire o -o, ou use -o json',
  'see https://jqlang.org/manual/ for the syntax': 'veja a sintaxe em https://jqlang.org/manual/',
  "svc api sends the profile's key to its own service only ({base}), not to {other}":
    'o svc api envia a chave do perfil só ao próprio serviço ({base}), não a {other}',
  'give the path alone, e.g. `svc api /api/v2/me`': 'dê só o caminho, ex.: `svc api /api/v2/me`',
  "svc api reaches the service's API only: a path under {list}":
    'o svc api só alcança a API do serviço: um caminho sob {list}',
  'a retry with --idempotency-key must send the same method, path and body as the first attempt':
    'uma nova tentativa com --idempotency-key deve enviar o mesmo método, caminho e corpo da primeira',
  '{file}:{line}: not JSON ({why})': '{file}:{line}: não é JSON ({why})',
  // the questions inbox (src/ui/inbox.tsx)
  'loading the next unanswered question…': 'carregando a próxima pergunta sem resposta…',
  'type your answer': 'digite sua resposta',
  'Answer: ': 'Resposta: ',
  'Enter send · Tab skip · Esc quit': 'Enter envia · Tab pula · Esc sai',
  'No more unanswered questions.': 'Não há mais perguntas sem resposta.',
  'Publish this answer to question #{id}?': 'Publicar esta resposta à pergunta #{id}?',
  'Enter or y publish · Esc or n go back and edit': 'Enter ou s publica · Esc ou n volta para editar',
  'not sent: edit the answer, then Enter': 'não enviada: edite a resposta e tecle Enter',
  'type an answer first, or press Tab to skip this question':
    'digite uma resposta antes, ou tecle Tab para pular esta pergunta',
  'answer limit reached: the next answer can go in {s} s': 'limite de respostas atingido: a próxima pode ir em {s} s',
  'sending the answer to question #{id}…': 'enviando a resposta à pergunta #{id}…',
  '✓ answer to question #{id} published': '✓ resposta à pergunta #{id} publicada',
  'skipped question #{id}': 'pergunta #{id} pulada',
  'Questions inbox · question {n} · answered {a} · skipped {s}':
    'Caixa de perguntas · pergunta {n} · respondidas {a} · puladas {s}',
  'answer budget: {mu}/{ml} this minute · {hu}/{hl} this hour':
    'cota de respostas: {mu}/{ml} neste minuto · {hu}/{hl} nesta hora',
  ' · next answer in {s} s': ' · próxima resposta em {s} s',
  'Question #{id}': 'Pergunta #{id}',
  ' · asked by {name}': ' · feita por {name}',
  'Listing #{id}: {listing}': 'Anúncio #{id}: {listing}',
  'About order #{id}': 'Sobre o pedido #{id}',
  'details unavailable': 'detalhes indisponíveis',
  // table cells and headers (tables only; csv/tsv/json keep the English keys)
  yes: 'sim',
  no: 'não',
  FIELD: 'CAMPO',
  VALUE: 'VALOR',
};

/** Table headers (lower case as the columns declare them). */
export const HEADERS: Record<string, string> = {
  account: 'conta',
  'active listings': 'anúncios ativos',
  active: 'ativo',
  'age (days)': 'idade (dias)',
  alert: 'alerta',
  answer: 'resposta',
  answered: 'respondida',
  asker: 'autor',
  at: 'em',
  attempt: 'tentativa',
  'auto delivery': 'entrega autom.',
  'auto stock': 'estoque autom.',
  auto: 'autom.',
  available: 'disponível',
  average: 'média',
  'base url': 'url base',
  blocked: 'bloqueado',
  buyer: 'comprador',
  category: 'categoria',
  check: 'verificação',
  closed: 'fechada',
  code: 'código',
  comment: 'comentário',
  confirmed: 'confirmado',
  contested: 'contestada',
  cost: 'custo',
  count: 'quantidade',
  created: 'criado',
  day: 'dia',
  'days left': 'dias restantes',
  default: 'padrão',
  'delivered items': 'itens entregues',
  effective: 'efetivo',
  error: 'erro',
  event: 'evento',
  fee: 'taxa',
  field: 'campo',
  file: 'arquivo',
  game: 'jogo',
  group: 'grupo',
  held: 'em estoque',
  'id field': 'campo id',
  id: 'id',
  'in use': 'em uso',
  index: 'índice',
  'items cost': 'custo dos itens',
  items: 'itens',
  job: 'trabalho',
  'key created': 'chave criada',
  'key id': 'id da chave',
  'key prefix': 'prefixo da chave',
  key: 'chave',
  'last used': 'último uso',
  level: 'nível',
  limit: 'limite',
  line: 'linha',
  lines: 'linhas',
  'listing id': 'id do anúncio',
  listing: 'anúncio',
  meaning: 'significado',
  message: 'mensagem',
  method: 'método',
  'min price': 'preço mín.',
  ms: 'ms',
  name: 'nome',
  'new key id': 'id da chave nova',
  'new key': 'chave nova',
  'next in s': 'próx. em s',
  'no cost': 'sem custo',
  notes: 'notas',
  'old key id': 'id da chave antiga',
  'old key revoked': 'chave antiga revogada',
  opened: 'aberta',
  order: 'pedido',
  path: 'caminho',
  pending: 'pendente',
  'per day': 'por dia',
  price: 'preço',
  profile: 'perfil',
  profit: 'lucro',
  progress: 'progresso',
  qty: 'qtd',
  question: 'pergunta',
  rating: 'nota',
  reason: 'motivo',
  ref: 'ref',
  remaining: 'restante',
  resets: 'renova',
  resolution: 'resolução',
  result: 'resultado',
  'resume with': 'retomar com',
  review: 'avaliação',
  revoked: 'revogada',
  sales: 'vendas',
  scopes: 'escopos',
  seller: 'vendedor',
  slug: 'slug',
  source: 'origem',
  state: 'estado',
  status: 'status',
  stock: 'estoque',
  stored: 'guardada',
  target: 'alvo',
  title: 'título',
  'total sales': 'total de vendas',
  type: 'tipo',
  updated: 'atualizado',
  username: 'usuário',
  'v1 key': 'chave v1',
  'v2 key': 'chave v2',
  value: 'valor',
  variant: 'variante',
  variants: 'variantes',
  version: 'versão',
  window: 'janela',
};
