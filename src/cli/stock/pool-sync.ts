// The pool ledger checked against the service: lost state is detected, not trusted.
// Every pool upload's ref carries the entry's id (src/api/rules/pool-tag.ts), and sales show
// the refs of what they delivered (spec 2.5), so what the account sold is read back from its
// orders: since the last read when the ledger has one, from the start of the account when it
// has none (a fresh or lost state folder). What svc cannot see are entries held by listings
// (the service shows counts, not refs): when the ledger was lost and other listings hold
// credentials, the refill refuses and says what to do, sending nothing.
import { SvcError } from '../../api/errors.js';
import { nowIso } from '../../api/clock.js';
import type { ServiceApi } from '../../api/resources/index.js';
import { poolIdOf, sidOf } from '../../api/rules/pool-tag.js';
import type { LedgerRecord, LedgerState } from '../../state/pool-ledger.js';
import type { Deps } from '../shared/context.js';
import { refuseSecondSecret } from './account-ledger.js';
import { POOL_SECRET_ENV } from './pool-secret.js';
import { accountListings, accountSales } from './sales-source.js';

// svc decision: a read of the sales starts this long before the newest sale read last time,
// so a sale recorded late by the service (or a clock apart by minutes) is not missed.
const SYNC_OVERLAP_MS = 60 * 60 * 1000;

export interface SoldSync {
  /** Sales read. */
  orders: number;
  /** Entries (this secret) the orders show delivered that the ledger did not know as sold. */
  newlySold: number;
  /** Delivered refs with a pool tag made with another secret. */
  foreign: number;
  /** Whether the ledger held any upload before this read (false: a fresh or lost ledger). */
  ledgerHadUploads: boolean;
  /** Requests the read cost (the orders mirror's sync, with the identity when it was asked then). */
  requests: number;
}

/** Reads the account's sales since the ledger's last read; the sold ids go into `ledger` (and to `write`). */
export async function syncSold(
  deps: Deps,
  api: ServiceApi,
  ledger: LedgerState,
  sid: string,
  write?: (r: LedgerRecord) => void,
): Promise<SoldSync> {
  const since = ledger.syncedThrough
    ? new Date(Date.parse(ledger.syncedThrough) - SYNC_OVERLAP_MS).toISOString()
    : undefined;
  const out: SoldSync = {
    orders: 0,
    newlySold: 0,
    foreign: 0,
    ledgerHadUploads: ledger.plans.length > 0,
    requests: 0,
  };
  let through = ledger.syncedThrough;
  const counted = (n: number) => {
    out.requests = n;
  };
  for await (const o of accountSales(deps, api, since ? { sinceIso: since } : {}, counted)) {
    out.orders++;
    if (o.createdAt && (!through || o.createdAt > through)) through = o.createdAt;
    const ids: string[] = [];
    for (const d of o.deliveredItems ?? []) {
      const id = poolIdOf(d.ref);
      if (!id) continue;
      if (sidOf(id) !== sid) out.foreign++;
      else if (!ledger.sold.has(id)) ids.push(id);
    }
    if (ids.length === 0) continue;
    for (const id of ids) ledger.sold.set(id, o.id);
    out.newlySold += ids.length;
    write?.({ t: 'sold', order: o.id, ids, at: nowIso() });
  }
  if (through && through !== ledger.syncedThrough) {
    ledger.syncedThrough = through;
    write?.({ t: 'sync', through, orders: out.orders, at: nowIso() });
  }
  return out;
}

export interface TargetRef {
  id: number;
  variant?: number;
}

/**
 * Refuses when the ledger cannot be trusted and svc cannot find out: called after syncSold.
 * - sales carry tags of another secret and the ledger knows no upload: the pool secret changed
 *   (a state folder or profile lost): the sold entries cannot be recognised;
 * - the ledger knew no upload but sales show entries svc sent (the state folder was lost or is
 *   another machine's): sold entries are now known; entries other listings hold are not.
 */
export async function checkLedgerTrust(
  api: ServiceApi,
  sync: SoldSync,
  ledger: LedgerState,
  target: TargetRef,
  acceptRebuilt: boolean,
  sid: string,
): Promise<void> {
  if (!sync.ledgerHadUploads && sync.foreign > 0 && ledger.sold.size === 0) {
    throw new SvcError(
      `${sync.foreign} credentials this account sold were uploaded by svc with another pool secret, and this state folder has no ledger: svc cannot tell which pool entries were already sold; nothing was sent`,
      `use the pool secret of the profile or CI job that uploaded them (the profile's poolSecret in the config file, or ${POOL_SECRET_ENV}), or restore the state folder (SVC_STATE_DIR) it used`,
    );
  }
  // svc decision "one identity": one pool secret per account, whatever the ledger held.
  refuseSecondSecret(ledger, sid, sync.foreign);
  if (sync.ledgerHadUploads || ledger.sold.size === 0 || acceptRebuilt) return;
  const holders = await otherHolders(api, target);
  if (holders.length === 0) return;
  throw new SvcError(
    `the pool ledger of this account was empty, but ${ledger.sold.size} entries svc uploaded were sold (state folder lost, or another machine's?): those are now known and will not be sent again, but svc cannot see which entries ${holders.length === 1 ? 'listing' : 'listings'} ${holders.slice(0, 5).join(', ')}${holders.length > 5 ? ', …' : ''} hold; nothing was sent`,
    'restore the state folder (SVC_STATE_DIR) of the runs that uploaded them; or, if those listings hold no entry of this pool, run again with --accept-rebuilt-ledger',
  );
}

/** Listings and variants other than the target that hold automatic-delivery credentials. */
async function otherHolders(api: ServiceApi, target: TargetRef): Promise<string[]> {
  const out: string[] = [];
  for await (const l of accountListings(api)) {
    if (l.listingType === 'multiple') {
      for (const v of l.variants ?? [])
        if ((v.autoDeliveryStock ?? 0) > 0 && !(l.id === target.id && v.index === target.variant))
          out.push(`${l.id}:${v.index}`);
    } else if ((l.autoDeliveryStock ?? 0) > 0 && l.id !== target.id) out.push(String(l.id));
  }
  return out;
}
