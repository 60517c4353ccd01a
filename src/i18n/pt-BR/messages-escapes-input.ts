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
};
