// pt-BR help of the sales nouns: orders (list, show, profit, sync, reconcile), mediations, reviews,
// questions (split from help.ts by noun,;
// keyed as help.ts says).
export const SALES_HELP: Record<string, string> = {
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
};
