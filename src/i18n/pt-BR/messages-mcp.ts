// pt-BR of `svc mcp` (the MCP server for AI assistants): its help and what it says to the seller.
// Tool results are for the model and stay in English, as all machine output does.
export const MCP_MESSAGES: Record<string, string> = {
  'serve svc to an AI assistant (Model Context Protocol on stdio): reads, and writes only as plans':
    'serve o svc a um assistente de IA (Model Context Protocol no stdio): leituras, e escritas só como planos',
  'let the assistant plan these writes, comma-separated: prices, status (sent only by apply_plan)':
    'deixa o assistente planejar estas escritas, separadas por vírgula: prices, status (enviadas só por apply_plan)',
  'run with a key that can do everything (a v1 key, or every v2 scope)':
    'roda com uma chave que pode tudo (uma chave v1, ou todos os escopos v2)',
  'the most requests the assistant may send in an hour (default 600)':
    'o máximo de requisições que o assistente pode enviar em uma hora (padrão 600)',
  'the most requests the assistant may send in a day (default 2500)':
    'o máximo de requisições que o assistente pode enviar em um dia (padrão 2500)',
  'reads only': 'só leituras',
  'svc mcp: key {key}, scopes: {scopes}': 'svc mcp: chave {key}, escopos: {scopes}',
  'svc mcp: key {key} (v1, every route)': 'svc mcp: chave {key} (v1, todas as rotas)',
  'svc mcp: the key is a v1 key, which can do everything (no scopes)':
    'svc mcp: a chave é uma chave v1, que pode tudo (sem escopos)',
  'svc mcp: writes allowed, but the key lacks the scope products:write':
    'svc mcp: escritas permitidas, mas a chave não tem o escopo products:write',
  'svc mcp: the key holds every scope': 'svc mcp: a chave tem todos os escopos',
  '--allow-writes: unknown kind {kinds}': '--allow-writes: tipo desconhecido {kinds}',
  'kinds: {kinds}': 'tipos: {kinds}',
};
