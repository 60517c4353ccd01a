// pt-BR of `svc keys` (create, revoke, rotate) and of the request core's failures. A key is named
// once by keyLabel (src/cli/keys/key-record.ts, the `label:` entries) and the messages around it
// take it whole as {label}.
export const MESSAGES_KEYS: Readonly<Record<string, string>> = {
  'label:{version} key #{id}': 'chave {version} #{id}',
  'label:key #{id}': 'chave #{id}',
  // create
  'created {label} and stored it in profile "{profile}" as {masked} (not printed)':
    '{label} criada e guardada no perfil "{profile}" como {masked} (não mostrada)',
  'created {label} with scopes {scopes}': '{label} criada com os escopos {scopes}',
  'created {label}': '{label} criada',
  'the {version} key profile "{profile}" held before ({masked}) is still active: revoke it with `svc keys revoke ID` once nothing uses it':
    'a chave {version} que o perfil "{profile}" tinha antes ({masked}) continua ativa: revogue-a com `svc keys revoke ID` quando nada mais a usar',
  'the service created the key but did not return it': 'o serviço criou a chave mas não a devolveu',
  'revoke it with `svc keys revoke {id}` and try again': 'revogue-a com `svc keys revoke {id}` e tente de novo',
  'scopes apply to v2 keys only': 'escopos valem só para chaves v2',
  'drop --scope, or use --version v2': 'tire --scope, ou use --version v2',
  'then the new key would be stored in a profile': 'depois a chave nova seria guardada num perfil',
  // revoke
  '{label} is already revoked; nothing to do': '{label} já está revogada; nada a fazer',
  'revoke {label}': 'revogar {label}',
  'revoked {label}': '{label} revogada',
  'profile "{profile}" still holds this revoked key: store a working one with `svc auth login` or `svc keys create --save`':
    'o perfil "{profile}" ainda guarda esta chave revogada: guarde uma que funcione com `svc auth login` ou `svc keys create --save`',
  // rotate
  'rotate: create {version} key "{name}" with scopes {scopes}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({shown})':
    'rotate: criar a chave {version} "{name}" com os escopos {scopes}, guardá-la no perfil "{profile}", conferi-la com {check}, depois revogar a chave #{id} ({shown})',
  'rotate: create {version} key "{name}", store it in profile "{profile}", check it with {check}, then revoke key #{id} ({shown})':
    'rotate: criar a chave {version} "{name}", guardá-la no perfil "{profile}", conferi-la com {check}, depois revogar a chave #{id} ({shown})',
  'rotate: create {version} key "{name}" with scopes {scopes}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({shown}); the same key is also stored in profile {others}, which will stop working':
    'rotate: criar a chave {version} "{name}" com os escopos {scopes}, guardá-la no perfil "{profile}", conferi-la com {check}, depois revogar a chave #{id} ({shown}); a mesma chave também está guardada no perfil {others}, que vai parar de funcionar',
  'rotate: create {version} key "{name}" with scopes {scopes}, store it in profile "{profile}", check it with {check}, then revoke key #{id} ({shown}); the same key is also stored in profiles {others}, which will stop working':
    'rotate: criar a chave {version} "{name}" com os escopos {scopes}, guardá-la no perfil "{profile}", conferi-la com {check}, depois revogar a chave #{id} ({shown}); a mesma chave também está guardada nos perfis {others}, que vão parar de funcionar',
  'rotate: create {version} key "{name}", store it in profile "{profile}", check it with {check}, then revoke key #{id} ({shown}); the same key is also stored in profile {others}, which will stop working':
    'rotate: criar a chave {version} "{name}", guardá-la no perfil "{profile}", conferi-la com {check}, depois revogar a chave #{id} ({shown}); a mesma chave também está guardada no perfil {others}, que vai parar de funcionar',
  'rotate: create {version} key "{name}", store it in profile "{profile}", check it with {check}, then revoke key #{id} ({shown}); the same key is also stored in profiles {others}, which will stop working':
    'rotate: criar a chave {version} "{name}", guardá-la no perfil "{profile}", conferi-la com {check}, depois revogar a chave #{id} ({shown}); a mesma chave também está guardada nos perfis {others}, que vão parar de funcionar',
  'create {version} key "{name}" with scopes {scopes}': 'criar a chave {version} "{name}" com os escopos {scopes}',
  'create {version} key "{name}"': 'criar a chave {version} "{name}"',
  'check the new key, once stored in profile "{profile}"': 'conferir a chave nova, já guardada no perfil "{profile}"',
  'revoke key #{id} ({shown})': 'revogar a chave #{id} ({shown})',
  'the same key is also stored in profile {others}, which will stop working':
    'a mesma chave também está guardada no perfil {others}, que vai parar de funcionar',
  'the same key is also stored in profiles {others}, which will stop working':
    'a mesma chave também está guardada nos perfis {others}, que vão parar de funcionar',
  'rotated the {version} key of profile "{profile}": new key #{id} ({masked}) stored and checked, old key #{old} revoked':
    'chave {version} do perfil "{profile}" trocada: chave nova #{id} ({masked}) guardada e conferida, chave antiga #{old} revogada',
  'profile "{profile}" still holds the revoked key: store the new one with `svc auth login --profile {name}`':
    'o perfil "{profile}" ainda guarda a chave revogada: guarde a nova com `svc auth login --profile {name}`',
  'the new key failed its check ({why}): the old key {masked} is stored again and still works':
    'a chave nova falhou na conferência ({why}): a chave antiga {masked} foi guardada de novo e continua funcionando',
  'nothing was revoked; run `svc keys rotate` again later':
    'nada foi revogado; rode `svc keys rotate` de novo mais tarde',
  'the new key {masked} is stored in profile "{profile}" and works, but revoking the old key #{id} failed: {why}':
    'a chave nova {masked} está guardada no perfil "{profile}" e funciona, mas revogar a chave antiga #{id} falhou: {why}',
  'old key #{id} ({shown}) is still active': 'a chave antiga #{id} ({shown}) continua ativa',
  'revoke it with `svc keys revoke {id}`': 'revogue-a com `svc keys revoke {id}`',
  'profile "{profile}" has no {version} key to rotate': 'o perfil "{profile}" não tem chave {version} para trocar',
  'the service created a key but did not return it; nothing was changed':
    'o serviço criou uma chave mas não a devolveu; nada mudou',
  'the old key is still stored and works': 'a chave antiga continua guardada e funcionando',
  'the service identified the new key as #{got}, not #{id}':
    'o serviço identificou a chave nova como #{got}, não #{id}',
  "the {version} key in use is not among the account's active keys":
    'a chave {version} em uso não está entre as chaves ativas da conta',
  'the {version} key in use matches {n} listed keys; cannot tell which to revoke':
    'a chave {version} em uso corresponde a {n} chaves listadas; não dá para saber qual revogar',
  'check with `svc keys list`; nothing was changed': 'confira com `svc keys list`; nada mudou',
  'could not revoke the unused new key #{id}: revoke it with `svc keys revoke {id2}`':
    'não foi possível revogar a chave nova não usada #{id}: revogue-a com `svc keys revoke {id2}`',
  // the service's own messages for the codes and statuses the spec names (sandbox wording)
  'at most {n} active keys: revoke one first': 'no máximo {n} chaves ativas: revogue uma antes',
  'invalid API key': 'chave de API inválida',
  'mediation not found': 'mediação não encontrada',
  'question not found': 'pergunta não encontrada',
  'this key lacks the scope {scope}': 'esta chave não tem o escopo {scope}',
  // the request core: how many tries it took (inside `… (gave up after {attempts})`)
  '1 attempt': '1 tentativa',
  '{n} attempts': '{n} tentativas',
  // the orders mirror
  'the orders mirror {file} holds the orders of {made}, and the key in use is of {now}: svc does not mix them':
    'o espelho de pedidos {file} guarda os pedidos de {made}, e a chave em uso é de {now}: o svc não mistura os dois',
  'account {account} seller {seller}': 'conta {account} vendedor {seller}',
  'account {account}': 'conta {account}',
  'file is not a database': 'o arquivo não é um banco de dados',
  'the service answered {where}, but the answer is not JSON': 'o serviço respondeu {where}, mas a resposta não é JSON',
  'the service answered {where}, but the answer is empty': 'o serviço respondeu {where}, mas a resposta está vazia',
  // where a key is stored (svc auth status)
  'config file {file} (mode 0600)': 'arquivo de configuração {file} (modo 0600)',
  'OS keyring: {name}, service "{service}", account "{account}"':
    'cofre do sistema: {name}, serviço "{service}", conta "{account}"',
  // --verbose: one line per request
  'failed: {why}': 'falhou: {why}',
  'no answer': 'sem resposta',
  // webhooks listen without a v2 key
  '{hint}; or pass --no-confirm to hand notifications on unconfirmed':
    '{hint}; ou passe --no-confirm para repassar as notificações sem confirmação',
  'or pass --no-confirm to hand notifications on unconfirmed':
    'ou passe --no-confirm para repassar as notificações sem confirmação',
  // stock refill
  '{n} pool entries the service refused before are set aside (see `svc stock pool {pool}`; --retry-refused takes them again)':
    '{n} entradas do pool que o serviço recusou antes ficam de lado (veja `svc stock pool {pool}`; --retry-refused as tenta de novo)',
  // svc api
  'the path "{path}" has a . or .. segment': 'o caminho "{path}" tem um segmento . ou ..',
  'give the path as the API documents it': 'dê o caminho como a API o documenta',
  // pools
  "use the pool secret of the profile or CI job that uploaded them (the profile's poolSecret in the config file, or {env}), or restore the state folder (SVC_STATE_DIR) it used":
    'use o segredo de pool do perfil ou do job de CI que as enviou (o poolSecret do perfil no arquivo de configuração, ou {env}), ou restaure a pasta de estado (SVC_STATE_DIR) que ele usou',
  "the pool ledger of this account was empty, but {n} entries svc uploaded were sold (state folder lost, or another machine's?): those are now known and will not be sent again, but svc cannot see which entries listing {ids} hold; nothing was sent":
    'o registro de pool desta conta estava vazio, mas {n} entradas que o svc enviou foram vendidas (pasta de estado perdida, ou de outra máquina?): agora elas são conhecidas e não serão enviadas de novo, mas o svc não consegue ver quais entradas o anúncio {ids} tem; nada foi enviado',
  "the pool ledger of this account was empty, but {n} entries svc uploaded were sold (state folder lost, or another machine's?): those are now known and will not be sent again, but svc cannot see which entries listings {ids} hold; nothing was sent":
    'o registro de pool desta conta estava vazio, mas {n} entradas que o svc enviou foram vendidas (pasta de estado perdida, ou de outra máquina?): agora elas são conhecidas e não serão enviadas de novo, mas o svc não consegue ver quais entradas os anúncios {ids} têm; nada foi enviado',
  // products reprice: a listing whose latest upload cannot be read
  'listing {id} variant {variant}: latest upload: {file} moved or changed since':
    'anúncio {id} variante {variant}: último envio: {file} foi movido ou mudou desde então',
  'listing {id}: latest upload: {file} moved or changed since':
    'anúncio {id}: último envio: {file} foi movido ou mudou desde então',
  'listing {id} has variants: say which, e.g. {example}': 'o anúncio {id} tem variantes: diga qual, ex.: {example}',
  "svc api reaches the service's API only: a path under {a}, {b}, {c} or {d}":
    'o svc api só alcança a API do serviço: um caminho sob {a}, {b}, {c} ou {d}',
};
