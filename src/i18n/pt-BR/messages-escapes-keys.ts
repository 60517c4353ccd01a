// pt-BR of request-core, sandbox and upload-cost lines that no test reached yet: the transport
// failures besides a refused connection, the sandbox's other messages and injected faults (svc's
// own words: `svc sandbox`), an upload whose journal or file cannot be read, a damaged mirror.
export const MESSAGES_ESCAPES_KEYS: Readonly<Record<string, string>> = {
  // the request core (src/api/transport-errors.ts, client.ts): any failure after its retries
  '{why} (gave up after {attempts})': '{why} (desistiu depois de {attempts})',
  'connection dropped by the other side': 'conexão derrubada pelo outro lado',
  'host not found': 'host não encontrado',
  'connection timed out': 'a conexão esgotou o tempo',
  'network error: {message}': 'erro de rede: {message}',
  'network error': 'erro de rede',
  'request aborted': 'requisição interrompida',

  // the sandbox's messages without a code (src/sandbox/auth.ts, server.ts, envelope.ts)
  'missing x-api-key header': 'falta o cabeçalho x-api-key',
  'review not found': 'avaliação não encontrada',
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

  // an upload's costs that cannot be read (src/pricing/uploaded-costs.ts), a listing without variants
  'listing {id}: latest upload: {why}': 'anúncio {id}: último envio: {why}',
  'journal unreadable': 'diário ilegível',
  'cannot read it ({why})': 'não foi possível lê-lo ({why})',

  // SQLite's word for a damaged orders mirror (src/mirror/db.ts), beside "file is not a database"
  'database disk image is malformed': 'a imagem do banco de dados está corrompida',
  // keys rotate with no key of that version in the profile
  'store one with `svc auth login`': 'guarde uma com `svc auth login`',
};
