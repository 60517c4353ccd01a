// what `stock add` sends is recorded in the account's pool ledger, by entry id (a
// keyed hash under the profile's pool secret, never the credential), so that a later refill
// never uploads one of them again from a pool (identity by content, per account). Each run
// appends to a file of its own beside the ledger (no lock shared with refills).
import { nowIso } from '../../api/clock.js';
import type { StockItem } from '../../api/requests.js';
import { POOL_SELLER_REF_MAX, taggedRef } from '../../api/rules/pool-tag.js';
import { LedgerWriter, addedLogPath, entryIdMaker } from '../../state/pool-ledger.js';
import { warn } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { accountLedgerFile } from './account-ledger.js';
import { resolvePoolSecret } from './pool-secret.js';
import type { StockTarget } from './stock-target.js';

export interface AddLedger {
  /**
   * The item as sent: its id pushed to `ids`, and its ref carrying the pool tag (svc decision "one
   * identity") when the seller's ref leaves room, so the account's sales say which credentials were
   * sold.
   */
  tag(item: StockItem, ids: string[]): StockItem;
  /** Before the chunk is sent: held there from now on (a kill mid-request cannot undo it). */
  record(ids: string[]): void;
  /** The service refused the whole chunk: none of them is held there. */
  forget(ids: string[]): void;
  close(): void;
}

export async function openAddLedger(deps: Deps, target: StockTarget): Promise<AddLedger> {
  const found = (await resolvePoolSecret(deps, true, true))!;
  const file = addedLogPath((await accountLedgerFile(deps, found.secret, true)).file);
  const idOf = entryIdMaker(found.secret);
  let writer: LedgerWriter | undefined;
  let failed = false;
  return {
    tag(item, ids) {
      const id = idOf(item.credential);
      ids.push(id);
      if (item.ref && item.ref.length > POOL_SELLER_REF_MAX) return item;
      return { ...item, ref: taggedRef(item.ref, id) };
    },
    // Best effort: the import itself is journaled by the job engine, which stops the job when its
    // journal cannot be written; this record only guards later refills, so its failure is said
    // once and the import goes on.
    record: (ids) => write('added', ids),
    forget: (ids) => write('unadded', ids),
    close: () => writer?.close(),
  };
  function write(t: 'added' | 'unadded', ids: string[]): void {
    if (failed) return;
    try {
      writer ??= LedgerWriter.open(deps.stateDir(), file);
      writer.write({ t, listing: target.id, variant: target.variant ?? null, ids, at: nowIso() });
    } catch (err) {
      failed = true;
      warn(
        deps.io,
        `could not record this import in the pool ledger (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): a later \`stock refill\` from a pool holding these credentials would not know them`,
      );
    }
  }
}
