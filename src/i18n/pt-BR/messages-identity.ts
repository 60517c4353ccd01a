// pt-BR of the texts about the account's identity, the pool secret per account, credentials
// already sold, and reports read from a mirror that cannot be trusted.
export const MESSAGES_IDENTITY: Readonly<Record<string, string>> = {
  'also send credentials this account sold already (svc refuses them by default, with their lines)':
    'enviar também credenciais que esta conta já vendeu (por padrão o svc as recusa, com suas linhas)',
  'send the API key over plain http to a host other than this machine':
    'enviar a chave da API por http simples a um host que não é esta máquina',
  'the base URL {url} is plain http to another machine: svc does not send the API key in clear over the network; nothing was sent':
    'a URL base {url} é http simples para outra máquina: o svc não envia a chave da API às claras pela rede; nada foi enviado',
  'use https://, or add --insecure-http if this network is yours and you accept that the key can be read on it':
    'use https://, ou acrescente --insecure-http se esta rede é sua e você aceita que a chave possa ser lida nela',
  'this account already has {n} credentials uploaded by svc with another pool secret: with this one svc would not recognise them, and could sell the same account twice; nothing was sent':
    'esta conta já tem {n} credenciais enviadas pelo svc com outro segredo de pool: com este o svc não as reconheceria e poderia vender a mesma conta duas vezes; nada foi enviado',
  'use one pool secret per account: copy the poolSecret line of the profile that uploaded them into this profile in the config file, or set {env} to the secret the CI job that uploaded them uses (svc never prints a secret)':
    'use um segredo de pool por conta: copie a linha poolSecret do perfil que as enviou para este perfil no arquivo de configuração, ou defina {env} com o segredo que o job de CI que as enviou usa (o svc nunca imprime um segredo)',
  '{file}:{line}: this credential was sold already (order {order}); svc does not upload it again (--allow-resend to send it anyway)':
    '{file}:{line}: esta credencial já foi vendida (pedido {order}); o svc não a envia de novo (--allow-resend para enviá-la mesmo assim)',
  '{n} credentials of {file} were sold already and are sent again (--allow-resend)':
    '{n} credenciais de {file} já foram vendidas e são enviadas de novo (--allow-resend)',
  "{n} credentials this account sold were tagged by svc with another pool secret: `stock add` cannot tell whether this file holds them (use that secret here: the profile's poolSecret or {env})":
    '{n} credenciais que esta conta vendeu foram marcadas pelo svc com outro segredo de pool: o `stock add` não sabe se este arquivo as contém (use aquele segredo aqui: o poolSecret do perfil ou {env})',
  'there is no orders mirror at {file} yet: --offline has nothing to read':
    'ainda não há espelho de pedidos em {file}: --offline não tem o que ler',
  'run `svc orders sync` (without --offline) to bring it up to date from the service':
    'rode `svc orders sync` (sem --offline) para atualizá-lo a partir do serviço',
  'the orders mirror {file} {problem}: --offline cannot read it, and nothing was rebuilt':
    'o espelho de pedidos {file} {problem}: --offline não consegue lê-lo, e nada foi refeito',
  'another svc (process {pid}) is syncing the orders mirror {file}: what it holds now is not a whole report':
    'outro svc (processo {pid}) está sincronizando o espelho de pedidos {file}: o que ele contém agora não é um relatório completo',
  'wait for that sync to finish and run again': 'espere essa sincronização terminar e rode de novo',
  'the orders mirror {file} is incomplete: its last sync did not finish (killed or interrupted), so a report from it would be wrong':
    'o espelho de pedidos {file} está incompleto: sua última sincronização não terminou (encerrada ou interrompida), então um relatório dele estaria errado',
  'svc does not know yet which account the key in use belongs to, so it cannot tell whether the orders mirror {file} is its own':
    'o svc ainda não sabe a qual conta pertence a chave em uso, então não pode dizer se o espelho de pedidos {file} é dela',
  'run any command once without --offline (one request, remembered)':
    'rode qualquer comando uma vez sem --offline (uma requisição, lembrada)',
  'the orders mirror {file} holds the orders of {made}, and the key in use is of {now}: svc does not mix them':
    'o espelho de pedidos {file} contém os pedidos de {made}, e a chave em uso é de {now}: o svc não os mistura',
  'svc needs a v2 key to know which account it works for':
    'o svc precisa de uma chave v2 para saber para qual conta trabalha',
};
