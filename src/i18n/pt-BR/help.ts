// pt-BR of the command tree's help: descriptions, options, arguments, example comments and
// the texts after the options. Keyed by the English text exactly as written in the
// verb; test/i18n/catalogue.test.ts fails on a --help line left in English.
// One file per group of nouns (no file over 400 lines): this one has the program,
// its global options, auth, account, catalog, keys, completion and help; the others are named
// in the imports. A key is in one file only.
import { LISTINGS_HELP } from './help-listings.js';
import { SALES_HELP } from './help-sales.js';
import { WEBHOOKS_HELP } from './help-webhooks.js';
import { SHOP_HELP } from './help-shop.js';

const GENERAL_HELP: Record<string, string> = {
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
  'Exit codes: 0 ok, 1 refused/failed, 2 usage or bad input (nothing sent), 3 some items refused, 4 auth, 5 rate limit with --no-wait, 6 cancelled at a prompt, 130 interrupted (see `svc help exit-codes`).':
    'Códigos de saída: 0 ok, 1 recusado/falhou, 2 uso ou entrada inválida (nada enviado), 3 alguns itens recusados, 4 autenticação, 5 limite de requisições com --no-wait, 6 cancelado numa confirmação, 130 interrompido (veja `svc help exit-codes`).',
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
};

export const HELP: Record<string, string> = {
  ...GENERAL_HELP,
  ...LISTINGS_HELP,
  ...SALES_HELP,
  ...WEBHOOKS_HELP,
  ...SHOP_HELP,
};
