// pt-BR of the lines of keys, auth, backup, the orders mirror, the pool ledger, `svc api` and the
// request core that a seller read in English (test/e2e/known-escapes.ts). A key is `chave`, a
// profile `perfil`, the pool ledger `registro do pool`, as in messages.ts. The sandbox's own
// messages (svc's code: `svc sandbox`) have entries too; a real service's message is its own.
export const MESSAGES_ESCAPES_KEYS: Readonly<Record<string, string>> = {
  // svc keys create (src/cli/keys/create.ts)
  'created {version} key #{id} "{name}"': 'chave {version} #{id} "{name}" criada',
  'created {version} key #{id} "{name}" with scopes {scopes}':
    'chave {version} #{id} "{name}" criada com os escopos {scopes}',
  'created {version} key #{id} "{name}" and stored it in profile "{profile}" as {key} (not printed)':
    'chave {version} #{id} "{name}" criada e guardada no perfil "{profile}" como {key} (não exibida)',
  'the {version} key profile "{profile}" held before ({key}) is still active: revoke it with `svc keys revoke ID` once nothing uses it':
    'a chave {version} que o perfil "{profile}" guardava antes ({key}) continua ativa: revogue-a com `svc keys revoke ID` quando nada mais a usar',
  'then the new key would be stored in a profile': 'depois a chave nova seria guardada num perfil',
  'the service created the key but did not return it': 'o serviço criou a chave, mas não a devolveu',
  'revoke it with `svc keys revoke {id}` and try again': 'revogue-a com `svc keys revoke {id}` e tente de novo',
  'scopes apply to v2 keys only': 'escopos valem só para chaves v2',
  'drop --scope, or use --version v2': 'tire o --scope, ou use --version v2',
  'unknown scope {scope}': 'escopo desconhecido {scope}',
  'scopes: {list}; see `svc keys create --help`': 'escopos: {list}; veja `svc keys create --help`',

  // svc keys revoke (src/cli/keys/revoke.ts): the key's label inside each sentence
  'revoke {version} key #{id} "{name}" ({key})': 'revogar a chave {version} #{id} "{name}" ({key})',
  'revoke {version} key #{id} "{name}" ({key})?': 'revogar a chave {version} #{id} "{name}" ({key})?',
  'revoked {version} key #{id} "{name}" ({key})': 'chave {version} #{id} "{name}" ({key}) revogada',
  '{version} key #{id} "{name}" ({key}) is already revoked; nothing to do':
    'a chave {version} #{id} "{name}" ({key}) já está revogada; nada a fazer',
  'profile "{profile}" still holds this revoked key: store a working one with `svc auth login` or `svc keys create --save`':
    'o perfil "{profile}" ainda guarda esta chave revogada: guarde uma que funcione com `svc auth login` ou `svc keys create --save`',
  // a label as a value of another text (a plan, a confirmation)
  '{version} key #{id} "{name}" ({key})': 'chave {version} #{id} "{name}" ({key})',
  'key #{id} ({key})': 'chave #{id} ({key})',

  // svc keys rotate (src/cli/keys/rotate.ts): plan, prompt, steps and what is left when one fails
  'create {version} key "{name}"': 'criar a chave {version} "{name}"',
  'create {version} key "{name}" with scopes {scopes}': 'criar a chave {version} "{name}" com os escopos {scopes}',
  // the prompt and its refusal without a terminal: the plan whole, so that no entry starting
  // with a value takes `rotate: ` for part of it
  'rotate: {creating}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({key})':
    'trocar: {creating}, guardá-la no perfil "{profile}", verificá-la com {check} e então revogar a chave #{id} ({key})',
  'rotate: {creating}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({key})?':
    'trocar: {creating}, guardá-la no perfil "{profile}", verificá-la com {check} e então revogar a chave #{id} ({key})?',
  'rotate: {creating}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({key}); {also}':
    'trocar: {creating}, guardá-la no perfil "{profile}", verificá-la com {check} e então revogar a chave #{id} ({key}); {also}',
  'rotate: {creating}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({key}); {also}?':
    'trocar: {creating}, guardá-la no perfil "{profile}", verificá-la com {check} e então revogar a chave #{id} ({key}); {also}?',
  'the same key is also stored in profile {names}, which will stop working':
    'a mesma chave também está guardada no perfil {names}, que vai parar de funcionar',
  'the same key is also stored in profiles {names}, which will stop working':
    'a mesma chave também está guardada nos perfis {names}, que vão parar de funcionar',
  'check the new key, once stored in profile "{profile}"':
    'verificar a chave nova, depois de guardada no perfil "{profile}"',
  'revoke key #{id} ({key})': 'revogar a chave #{id} ({key})',
  'rotated the {version} key of profile "{profile}": new key #{id} ({key}) stored and checked, old key #{old} revoked':
    'a chave {version} do perfil "{profile}" foi trocada: chave nova #{id} ({key}) guardada e verificada, chave antiga #{old} revogada',
  'profile "{profile}" still holds the revoked key: store the new one with `svc auth login --profile {profile}`':
    'o perfil "{profile}" ainda guarda a chave revogada: guarde a nova com `svc auth login --profile {profile}`',
  'profile "{profile}" has no {version} key to rotate': 'o perfil "{profile}" não tem chave {version} para trocar',
  'store one with `svc auth login`': 'guarde uma com `svc auth login`',
  'the service created a key but did not return it; nothing was changed':
    'o serviço criou uma chave, mas não a devolveu; nada mudou',
  'the old key is still stored and works': 'a chave antiga continua guardada e funcionando',
  'the service identified the new key as #{got}, not #{id}':
    'o serviço identificou a chave nova como #{got}, não #{id}',
  'the new key failed its check ({why}): the old key {key} is stored again and still works':
    'a chave nova falhou na verificação ({why}): a chave antiga {key} foi guardada de novo e continua funcionando',
  'nothing was revoked; run `svc keys rotate` again later':
    'nada foi revogado; rode `svc keys rotate` de novo mais tarde',
  'the new key {key} is stored in profile "{profile}" and works, but revoking the old key #{id} failed: {why}':
    'a chave nova {key} está guardada no perfil "{profile}" e funciona, mas revogar a chave antiga #{id} falhou: {why}',
  'old key #{id} ({key}) is still active': 'a chave antiga #{id} ({key}) continua ativa',
  'revoke it with `svc keys revoke {id}`': 'revogue-a com `svc keys revoke {id}`',
  'could not revoke the unused new key #{id}: revoke it with `svc keys revoke {id}`':
    'não foi possível revogar a chave nova não usada #{id}: revogue-a com `svc keys revoke {id}`',
  "the {version} key in use is not among the account's active keys":
    'a chave {version} em uso não está entre as chaves ativas da conta',
  'the {version} key in use matches {n} listed keys; cannot tell which to revoke':
    'a chave {version} em uso corresponde a {n} chaves listadas; não dá para saber qual revogar',
  'check with `svc keys list`; nothing was changed': 'confira com `svc keys list`; nada mudou',

  // svc auth status (src/config/key-store.ts): where a stored key is
  'config file {path} (mode 0600)': 'arquivo de configuração {path} (modo 0600)',
  'OS keyring: {name}, service "{service}", account "{account}"':
    'chaveiro do sistema: {name}, serviço "{service}", conta "{account}"',

  // the sandbox's own messages (src/sandbox/): svc's words, said in the seller's language
  'at most {n} active keys: revoke one first': 'no máximo {n} chaves ativas: revogue uma antes',
  'invalid API key': 'chave de API inválida',
  'missing x-api-key header': 'falta o cabeçalho x-api-key',
  'this key lacks the scope {scope}': 'esta chave não tem o escopo {scope}',
  'mediation not found': 'mediação não encontrada',
  'question not found': 'pergunta não encontrada',
  'order not found': 'pedido não encontrado',
  'review not found': 'avaliação não encontrada',
  'account not found': 'conta não encontrada',
  'key not found': 'chave não encontrada',
  'injected fault: {reason}': 'falha injetada: {reason}',
  'injected fault: Bad request': 'falha injetada: requisição inválida',
  'injected fault: Unauthorized': 'falha injetada: não autorizado',
  'injected fault: Forbidden': 'falha injetada: proibido',
  'injected fault: Not found': 'falha injetada: não encontrado',
  'injected fault: Conflict': 'falha injetada: conflito',
  'injected fault: Gone': 'falha injetada: removido',
  'injected fault: Payload too large': 'falha injetada: corpo grande demais',
  'injected fault: Unprocessable entity': 'falha injetada: entidade não processável',
  'injected fault: Too many requests': 'falha injetada: requisições demais',
  'injected fault: Internal error': 'falha injetada: erro interno',
  'injected fault: Service unavailable': 'falha injetada: serviço indisponível',
  'listing {id}: approve': 'anúncio {id}: aprovado',
  'listing {id}: reject': 'anúncio {id}: recusado',
  'listing {id}: take-down': 'anúncio {id}: retirado do ar',
  'listing {id}: reject-permanently': 'anúncio {id}: recusado para sempre',

  // the request core (src/api/client.ts, transport-errors.ts) and its --verbose trace
  '{why} (gave up after {attempts})': '{why} (desistiu depois de {attempts})',
  '1 attempt': '1 tentativa',
  '{n} attempts': '{n} tentativas',
  'connection dropped by the other side': 'conexão derrubada pelo outro lado',
  'host not found': 'host não encontrado',
  'connection timed out': 'a conexão esgotou o tempo',
  'network error: {message}': 'erro de rede: {message}',
  'network error': 'erro de rede',
  'request aborted': 'requisição interrompida',
  'failed: {note}': 'falhou: {note}',
  'no answer': 'sem resposta',
  'the service answered {where}, but the answer is not JSON': 'o serviço respondeu {where}, mas a resposta não é JSON',
  'the service answered {where}, but the answer is empty': 'o serviço respondeu {where}, mas a resposta está vazia',

  // svc api (src/cli/api/request-spec.ts)
  "svc api reaches the service's API only: a path under {a}, {b}, {c} or {d}":
    'o svc api só alcança a API do serviço: um caminho sob {a}, {b}, {c} ou {d}',
  'the path "{path}" has a . or .. segment': 'o caminho "{path}" tem um segmento . ou ..',
  'give the path as the API documents it': 'escreva o caminho como a API o documenta',

  // the orders mirror (src/state/account-identity.ts, src/mirror/)
  'account {account} seller {seller}': 'conta {account} vendedor {seller}',
  'account {account}': 'conta {account}',
  'file is not a database': 'o arquivo não é um banco de dados',
  'database disk image is malformed': 'a imagem do banco de dados está corrompida',
  'waiting for the sync of the orders mirror in process unknown':
    'esperando a sincronização do espelho de pedidos num processo desconhecido',
  // orders profit: a sale left out, by its status (A4)
  'label:pending_payment': 'aguardando pagamento',
  'label:processing': 'em processamento',
  'label:delivered': 'entregue',
  'label:completed': 'concluída',
  'label:cancelled': 'cancelada',
  'label:in_mediation': 'em mediação',

  // the pool ledger and refills (src/cli/stock/pool-sync.ts, refill.ts, src/pricing/uploaded-costs.ts)
  "the pool ledger of this account was empty, but {n} entries svc uploaded were sold (state folder lost, or another machine's?): those are now known and will not be sent again, but svc cannot see which entries listing {list} hold; nothing was sent":
    'o registro do pool desta conta estava vazio, mas {n} entradas enviadas pelo svc foram vendidas (pasta de estado perdida, ou de outra máquina?): agora elas são conhecidas e não serão enviadas de novo, mas o svc não consegue ver quais entradas o anúncio {list} contém; nada foi enviado',
  "the pool ledger of this account was empty, but {n} entries svc uploaded were sold (state folder lost, or another machine's?): those are now known and will not be sent again, but svc cannot see which entries listings {list} hold; nothing was sent":
    'o registro do pool desta conta estava vazio, mas {n} entradas enviadas pelo svc foram vendidas (pasta de estado perdida, ou de outra máquina?): agora elas são conhecidas e não serão enviadas de novo, mas o svc não consegue ver quais entradas os anúncios {list} contêm; nada foi enviado',
  "use the pool secret of the profile or CI job that uploaded them (the profile's poolSecret in the config file, or {env}), or restore the state folder (SVC_STATE_DIR) it used":
    'use o segredo de pool do perfil ou do job de CI que as enviou (o poolSecret do perfil no arquivo de configuração, ou {env}), ou restaure a pasta de estado (SVC_STATE_DIR) que ele usou',
  '{n} pool entries the service refused before are set aside (see `svc stock pool {file}`; --retry-refused takes them again)':
    '{n} entradas do pool que o serviço recusou antes ficam de lado (veja `svc stock pool {file}`; --retry-refused as tenta de novo)',
  '1 pool entries the service refused before are set aside (see `svc stock pool {file}`; --retry-refused takes them again)':
    '1 entrada do pool que o serviço recusou antes fica de lado (veja `svc stock pool {file}`; --retry-refused a tenta de novo)',
  'listing {id} has variants: say which, e.g. {example}':
    'o anúncio {id} tem variantes: diga qual, por exemplo {example}',
  'listing {id} variant {variant}: latest upload: {why}': 'anúncio {id} variante {variant}: último envio: {why}',
  'listing {id}: latest upload: {why}': 'anúncio {id}: último envio: {why}',
  '{file} moved or changed since': '{file} foi movido ou mudou desde então',
  'journal unreadable': 'diário ilegível',
  'cannot read it ({why})': 'não foi possível lê-lo ({why})',

  // the floor guard (src/cli/products/floor-guard.ts): the code stays, the reason is said
  'BELOW_FLOOR: {message}; nothing was sent': 'BELOW_FLOOR: {message}; nada foi enviado',
  'UNKNOWN_FLOOR: {message}; nothing was sent': 'UNKNOWN_FLOOR: {message}; nada foi enviado',

  // webhooks listen without a v2 key (src/cli/webhooks/listen.ts)
  '{hint}; or pass --no-confirm to hand notifications on unconfirmed':
    '{hint}; ou passe --no-confirm para repassar as notificações sem confirmar',
  'or pass --no-confirm to hand notifications on unconfirmed':
    'ou passe --no-confirm para repassar as notificações sem confirmar',
};
