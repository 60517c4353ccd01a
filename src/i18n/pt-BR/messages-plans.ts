// pt-BR of the plans, summaries, counts and table words of the bulk verbs, reprice, stock, the
// shop and the orders mirror: what a seller reads before and after a write. Keyed by the English
// text; `{name}` is a value. Counts come whole from src/output/plural.ts (`{n} items`).
export const PLANS: Record<string, string> = {
  // counts (src/output/plural.ts)
  '{n} item': '{n} item',
  '{n} items': '{n} itens',
  '{n} request': '{n} requisição',
  '{n} requests': '{n} requisições',
  '{n} row': '{n} linha',
  '{n} rows': '{n} linhas',
  '{n} new price': '{n} preço novo',
  '{n} new prices': '{n} preços novos',
  '{n} sale': '{n} venda',
  '{n} sales': '{n} vendas',
  '{n} order': '{n} pedido',
  '{n} orders': '{n} pedidos',
  '{n} review': '{n} avaliação',
  '{n} reviews': '{n} avaliações',
  '{n} rule': '{n} regra',
  '{n} rules': '{n} regras',
  '{n} notice': '{n} aviso',
  '{n} notices': '{n} avisos',
  '{n} credential': '{n} credencial',
  '{n} credentials': '{n} credenciais',
  '{n} variant': '{n} variante',
  '{n} variants': '{n} variantes',
  '{n} listing': '{n} anúncio',
  '{n} listings': '{n} anúncios',
  '{n} missed sale event': '{n} evento de venda perdido',
  '{n} missed sale events': '{n} eventos de venda perdidos',
  '{n} stuck sale': '{n} venda parada',
  '{n} stuck sales': '{n} vendas paradas',
  // the plan of a bulk job (src/cli/shared/job-runner.ts)
  'input: {input}, {items}': 'entrada: {input}, {items}',
  'send {what}: {items} in {requests}': 'enviar {what}: {items} em {requests}',
  'listing prices': 'preços de anúncios',
  'variant prices': 'preços de variantes',
  credentials: 'credenciais',
  'listing statuses': 'status de anúncios',
  '({n} of {limit} left in this minute)': '(restam {n} de {limit} neste minuto)',
  'requests: {n}': 'requisições: {n}',
  'estimated time: {s} s': 'tempo estimado: {s} s',
  'estimated time: {s} s for the {n} requests the day allows':
    'tempo estimado: {s} s para as {n} requisições que o dia permite',
  'daily quota: {n} left today ({source})': 'cota diária: restam {n} hoje ({source})',
  'daily quota: {n} left today ({source}), the job needs {need}: the run would stop after {left} with exit 5 and a resume command':
    'cota diária: restam {n} hoje ({source}), o job precisa de {need}: a execução pararia depois de {left} com saída 5 e um comando para retomar',
  '; the quota resets at {at}': '; a cota recomeça às {at}',
  'as `svc usage` reports': 'segundo `svc usage`',
  'the documented limit': 'o limite documentado',
  'refused before sending: {rows}': 'recusadas antes do envio: {rows}',
  '… and {n} more (--report FILE lists every row)': '… e mais {n} (--report FILE lista todas as linhas)',
  'send {items}?': 'enviar {items}?',
  '{n} of {total} need a look (all items: -o json or --report FILE):':
    '{n} de {total} pedem atenção (todos os itens: -o json ou --report FILE):',
  '{title}: chunk {done}/{chunks}, {items}/{total} items, {failed} failed':
    '{title}: bloco {done}/{chunks}, {items}/{total} itens, {failed} com falha',
  ', ETA {s} s': ', faltam ~{s} s',
  stock: 'estoque',
  'bulk-price': 'preços em lote',
  'bulk-status': 'status em lote',
  variants: 'variantes',
  refill: 'reposição',
  // outcomes of a job, in a table
  ok: 'ok',
  unchanged: 'sem mudança',
  failed: 'falhou',
  skipped: 'pulado',
  paused: 'pausado',
  activate: 'ativar',
  deactivate: 'desativar',
  refused: 'recusado',
  planned: 'planejado',
  'needs seller': 'precisa de você',
  none: 'nenhum',
  // bulk-price and reprice (src/cli/products/bulk-price.ts, reprice.ts)
  '{label}: {rows}, {ok}, {unchanged}, {refused}, {requests}':
    '{label}: {rows}, {ok}, {unchanged}, {refused}, {requests}',
  'price moves {change}% ({from} → {to}), more than --max-change {pct}':
    'o preço muda {change}% ({from} → {to}), mais que --max-change {pct}',
  'left alone: {ids} (see --dry-run)': 'deixados como estão: {ids} (veja --dry-run)',
  'dry run: nothing sent; {counts}': 'simulação: nada enviado; {counts}',
  'nothing to send: {counts}': 'nada a enviar: {counts}',
  'plan: {counts}': 'plano: {counts}',
  'refused unless --max-change is raised above {pct}%: {ids}':
    'recusados a menos que --max-change passe de {pct}%: {ids}',
  'rows with unknown cost are left alone; --allow-unknown-cost prices them from the catalog floor':
    'linhas sem custo conhecido ficam como estão; --allow-unknown-cost as precifica pelo mínimo do catálogo',
  'fee {fee} (configured)': 'taxa {fee} (configurada)',
  'fee {fee} inferred from {sales} of the last {days} days': 'taxa {fee} deduzida de {sales} dos últimos {days} dias',
  '{n} to change': '{n} a mudar',
  '{n} unchanged': '{n} sem mudança',
  '{n} with unknown cost': '{n} sem custo conhecido',
  '{n} held': '{n} retidas',
  '{n} not selected by any rule': '{n} fora de toda regra',
  '{file}: {counts}; sent': '{file}: {counts}; enviado',
  // the reasons of a reprice plan (src/pricing/plan.ts), in its table
  'unknown cost: left alone': 'custo desconhecido: deixado como está',
  'margin {margin}': 'margem {margin}',
  '{why}, rounded {ending}': '{why}, arredondado para {ending}',
  // the state cell of `stock status` (svc's own words for a listing's state)
  active: 'ativo',
  inactive: 'inativo',
  'out of stock': 'sem estoque',
  'under review': 'em análise',
  rejected: 'rejeitado',
  'taken down': 'removido',
  'permanently rejected': 'rejeitado de vez',
  '{why}, held at the ceiling {ceiling}': '{why}, contido no teto {ceiling}',
  '{why}, under the ceiling {ceiling}, rounded {rounding} down':
    '{why}, abaixo do teto {ceiling}, arredondado para baixo em {rounding}',
  '{why}: above the maximum price, held': '{why}: acima do preço máximo, mantido',
  'refuse rows whose price moves more than PCT percent from the current one (default 30)':
    'recusa linhas cujo preço muda mais de PCT por cento do atual (padrão 30)',
  // products update: what sends a listing back to review (src/api/rules/review.ts)
  'changing {fields} sends listing {id} back to review (status em_analise) until the platform approves it':
    'mudar {fields} manda o anúncio {id} de volta para a análise (status em_analise) até a plataforma aprovar',
  'the title': 'o título',
  'the description': 'a descrição',
  'the warranty': 'a garantia',
  'the delivery time': 'o prazo de entrega',
  arguments: 'argumentos',
  // products create without --file
  missing: 'faltando',
  'at least {n} characters': 'pelo menos {n} caracteres',
  'at most {n} characters': 'no máximo {n} caracteres',
  'label:at least {n}': 'pelo menos {n}',
  'label:at most {n}': 'no máximo {n}',
  // stock (src/cli/stock/add-job.ts, refill-job.ts)
  '{target}: {added} added, {duplicates} skipped as duplicates, {total} now in stock ({requests})':
    '{target}: {added} adicionadas, {duplicates} puladas por repetidas, {total} em estoque agora ({requests})',
  'refused: lines {lines} ({credentials}): {code}: {message}':
    'recusadas: linhas {lines} ({credentials}): {code}: {message}',
  '{target}: {total} sent from pool {pool} ({added} added, {duplicates} already held), {inStock} now in stock ({requests})':
    '{target}: {total} enviadas do pool {pool} ({added} adicionadas, {duplicates} já presentes), {inStock} em estoque agora ({requests})',
  '; pool: {n} left': '; pool: restam {n}',
  'lines {lines}: {code}: {message}': 'linhas {lines}: {code}: {message}',
  // stock refill --dry-run (src/cli/stock/refill-dry.ts)
  '{n} entry': '{n} entrada',
  '{n} entries': '{n} entradas',
  '{n} job': '{n} job',
  '{n} jobs': '{n} jobs',
  '{target}: {held} held, target {want}: {needed}': '{target}: {held} em estoque, alvo {want}: {needed}',
  'would first finish the unfinished refill {jobs} ({entries})':
    'terminaria antes a reposição inacabada {jobs} ({entries})',
  'would send: {entries} from pool {pool} in {requests}': 'enviaria: {entries} do pool {pool} em {requests}',
  'pool {pool}: {entries}, {used} (any pool of this account), {sold}, {refused}, {left}':
    'pool {pool}: {entries}, {used} (qualquer pool desta conta), {sold}, {refused}, {left}',
  'which account this key is: 1 request (GET /me, once per key)':
    'de qual conta é esta chave: 1 requisição (GET /me, uma vez por chave)',
  'daily quota: {n} left today ({source}), the refill needs {need}':
    'cota diária: restam {n} hoje ({source}), a reposição precisa de {need}',
  // the shop (src/cli/shop/report.ts)
  // each figure after its word: "repostas: 1 credencial" agrees whatever the count
  'shop: {rules}, {sent} refilled, {on} reactivated, {off} deactivated, {notices}':
    'loja: {rules}; repostas: {sent}; reativados: {on}; desativados: {off}; {notices}',
  '; needs you: {rules}': '; precisa de você: {rules}',
  // orders
  'listing {id}': 'anúncio {id}',
  'listing {id} variant {variant}': 'anúncio {id} variante {variant}',
  '{items} had no recorded cost and counted as 0': '{items} sem custo registrado (custo 0 na conta)',
  'not counted: {sales} not delivered or completed ({list})':
    'fora da conta: {sales} não entregues nem concluídas ({list})',
  'not counted (only delivered and completed sales count):': 'fora da conta (só vendas entregues e concluídas contam):',
  '{event} payload (spec 6.4):': 'conteúdo de {event} (spec 6.4):',
  'delivered items:': 'itens entregues:',
  'none recorded (no ref or cost was attached, or the sale predates the feature)':
    'nenhum registrado (sem ref nem custo, ou a venda é anterior ao recurso)',
  '{items} without a cost, counted as 0': '{items} sem custo, contados como 0',
  'orders mirror up to date: {total} held, {added} new, {requests}':
    'espelho de pedidos em dia: {total} guardados, {added} novos, {requests}',
  '(whole history read)': '(histórico inteiro lido)',
  '(went on from an interrupted sync)': '(continuou de uma sincronização interrompida)',
  'first reconcile: sales from now on are caught up; nothing before {since} is replayed (--since 2h looks back)':
    'primeira conciliação: as vendas daqui em diante são acompanhadas; nada antes de {since} é reenviado (--since 2h olha para trás)',
  '{events} handed on since {since}': '{events} repassados desde {since}',
  '{n} already handed on by the listener': '{n} já repassados pelo receptor',
  '{n} failed (kept for the next run)': '{n} com falha (guardados para a próxima execução)',
  '{sales} (paid, not delivered)': '{sales} (pagas, não entregues)',
  'reconcile: {parts}': 'conciliação: {parts}',
  // reviews and auth
  '{reviews}, average {average} of 5': '{reviews}, média {average} de 5',
  'profile: "{name}"': 'perfil: "{name}"',
  'no channels in the config': 'nenhum canal na configuração',
  'no profiles yet: run `svc auth login` or `svc sandbox`':
    'nenhum perfil ainda: rode `svc auth login` ou `svc sandbox`',
  'dry run:': 'simulação:',
  '; {notices} not delivered': '; {notices} não entregues',
  'would send to "{name}" ({type}):': 'enviaria para "{name}" ({type}):',
  'dry run: nothing sent; no channel takes the digest': 'simulação: nada enviado; nenhum canal recebe o resumo',
  'dry run: nothing sent; would send to {channels}:': 'simulação: nada enviado; enviaria para {channels}:',
  'e.g. `svc api /api/v2/products --paginate`': 'ex.: `svc api /api/v2/products --paginate`',
  'dry run: would POST to {url} with X-Service-Event: {event}':
    'simulação: enviaria um POST para {url} com X-Service-Event: {event}',
  'base URL: {url}': 'URL base: {url}',
  '{version} key stored in: {where}': 'chave {version} guardada em: {where}',
  'OS keyring': 'chaveiro do sistema',
  'config file': 'arquivo de configuração',
  'header:action': 'ação',
  'header:detail': 'detalhe',
};

/** Table headers of the same commands, keyed `header:NAME` as in src/i18n/pt-BR/index.ts. */
export const PLAN_HEADERS: Record<string, string> = {
  'header:job_id': 'job',
  'header:credentials': 'credenciais',
  'header:added': 'adicionadas',
  'header:duplicates': 'repetidas',
  'header:dropped_in_file': 'repetidas no arquivo',
  'header:trimmed': 'aparadas',
  'header:in_stock': 'em estoque',
  'header:requests': 'requisições',
  'header:failed': 'falhas',
  'header:refused': 'recusadas',
  'header:target': 'alvo',
  'header:sent': 'enviadas',
  'header:sold_meanwhile': 'vendidas no meio',
  'header:pool_left': 'restam no pool',
  'header:rule': 'regra',
  'header:refill': 'repor',
  'header:in stock': 'estoque depois',
  'header:pool left': 'resta no pool',
  'header:alerts': 'alertas',
  'header:min': 'mín',
  'header:current': 'atual',
  'header:new': 'novo',
  'header:floor': 'piso',
  'header:margin': 'margem',
  'header:basis': 'base',
};
