// pt-BR of `products update`'s change lines and question on a terminal.
export const MESSAGES_UPDATE: Readonly<Record<string, string>> = {
  'listing {id}: price {from} → {to}': 'anúncio {id}: preço {from} → {to}',
  'listing {id}: inactive → active': 'anúncio {id}: inativo → ativo',
  'listing {id}: active → inactive': 'anúncio {id}: ativo → inativo',
  'change listing {id}?': 'alterar o anúncio {id}?',
  'change listing {id}': 'alterar o anúncio {id}',
};
