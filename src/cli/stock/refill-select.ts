// Which pool entries a refill may take: in file order, never one this account
// was sent by svc from any pool (the ledger's plans) or by `stock add`, nor one its orders show sold.
import type { PoolEntry } from '../../input/credential-pool.js';
import { entryUses, type LedgerState } from '../../state/pool-ledger.js';

export interface Selection {
  take: PoolEntry[];
  /** Entries that may be taken (before `needed` cut them). */
  free: number;
  /** Entries sent before (or in flight, or sold). */
  used: number;
  /** Of those, entries the account's orders show sold. */
  sold: number;
  /** Entries the service refused before (set aside unless --retry-refused). */
  refused: number;
}

export function selector(
  entries: readonly PoolEntry[],
  ledger: LedgerState,
  retryRefused: boolean,
): (needed: number) => Selection {
  const uses = entryUses(ledger);
  let sold = 0;
  let refused = 0;
  let used = 0;
  const free: PoolEntry[] = [];
  for (const e of entries) {
    const u = uses.get(e.hash);
    if (ledger.sold.has(e.hash)) {
      sold++;
      used++;
    } else if (ledger.added.has(e.hash))
      used++; // sent by `stock add`
    else if (u?.status === 'refused') {
      refused++;
      if (retryRefused) free.push(e);
    } else if (u) used++;
    else free.push(e);
  }
  return (needed) => ({ take: free.slice(0, Math.max(0, needed)), free: free.length, used, sold, refused });
}
