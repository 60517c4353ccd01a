// pt-BR of the texts about the account's identity, the pool secret per account, credentials
// already sold, and reports read from a mirror that cannot be trusted.
export const MESSAGES_IDENTITY: Readonly<Record<string, string>> = {
  'send the API key over plain http to a host other than this machine':
    'enviar a chave da API por http simples a um host que não é esta máquina',
  'the base URL {url} is plain http to another machine: svc does not send the API key in clear over the network; nothing was sent':
    'a URL base {url} é http simples para outra máquina: o svc não envia a chave da API às claras pela rede; nada foi enviado',
  'use https://, or add --insecure-http if this network is yours and you accept that the key can be read on it':
    'use https://, ou acrescente --insecure-http se esta rede é sua e você aceita que a chave possa ser lida nela',
};
