// pt-BR of the texts about credentials `stock add` does not upload again: held by another listing
// of the account, and what a dry run says of the requests its check spends.
export const MESSAGES_RESEND: Readonly<Record<string, string>> = {
  '{file}:{line}: svc uploaded this credential to {place} already, where it is not sold: the service holds it there, and each listing could deliver it; svc does not upload it again (--allow-resend to send it anyway)':
    '{file}:{line}: o svc já enviou esta credencial para {place}, onde ela não foi vendida: o serviço a guarda lá, e cada anúncio poderia entregá-la; o svc não a envia de novo (--allow-resend para enviá-la mesmo assim)',
  '{n} credentials of {file} are held by another listing already and are sent here too (--allow-resend)':
    '{n} credenciais de {file} já estão em outro anúncio e são enviadas aqui também (--allow-resend)',
};
