// pt-BR help of the listings nouns: products (list, show, bulk price/status, create, edit, reprice
// with its floors), variants and stock (add, jobs, status, refill, pool) (split from help.ts by noun,;
// keyed as help.ts says).
export const LISTINGS_HELP: Record<string, string> = {
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
  'top a listing (or variant) up to N credentials from a pool file, never sending an entry twice':
    'completa um anúncio (ou variante) até N credenciais de um arquivo de estoque, sem nunca enviar uma entrada duas vezes',
  'the ledger was lost and rebuilt from the orders: go on although other listings hold credentials (none from this pool)':
    'o registro foi perdido e refeito a partir dos pedidos: continua mesmo que outros anúncios tenham credenciais (nenhuma deste estoque)',
  'reactivate the listing once it has stock (bulk-status; refusals with their codes)':
    'reativa o anúncio quando ele tiver estoque (bulk-status; recusas com seus códigos)',
  'deactivate the listing when it and the pool are both empty':
    'desativa o anúncio quando ele e o arquivo de estoque estiverem vazios',
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
};
