// pt-BR of backup and restore (moving a shop to another machine) and of the install hints: their
// help and their messages, keyed by the English text as messages.ts says.
export const INSTALL_MESSAGES: Record<string, string> = {
  // help
  'write profiles, keys, secrets and the state folder to one encrypted file (for another machine)':
    'grava perfis, chaves, segredos e a pasta de estado em um arquivo criptografado (para outra máquina)',
  'put the files of a `svc backup` archive back on this machine':
    'devolve a esta máquina os arquivos de um backup do `svc backup`',
  'the archive to write': 'o arquivo de backup a gravar',
  'the archive `svc backup` wrote': 'o arquivo que o `svc backup` gravou',
  'also keep these files or folders under the current folder (shop.yaml, pools)':
    'guarda também estes arquivos ou pastas sob a pasta atual (shop.yaml, pools)',
  'read the passphrase from the first line of this file (else SVC_BACKUP_PASSPHRASE, else a hidden prompt)':
    'lê a senha da primeira linha deste arquivo (senão SVC_BACKUP_PASSPHRASE, senão um prompt oculto)',
  'write over a config or state folder that already holds profiles or state':
    'grava por cima de uma pasta de configuração ou de estado que já tem perfis ou estado',
  'where the included files go (default: the current folder)':
    'para onde vão os arquivos incluídos (padrão: a pasta atual)',
  // messages
  'backup passphrase (input hidden): ': 'senha do backup (entrada oculta): ',
  'the same passphrase again: ': 'a mesma senha de novo: ',
  'the two passphrases differ': 'as duas senhas são diferentes',
  'the passphrase is too short: at least {n} characters': 'a senha é curta demais: pelo menos {n} caracteres',
  'no passphrase: set {env} or give --passphrase-file FILE (no terminal to ask on)':
    'sem senha: defina {env} ou passe --passphrase-file FILE (não há terminal para perguntar)',
  'cannot read the passphrase file {file}: {reason}': 'não foi possível ler o arquivo de senha {file}: {reason}',
  '{file} is not an svc backup': '{file} não é um backup do svc',
  'give the file `svc backup` wrote': 'passe o arquivo que o `svc backup` gravou',
  '{file} cannot be opened: wrong passphrase, or the file was changed or damaged':
    '{file} não pode ser aberto: senha errada, ou o arquivo foi alterado ou danificado',
  'check the passphrase; a damaged copy cannot be repaired: use another copy of the backup':
    'confira a senha; uma cópia danificada não tem conserto: use outra cópia do backup',
  '{file} is a backup of another format': '{file} é um backup de outro formato',
  'restore it with the svc version that wrote it': 'restaure-o com a versão do svc que o gravou',
  '{file} names a file outside its folder: {name}': '{file} cita um arquivo fora da sua pasta: {name}',
  'the backup names a file outside its folder: {name}': 'o backup cita um arquivo fora da sua pasta: {name}',
  "this machine already holds svc's files: {list}": 'esta máquina já tem arquivos do svc: {list}',
  'restore on a machine without them, or add --force to write over them (their ledgers may know of uploads the backup does not)':
    'restaure em uma máquina sem eles, ou acrescente --force para gravar por cima (os registros deles podem saber de envios que o backup não sabe)',
  'give the file to write: svc backup FILE': 'passe o arquivo a gravar: svc backup FILE',
  'give the archive to read: svc restore FILE': 'passe o backup a ler: svc restore FILE',
  'cannot read {file}: {reason}': 'não foi possível ler {file}: {reason}',
  '--include {path}: only files under the current folder (they are restored relative to it)':
    '--include {path}: só arquivos sob a pasta atual (são restaurados relativos a ela)',
  '--include {path}: no such file': '--include {path}: arquivo inexistente',
  'the secret of channel "{name}" cannot be read from the OS keyring':
    'o segredo do canal "{name}" não pode ser lido do chaveiro do sistema',
  'unlock it and try again': 'desbloqueie-o e tente de novo',
  'backup written to {file}: {n} config file(s), {m} state file(s), {k} included file(s); keep the passphrase apart from it':
    'backup gravado em {file}: {n} arquivo(s) de configuração, {m} de estado, {k} incluído(s); guarde a senha longe dele',
  'restored {n} file(s) into {config} and {state}, {m} included file(s) into {to}; the orders mirror is rebuilt by the next command that reads it':
    'restaurados {n} arquivo(s) em {config} e {state}, {m} incluído(s) em {to}; o espelho de pedidos é refeito pelo próximo comando que o ler',
  'reinstall svc (docs/guides/install.md), or use -o json and a jq of your own':
    'reinstale o svc (docs/guides/install.md), ou use -o json e um jq seu',
};
