// Bringing the mirror up to date (docs/DECISIONS.md "Orders mirror"):
// 1. a pass reads `GET /api/v2/orders?from=F` page by page (100 a page, through the one request
//    core, so rate-paced), F = the newest mirrored createdAt less MIRROR.recheckWindowMs, or no F
//    on the first sync (or --full). `from` filters by createdAt (A2), so the set read is exact
//    whatever order the service lists in (none is documented); paging goes on to a short page.
// 2. each page is stored in one transaction together with where the pass is: a kill -9 loses at
//    most the page in flight, and the next sync goes on from the next page (resumable).
// 3. the pass is checked: the mirror must hold at least the `total` the service gave for the
//    range; if not (a list whose order moved while paging), a window pass and then the whole
//    range are read again before giving up with a clear error.
// 4. orders older than the window whose status still moves are refreshed by status (MIRROR).
// Memory: one page at a time; nothing is collected across pages.
import { MIRROR } from '../api/assumptions.js';
import { nowMs } from '../api/clock.js';
import { ApiError, SvcError, UsageError } from '../api/errors.js';
import type { Orders } from '../api/resources/orders.js';
import type { Order } from '../api/responses.js';
import { mirrorError, type MirrorDb } from './db.js';
import { accountOf, type OrderRow, toRow } from './rows.js';

export interface SyncProgress {
  phase: 'orders' | 'statuses';
  pages: number;
  totalPages?: number;
  orders: number;
  requests: number;
}

export interface SyncOptions {
  signal?: AbortSignal;
  windowMs?: number;
  /** Read every order again (the window is the whole history). */
  full?: boolean;
  onProgress?: (p: SyncProgress) => void;
}

export interface SyncResult {
  requests: number;
  pages: number;
  /** Orders read (a re-read order counts again). */
  read: number;
  /** Orders the mirror did not hold before. */
  added: number;
  /** Whether this sync read the whole history (first sync, --full, --rebuild). */
  whole: boolean;
  resumed: boolean;
  total: number;
}

interface PassState {
  id: number;
  from?: string;
  next: number;
  startedAt: string;
}

type OrdersApi = Pick<Orders, 'list' | 'get'>;

export async function syncOrders(m: MirrorDb, api: OrdersApi, opts: SyncOptions = {}): Promise<SyncResult> {
  try {
    return await run(m, api, opts);
  } catch (err) {
    throw mirrorError(err, m.file);
  }
}

async function run(m: MirrorDb, api: OrdersApi, opts: SyncOptions): Promise<SyncResult> {
  const s = new Syncer(m, api, opts);
  const saved = m.get('pass');
  const pass: PassState = saved ? (JSON.parse(saved) as PassState) : s.newPass(opts.full ? undefined : s.windowFrom());
  const resumed = saved !== undefined;
  let total = await s.readPass(pass);
  if (total !== undefined && s.held(pass.from) < total) {
    // The list moved while it was paged (another order than assumed, orders inserted in front):
    // the window catches what was inserted during the pass, then the whole range once more.
    await s.readPass(s.newPass(s.windowFrom()));
    if (s.held(pass.from) < total) total = await s.readPass(s.newPass(pass.from));
    if (total !== undefined && s.held(pass.from) < total)
      throw new SvcError(
        `the service says ${total} orders were created ${pass.from ? `since ${pass.from}` : 'in all'}, and svc read ${s.held(pass.from)} different ones: its list changed order while svc paged it`,
        'run `svc orders sync` again; what was read is kept',
      );
  }
  if (pass.from !== undefined) await s.refreshMoving(pass.from);
  m.set('last_sync_at', new Date().toISOString());
  return {
    requests: s.requests,
    pages: s.pages,
    read: s.read,
    added: s.added,
    whole: pass.from === undefined,
    resumed,
    total: s.held(undefined),
  };
}

class Syncer {
  requests = 0;
  pages = 0;
  read = 0;
  added = 0;
  private readonly windowMs: number;

  constructor(
    private readonly m: MirrorDb,
    private readonly api: OrdersApi,
    private readonly opts: SyncOptions,
  ) {
    this.windowMs = opts.windowMs ?? MIRROR.recheckWindowMs;
  }

  /** The `from` of a window pass: the newest mirrored order less the window; none when empty. */
  windowFrom(): string | undefined {
    const row = this.m.db.prepare('SELECT max(created_at) AS t FROM orders').get() as { t: string | null };
    if (!row.t) return undefined;
    return new Date(Date.parse(row.t) - this.windowMs).toISOString();
  }

  newPass(from: string | undefined): PassState {
    const id = Number(this.m.get('last_pass') ?? '0') + 1;
    const pass: PassState = { id, from, next: 1, startedAt: new Date().toISOString() };
    this.m.tx(() => {
      this.m.set('last_pass', String(id));
      this.m.set('pass', JSON.stringify(pass));
    });
    return pass;
  }

  /** How many mirrored orders were created in the range. */
  held(from: string | undefined): number {
    const q = from
      ? this.m.db.prepare('SELECT count(*) AS n FROM orders WHERE created_at >= ?').get(from)
      : this.m.db.prepare('SELECT count(*) AS n FROM orders').get();
    return (q as { n: number }).n;
  }

  /** Read a pass to its end; returns the service's `total` on its last page (if it gave one). */
  async readPass(pass: PassState): Promise<number | undefined> {
    let total: number | undefined;
    for (let page = pass.next; ; page++) {
      this.opts.signal?.throwIfAborted();
      const res = await this.api.list({ from: pass.from, page, limit: MIRROR.pageSize }).send();
      this.requests++;
      this.pages++;
      const items = Array.isArray(res.data) ? res.data : [];
      const p = res.pagination;
      checkPageCount(p?.totalPages, page, pass.next);
      const last = items.length < MIRROR.pageSize || (p !== undefined && page >= p.totalPages);
      this.m.tx(() => {
        this.store(items, pass.id);
        this.m.set('pass', last ? undefined : JSON.stringify({ ...pass, next: page + 1 }));
      });
      total = p?.total;
      this.opts.onProgress?.({
        phase: 'orders',
        pages: page,
        totalPages: p?.totalPages,
        orders: this.read,
        requests: this.requests,
      });
      if (last) return total;
    }
  }

  /**
   * Orders older than the window whose status can still change (spec 3 shows no transitions;
   * MIRROR.transientStatuses). Moves INTO a moving status from a settled one (a delivered sale
   * taken to mediation) are found by one `status=in_mediation` query; moves OUT of one are found
   * for each mirrored order in it: read by id when there are one or two, else by one status
   * query (then by id for those it no longer lists). A status no mirrored order is in costs nothing.
   */
  async refreshMoving(from: string): Promise<void> {
    for (const status of MIRROR.transientStatuses) {
      const held = this.m.db
        .prepare('SELECT id FROM orders WHERE status = ? AND created_at < ? ORDER BY id LIMIT 201')
        .all(status, from) as { id: number }[];
      const discover = status === 'in_mediation';
      if (!discover && held.length === 0) continue;
      if (!discover && held.length <= 2) {
        for (const { id } of held) await this.refreshById(id);
        continue;
      }
      const seen = await this.readStatus(status, from);
      for (const { id } of held) if (!seen.has(id)) await this.refreshById(id);
    }
    await this.refreshSettling(from);
  }

  /**
   * svc decision "one identity": refunds and cancellations of sales within MIRROR.settleWindowMs,
   * older than the window pass. Profit counts delivered and completed alike (A13), so the move that
   * changes a report is to `cancelled`: one `status=cancelled` query over the range (its pages)
   * stores each order it lists. None mirrored in the range that could still move: no request.
   */
  private async refreshSettling(to: string): Promise<void> {
    const since = new Date(nowMs() - MIRROR.settleWindowMs).toISOString();
    if (since >= to) return;
    const open = this.m.db
      .prepare(
        "SELECT count(*) AS n FROM orders WHERE status IN ('delivered', 'completed') AND created_at >= ? AND created_at < ?",
      )
      .get(since, to) as { n: number };
    if (open.n > 0) await this.readStatus('cancelled', to, since);
  }

  /** Every order in `status` created before `to` (the window pass read the newer ones), from `from`. */
  private async readStatus(status: string, to: string, from?: string): Promise<Set<number>> {
    const seen = new Set<number>();
    for (let page = 1; page <= 100; page++) {
      const res = await this.api.list({ status, to, ...(from ? { from } : {}), page, limit: MIRROR.pageSize }).send();
      this.requests++;
      const items = Array.isArray(res.data) ? res.data : [];
      for (const o of items) seen.add(o.id);
      this.m.tx(() => this.store(items, 0));
      this.opts.onProgress?.({ phase: 'statuses', pages: page, orders: this.read, requests: this.requests });
      if (items.length < MIRROR.pageSize || (res.pagination && page >= res.pagination.totalPages)) break;
    }
    return seen;
  }

  private async refreshById(id: number): Promise<void> {
    try {
      const res = await this.api.get(id, 'v2');
      this.m.tx(() => this.store([res.data], 0));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    } finally {
      this.requests++;
    }
  }

  private store(items: Order[], passId: number): void {
    const account = this.m.get('account');
    let acct = account === undefined ? undefined : Number(account);
    const find = this.m.db.prepare('SELECT 1 AS x FROM orders WHERE id = ?');
    const upsert = this.m.db.prepare(UPSERT);
    for (const o of items) {
      if (typeof o?.id !== 'number') continue;
      const row = toRow(o, acct);
      const owner = accountOf(o, row.type);
      if (owner !== undefined) {
        if (acct === undefined) {
          acct = owner;
          this.m.set('account', String(owner));
        } else if (owner !== acct) throw otherAccount(acct, owner);
      }
      if (!find.get(row.id)) this.added++;
      upsert.run({ ...rowParams(row), seen_pass: passId });
      this.read++;
    }
  }
}

const UPSERT = `INSERT INTO orders (id, type, status, created_at, product_id, variant_index, quantity, price, fee, cost, items, costed, seen_pass, json)
VALUES (:id, :type, :status, :created_at, :product_id, :variant_index, :quantity, :price, :fee, :cost, :items, :costed, :seen_pass, :json)
ON CONFLICT (id) DO UPDATE SET type = excluded.type, status = excluded.status, created_at = excluded.created_at,
  product_id = excluded.product_id, variant_index = excluded.variant_index, quantity = excluded.quantity,
  price = excluded.price, fee = excluded.fee, cost = excluded.cost, items = excluded.items, costed = excluded.costed,
  seen_pass = CASE WHEN excluded.seen_pass > 0 THEN excluded.seen_pass ELSE orders.seen_pass END, json = excluded.json`;

function rowParams(r: OrderRow): Record<string, string | number | null> {
  return { ...r };
}

function otherAccount(mirrored: number, now: number): UsageError {
  return new UsageError(
    `the orders mirror holds the orders of account ${mirrored}, and the service now answers with those of account ${now}: svc does not mix them`,
    'use another profile (or SVC_STATE_DIR) for that account, or run `svc orders sync --rebuild` to start this mirror again',
  );
}

/**
 * The any-server rule for the mirror: a pass that claims, or runs to, more than MIRROR.maxPages pages
 * stops before reading them (what was read is kept), with a hint to look at the server.
 */
function checkPageCount(totalPages: number | undefined, page: number, first: number): void {
  const claimed = totalPages !== undefined && page === first ? totalPages - first + 1 : 0;
  if (claimed <= MIRROR.maxPages && page - first < MIRROR.maxPages) return;
  throw new SvcError(
    `the service says the orders list has ${totalPages ?? 'more than'} ${claimed > 0 ? '' : `${MIRROR.maxPages} `}pages; a sync of the orders mirror reads at most ${MIRROR.maxPages} pages at a time`,
    'narrow the list: check the base URL points at the service, or run `svc orders sync` again to go on from where it stopped',
  );
}
