// Node's built-in SQLite (node:sqlite, unflagged from Node 22.13; the floor is 22.19). Loaded only by the
// verbs that use the orders mirror (style.md principle 5): `products list` never loads it.
// Node 22 and 24 print "ExperimentalWarning: SQLite is an experimental feature" when the module
// loads; that one warning, and only it, is dropped while it loads (docs/DECISIONS.md "Orders
// mirror"): every other warning still reaches stderr as before.
import type * as Sqlite from 'node:sqlite';

export type SqliteModule = typeof Sqlite;
export type Database = Sqlite.DatabaseSync;

let loaded: SqliteModule | undefined;

/** Whether a warning is the one node:sqlite prints when it loads. */
export function isSqliteLoadWarning(warning: unknown, typeOrOptions: unknown): boolean {
  const type =
    typeof typeOrOptions === 'string'
      ? typeOrOptions
      : ((typeOrOptions as { type?: string } | undefined)?.type ?? (warning as Error | undefined)?.name);
  const text = typeof warning === 'string' ? warning : ((warning as Error | undefined)?.message ?? '');
  return type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(text);
}

export async function loadSqlite(): Promise<SqliteModule> {
  if (loaded) return loaded;
  const original = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteLoadWarning(warning, rest[0])) return;
    return (original as (...a: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = await import('node:sqlite');
  } finally {
    process.emitWarning = original;
  }
  return loaded;
}
