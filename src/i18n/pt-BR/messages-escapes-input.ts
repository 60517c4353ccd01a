// pt-BR of the help's example comments and option texts that were still English, of the input
// files' FILE:LINE messages, of zod's and commander's own wording, and of the input errors.
export const MESSAGES_ESCAPES_INPUT: Readonly<Record<string, string>> = {
  // help: example comments and option texts
  '127.0.0.1:8787, behind a TLS reverse proxy': '127.0.0.1:8787, atrás de um proxy reverso com TLS',
  'a new secret path (then change the dashboard URL)': 'um novo caminho secreto (depois mude a URL no painel)',
  'after moving to another account': 'depois de mudar para outra conta',
  'asks for a passphrase, twice': 'pede uma senha, duas vezes',
  'asks for the passphrase': 'pede a senha',
  'asks for the webhook URL, hidden': 'pede a URL do webhook, sem mostrá-la',
  'behind nginx/caddy': 'atrás do nginx/caddy',
  'from cron or CI': 'do cron ou da CI',
  'from cron, every 10 minutes': 'do cron, a cada 10 minutos',
  'refused (exit 3) when 1.99 is under cost + fee': 'recusado (saída 3) quando 1.99 fica abaixo de custo + taxa',
  'rows under cost + fee + 10% are refused (exit 3)': 'linhas abaixo de custo + taxa + 10% são recusadas (saída 3)',
  'the local mirror as it is, no request': 'a cópia local como está, nenhuma requisição',
  'the whole plan, nothing sent': 'o plano inteiro, nada enviado',
  'list unchanged rows in the plan too (default: counted only)':
    'lista também as linhas sem mudança no plano (padrão: só contadas)',
  'listener port; 0 picks a free one': 'porta do receptor; 0 escolhe uma livre',
  // zod's own wording (its English locale), after the place it names: `shop.yaml:4: rules.0.target: …`
  '{at}: Unrecognized key: {keys}': '{at}: chave desconhecida: {keys}',
  '{at}: Unrecognized keys: {keys}': '{at}: chaves desconhecidas: {keys}',
  '{at}: Too small: expected number to be >={min}': '{at}: pequeno demais: o mínimo é {min}',
  '{at}: Too small: expected number to be >{min}': '{at}: pequeno demais: precisa ser maior que {min}',
  '{at}: Too big: expected number to be <={max}': '{at}: grande demais: o máximo é {max}',
  '{at}: Too big: expected number to be <{max}': '{at}: grande demais: precisa ser menor que {max}',
  '{at}: Too small: expected string to have >={min} characters': '{at}: curto demais: pelo menos {min} caracteres',
  '{at}: Too big: expected string to have <={max} characters': '{at}: longo demais: no máximo {max} caracteres',
  '{at}: Too small: expected array to have >={min} items': '{at}: itens de menos: pelo menos {min}',
  '{at}: Too big: expected array to have <={max} items': '{at}: itens demais: no máximo {max}',
  '{at}: Invalid input: expected number, received undefined': '{at}: falta o valor (um número)',
  '{at}: Invalid input: expected string, received undefined': '{at}: falta o valor (um texto)',
  '{at}: Invalid input: expected boolean, received undefined': '{at}: falta o valor (true ou false)',
  '{at}: Invalid input: expected object, received undefined': '{at}: falta o valor (um objeto)',
  '{at}: Invalid input: expected array, received undefined': '{at}: falta o valor (uma lista)',
  '{at}: Invalid input: expected number, received {got}': '{at}: valor inválido: era esperado um número (veio {got})',
  '{at}: Invalid input: expected string, received {got}': '{at}: valor inválido: era esperado um texto (veio {got})',
  '{at}: Invalid input: expected boolean, received {got}':
    '{at}: valor inválido: era esperado true ou false (veio {got})',
  '{at}: Invalid input: expected object, received {got}': '{at}: valor inválido: era esperado um objeto (veio {got})',
  '{at}: Invalid input: expected array, received {got}': '{at}: valor inválido: era esperada uma lista (veio {got})',
  '{at}: Invalid input: expected int, received number': '{at}: valor inválido: era esperado um número inteiro',
  '{at}: Invalid option: expected one of {values}': '{at}: opção inválida: use uma de {values}',
  '{at}: Invalid input: expected {value}': '{at}: valor inválido: era esperado {value}',
  '{at}: Invalid input': '{at}: valor inválido',
  '{at}: Invalid string: must match pattern {pattern}': '{at}: texto inválido: precisa seguir o padrão {pattern}',
  '{at}: Invalid URL': '{at}: URL inválida',
  '{at}: Invalid number: must be a multiple of {n}': '{at}: número inválido: precisa ser múltiplo de {n}',
  // option values (src/cli/shared/option-words.ts)
  '{flag} must be greater than {min}, got "{v}"': '{flag} precisa ser maior que {min}, veio "{v}"',
  '{flag} must be at least {min}, got "{v}"': '{flag} precisa ser pelo menos {min}, veio "{v}"',
  '{flag} must be less than {max}, got "{v}"': '{flag} precisa ser menor que {max}, veio "{v}"',
  '{flag} must be at most {max}, got "{v}"': '{flag} precisa ser no máximo {max}, veio "{v}"',
  '{flag} must be greater than {min}': '{flag} precisa ser maior que {min}',
  '{flag} must be at least {min}': '{flag} precisa ser pelo menos {min}',
  '{flag} must be at most {max}': '{flag} precisa ser no máximo {max}',
  '{flag} must be one of {values}': '{flag} precisa ser um de {values}',
  '{flag} takes no value': '{flag} não recebe valor',
  // files that cannot be read (src/input/source.ts)
  'is a directory': 'é uma pasta',
  'no such file': 'arquivo não encontrado',
  'permission denied': 'permissão negada',
  'is a FIFO (named pipe), not a regular file; pipe it to - instead':
    'é um FIFO (pipe nomeado), não um arquivo comum; passe-o por um pipe para - em vez disso',
  'is a device, not a regular file': 'é um dispositivo, não um arquivo comum',
  'is a socket, not a regular file': 'é um socket, não um arquivo comum',
  'not a regular file': 'não é um arquivo comum',
  'give a regular file, or - for stdin': 'dê um arquivo comum, ou - para stdin',
  // input files: FILE:LINE messages
  '{file}:{line}: 1 unknown column ignored: {what} (expected {expected}; --strict-columns refuses them)':
    '{file}:{line}: 1 coluna desconhecida ignorada: {what} (esperadas: {expected}; --strict-columns as recusa)',
  '{file}:{line}: {n} unknown columns ignored: {what} (expected {expected}; --strict-columns refuses them)':
    '{file}:{line}: {n} colunas desconhecidas ignoradas: {what} (esperadas: {expected}; --strict-columns as recusa)',
  '{file}:{line}: unknown column {what} (expected {expected})':
    '{file}:{line}: coluna desconhecida {what} (esperadas: {expected})',
  '{file}:{line}: unknown columns {what} (expected {expected})':
    '{file}:{line}: colunas desconhecidas {what} (esperadas: {expected})',
  'id, price or price_cents, variant': 'id, price ou price_cents, variant',
  'index, price or price_cents, stock': 'index, price ou price_cents, stock',
  'credential, ref, cost or cost_cents': 'credential, ref, cost ou cost_cents',
  '{file}:{line}: this line is the header of a CSV file, not a credential: add --format csv':
    '{file}:{line}: esta linha é o cabeçalho de um arquivo CSV, não uma credencial: acrescente --format csv',
  '{file}:{line}: this line is the header of a CSV file, not a credential: use --format csv':
    '{file}:{line}: esta linha é o cabeçalho de um arquivo CSV, não uma credencial: use --format csv',
  '{file}:{line}: empty credential': '{file}:{line}: credencial vazia',
  '{file}:{line}: empty credential (nothing between the separators on lines {a} and {b})':
    '{file}:{line}: credencial vazia (nada entre os separadores das linhas {a} e {b})',
  '{file}:{line}: credential longer than {n} characters': '{file}:{line}: credencial com mais de {n} caracteres',
  '{file}:{line}: ref must be {min}-{max} letters, digits, dot, hyphen or underscore':
    '{file}:{line}: ref deve ter de {min} a {max} letras, dígitos, ponto, hífen ou sublinhado',
  '{file}:{line}: ref must be a string': '{file}:{line}: ref deve ser um texto',
  '{file}:{line}: margin: a margin is from {min}% to {max}%':
    '{file}:{line}: margin: uma margem vai de {min}% a {max}%',
  '{file}:{line}: minMargin: a margin is from {min}% to {max}%':
    '{file}:{line}: minMargin: uma margem vai de {min}% a {max}%',
  '--floor {text}: a margin is from {min}% to {max}%': '--floor {text}: uma margem vai de {min}% a {max}%',
  '{file}:{line}: floor: the floor is above the ceiling': '{file}:{line}: floor: o piso está acima do teto',
  '{file}:{line}: unknown key {key} (known: name, match, margin, catalog, minMargin, round, ceiling, floor, cost)':
    '{file}:{line}: chave desconhecida {key} (conhecidas: name, match, margin, catalog, minMargin, round, ceiling, floor, cost)',
  '{file}:{line}: unknown key {key} (known: fee, salesDays, rules)':
    '{file}:{line}: chave desconhecida {key} (conhecidas: fee, salesDays, rules)',
  '{file}:{line}: unknown key {key} (known: listing, variant, game, category; or match: all)':
    '{file}:{line}: chave desconhecida {key} (conhecidas: listing, variant, game, category; ou match: all)',
  '{file}:{line}: unknown key {key}': '{file}:{line}: chave desconhecida {key}',
  '{file}:{line}: not JSON (column {column})': '{file}:{line}: não é JSON (coluna {column})',
  '{file}:{line}: not JSON': '{file}:{line}: não é JSON',
  // stock
  'stdin looks like JSONL (lines starting with {): nothing was sent':
    'a entrada padrão parece JSONL (linhas começando com {): nada foi enviado',
  'add --format jsonl (or --format lines if each line really is one credential)':
    'acrescente --format jsonl (ou --format lines se cada linha for mesmo uma credencial)',
  '{n} of {total} rows marked (fewer than {below} held)':
    '{n} de {total} linhas marcadas (menos de {below} em estoque)',
  '{n} of {total} rows marked (under {days} days left)':
    '{n} de {total} linhas marcadas (menos de {days} dias restantes)',
  '{n} of {total} rows marked (fewer than {below} held or under {days} days left)':
    '{n} de {total} linhas marcadas (menos de {below} em estoque ou menos de {days} dias restantes)',
  '--target {n} is above {max}, the most a listing or variant may hold (spec 8)':
    '--target {n} passa de {max}, o máximo que um anúncio ou variante pode ter (spec 8)',
  '{n} credentials this account sold were uploaded by svc with another pool secret, and this state folder has no ledger: svc cannot tell which pool entries were already sold; nothing was sent':
    '{n} credenciais que esta conta vendeu foram enviadas pelo svc com outro segredo de pool, e esta pasta de estado não tem registro: o svc não consegue saber quais entradas do pool já foram vendidas; nada foi enviado',
  'refused: lines {lines} ({credentials}): {code}: {message}':
    'recusadas: linhas {lines} ({credentials}): {code}: {message}',
  'at most {n} credentials per variant': 'no máximo {n} credenciais por variante',
  'removed by moderation': 'removido pela moderação',
  'request failed': 'a requisição falhou',
  // prices under the floor
  'BELOW_FLOOR: price {price} is below the floor {floor} (cost {cost} + fee {fee} + margin {margin}); nothing was sent':
    'BELOW_FLOOR: o preço {price} está abaixo do piso {floor} (custo {cost} + taxa {fee} + margem {margin}); nada foi enviado',
  'BELOW_FLOOR: price {price} is below the floor {floor} (catalog minimum {min}); nothing was sent':
    'BELOW_FLOOR: o preço {price} está abaixo do piso {floor} (mínimo do catálogo {min}); nada foi enviado',
  'BELOW_FLOOR: price {price} is below the floor {floor} (rules floor {min}); nothing was sent':
    'BELOW_FLOOR: o preço {price} está abaixo do piso {floor} (piso das regras {min}); nada foi enviado',
  'price {price} is below the floor {floor} (cost {cost} + fee {fee} + margin {margin})':
    'o preço {price} está abaixo do piso {floor} (custo {cost} + taxa {fee} + margem {margin})',
  'price {price} is below the floor {floor} (catalog minimum {min})':
    'o preço {price} está abaixo do piso {floor} (mínimo do catálogo {min})',
  'price {price} is below the floor {floor} (rules floor {min})':
    'o preço {price} está abaixo do piso {floor} (piso das regras {min})',
  // commands and help
  'topics: {topics}; commands: see `svc --help`': 'tópicos: {topics}; comandos: veja `svc --help`',
  "error: command-argument value '{v}' is invalid for argument '{name}'. Allowed choices are {list}.":
    "erro: o valor '{v}' não serve para o argumento '{name}'. Valores aceitos: {list}.",
  "error: option '{flag}' argument '{v}' is invalid. Allowed choices are {list}.":
    "erro: o valor '{v}' não serve para a opção '{flag}'. Valores aceitos: {list}.",
  '--jq {expr}: not a valid jq expression (jq: {jq})': '--jq {expr}: não é uma expressão jq válida (jq: {jq})',
  '--jq {expr}: jq stopped (jq: {jq})': '--jq {expr}: o jq parou (jq: {jq})',
  'unknown scope {scopes}': 'escopo desconhecido {scopes}',
  'listing {id}: approved': 'anúncio {id}: aprovado',
  'listing {id}: rejected': 'anúncio {id}: rejeitado',
  'listing {id}: taken down': 'anúncio {id}: removido',
  'listing {id}: rejected permanently': 'anúncio {id}: rejeitado de vez',
  '{at}: needs a v2 key (v1 creates single listings without automatic delivery)':
    '{at}: precisa de uma chave v2 (a v1 cria só anúncios simples, sem entrega automática)',
  'variants: {n} variants with automatic delivery; at most {max}':
    'variants: {n} variantes com entrega automática; no máximo {max}',
  'variants: {n} characters of credentials text; at most {max}':
    'variants: {n} caracteres de texto de credenciais; no máximo {max}',
  'the answer was not published: remove e-mail addresses, links, phone numbers and credentials, then run `svc questions answer {id} --text "..."` again (a new run sends it as a new operation, with a new idempotency key)':
    'a resposta não foi publicada: tire endereços de e-mail, links, telefones e credenciais, depois rode `svc questions answer {id} --text "..."` de novo (uma nova execução a envia como uma nova operação, com uma nova chave de idempotência)',
  'column {n} (no name)': 'coluna {n} (sem nome)',
  'column {n} has no name': 'a coluna {n} não tem nome',
  // stock status: the alert cell of a table
  '< {n} held': '< {n} em estoque',
  '< {n} days': '< {n} dias',
  '< {n} held, < {d} days': '< {n} em estoque, < {d} dias',
  'SVC_API_KEY is not a svc key (expected svc_sk_ + 64 hex, or svc_v2_sk_…)':
    'SVC_API_KEY não é uma chave do svc (esperado svc_sk_ + 64 hex, ou svc_v2_sk_…)',
  '(listing)': '(anúncio)',
  '{file}:{line}: credential longer than {n} characters ({len})':
    '{file}:{line}: credencial com mais de {n} caracteres ({len})',
  // credential files: repeats inside the file
  '1 duplicate of an earlier credential of the file dropped (line {lines})':
    '1 repetição de uma credencial anterior do arquivo descartada (linha {lines})',
  '{n} duplicates of an earlier credential of the file dropped (lines {lines})':
    '{n} repetições de credenciais anteriores do arquivo descartadas (linhas {lines})',
  '{n} duplicates of an earlier credential of the file dropped (lines {lines} and {more} more)':
    '{n} repetições de credenciais anteriores do arquivo descartadas (linhas {lines} e mais {more})',
  '1 duplicate of an earlier credential of the file sent again, --dedupe none (line {lines})':
    '1 repetição de uma credencial anterior do arquivo enviada de novo, --dedupe none (linha {lines})',
  '{n} duplicates of an earlier credential of the file sent again, --dedupe none (lines {lines})':
    '{n} repetições de credenciais anteriores do arquivo enviadas de novo, --dedupe none (linhas {lines})',
  '{n} duplicates of an earlier credential of the file sent again, --dedupe none (lines {lines} and {more} more)':
    '{n} repetições de credenciais anteriores do arquivo enviadas de novo, --dedupe none (linhas {lines} e mais {more})',
};
