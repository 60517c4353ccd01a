// pt-BR of the texts about credentials `stock add` does not upload again: held by another listing
// of the account, and what a dry run says of the requests its check spends.
export const MESSAGES_RESEND: Readonly<Record<string, string>> = {
  '{file}:{line}: svc uploaded this credential to {place} already, where it is not sold: the service holds it there, and each listing could deliver it; svc does not upload it again (--allow-resend to send it anyway)':
    '{file}:{line}: o svc já enviou esta credencial para {place}, onde ela não foi vendida: o serviço a guarda lá, e cada anúncio poderia entregá-la; o svc não a envia de novo (--allow-resend para enviá-la mesmo assim)',
  '{n} credentials of {file} are held by another listing already and are sent here too (--allow-resend)':
    '{n} credenciais de {file} já estão em outro anúncio e são enviadas aqui também (--allow-resend)',
  'sales read to find credentials already sold: {n} request':
    'vendas lidas para achar credenciais já vendidas: {n} requisição',
  'sales read to find credentials already sold: {n} requests':
    'vendas lidas para achar credenciais já vendidas: {n} requisições',
  'sent again (--allow-resend): {n} credentials sold or held by another listing':
    'enviadas de novo (--allow-resend): {n} credenciais vendidas ou em outro anúncio',
  'which account this key is: 1 request (GET /me, once per key)':
    'de qual conta é esta chave: 1 requisição (GET /me, uma vez por chave)',
  'job {id} was started for another account than the one of the key in use; svc does not send its items here':
    'o job {id} foi iniciado para outra conta que não a da chave em uso; o svc não envia seus itens para cá',
  'resume it with a key of the account that started it, or run the command without --resume to start a new job':
    'retome-o com uma chave da conta que o iniciou, ou rode o comando sem --resume para começar um novo job',
  'the account sold {n} credentials uploaded with this pool secret from another state folder (another machine or HOME): what that folder uploaded and did not sell cannot be checked here (copy the state folder when you move machines)':
    'a conta vendeu {n} credenciais enviadas com este segredo de pool a partir de outra pasta de estado (outra máquina ou HOME): o que aquela pasta enviou e não vendeu não pode ser verificado aqui (copie a pasta de estado ao trocar de máquina)',
  'waiting for the stock job running in process {pid}': 'esperando o job de estoque em execução no processo {pid}',
};
