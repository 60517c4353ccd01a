// The shop's actions (src/shop/types.ts ShopActions) wired to svc's own paths: listings from
// the listings' pages (one read serves every rule, nothing per listing), refills by calling
// `refillListing` (the exact, journaled refill of `stock refill`, its figures as data), what a
// pool still holds from the file and the account's ledger (no request), on/off through PATCH
// bulk-status 100 at a time (spec 4.2; refusals come per item with their spec codes and hints),
// sales from the orders mirror.
import { CHUNK_SIZE, LIMITS } from '../../api/assumptions.js';
import { asFeature } from '../../api/feature.js';
import { NotFoundError } from '../../api/errors.js';
import type { Listing } from '../../api/responses.js';
import type { ShopRule } from '../../shop/config.js';
import type { InboxItem, ListingView, ShopActions, StatusResult } from '../../shop/types.js';
import type { Deps } from '../shared/context.js';
import { outcomesFromResults } from '../products/item-results.js';
import type { OrdersMirror } from '../../mirror/index.js';
import { readLedger } from '../../state/pool-ledger.js';
import { openPool } from '../stock/refill-pool.js';
import { selector } from '../stock/refill-select.js';
import type { RefillReport } from '../../shop/types.js';

/** `mirror(sync)`: the orders mirror, synced first unless `sync` is false and it was synced before. */
export function shopActions(deps: Deps, mirror: (sync: boolean) => Promise<OrdersMirror>): ShopActions {
  return {
    async listings(rules) {
      const wanted = new Set(rules.map((r) => r.listing));
      const found = new Map<number, Listing>();
      const api = await deps.api();
      // A sale's pass: its one listing (1 request, however many pages the account's listings fill).
      const one = wanted.size === 1 ? [...wanted][0]! : undefined;
      if (one !== undefined) {
        const l = await api.products.get(one, 'v2').catch((err: unknown) => {
          if (err instanceof NotFoundError) return undefined;
          throw err;
        });
        if (l) found.set(one, l.data);
      } else
        for await (const page of api.products.list({}, 'v2').pages({ limit: LIMITS.pageSizeMax, all: true }))
          for (const x of page.items) if (wanted.has(x.id)) found.set(x.id, x);
      const views = new Map<string, ListingView>();
      for (const r of rules) {
        const l = found.get(r.listing);
        const v = l && viewOf(l, r);
        if (v) views.set(r.key, v);
      }
      return views;
    },
    // The pass synced the mirror and read the listing moments ago: the refill asks neither again.
    refill: (rule, mode, view) => refillRule({ ...deps, mirrorFresh: true }, rule, mode, view),
    poolLeft: (rule) => poolLeft(deps, rule),
    async setStatus(items) {
      const api = await deps.api();
      const out: StatusResult[] = [];
      for (let at = 0; at < items.length; at += CHUNK_SIZE.bulk) {
        const chunk = items.slice(at, at + CHUNK_SIZE.bulk);
        // One operation, one idempotency key made by the request core before the first attempt.
        const res = await api.products.bulkStatus(chunk).send();
        const outcomes = outcomesFromResults(
          chunk.map((c, i) => ({ line: i + 1, id: c.id })),
          res.data,
          'id',
        );
        outcomes.forEach((o, i) => {
          out.push({
            id: chunk[i]!.id,
            status: o.status === 'ok' || o.status === 'unchanged' ? o.status : 'failed',
            ...(o.code ? { code: o.code } : {}),
            ...(o.message ? { message: o.message } : {}),
          });
        });
      }
      return out;
    },
    inbox: () => asFeature('notices', () => inboxItems(deps)),
    async *salesSince(sinceIso, sync) {
      yield* (await mirror(sync)).salesSince(sinceIso);
    },
  };
}

async function refillRule(
  deps: Deps,
  rule: ShopRule,
  mode: 'send' | 'plan',
  view?: ListingView,
): Promise<RefillReport> {
  const { refillListing } = await import('../stock/refill.js');
  const r = await refillListing(
    deps,
    {
      listing: rule.listing,
      ...(rule.variant !== undefined ? { variant: rule.variant } : {}),
      pool: rule.pool,
      target: rule.target,
      ...(rule.format ? { format: rule.format } : {}),
      ...(rule.separator ? { separator: rule.separator } : {}),
    },
    mode,
    view && {
      id: view.listing,
      ...(view.variant !== undefined ? { variant: view.variant } : {}),
      multiple: view.variant !== undefined,
      held: view.held,
    },
  );
  const figures = {
    held: r.held ?? 0,
    sent: r.sent ?? 0,
    inStock: r.inStock ?? r.held ?? 0,
    poolLeft: r.poolLeft ?? 0,
  };
  if (r.ok && r.exit === 0) return figures;
  if (r.ok) return { ...figures, code: 'REFUSED', message: 'the service refused some credentials', exit: r.exit };
  const { code, message, hint, exit } = r.error;
  return { ...figures, code, message: [message, hint].filter(Boolean).join('; '), exit };
}

/** Entries of the rule's pool never sent to this account: the file and the ledger, no request. */
async function poolLeft(deps: Deps, rule: ShopRule): Promise<number> {
  const pool = await openPool(deps, { file: rule.pool, format: rule.format, separator: rule.separator }, false);
  return selector(pool.entries, readLedger(pool.ledgerFile, pool.sid), false)(0).free;
}

/** The rule's listing or variant as the service shows it; undefined when the variant is not there. */
function viewOf(l: Listing, r: ShopRule): ListingView | undefined {
  const base = {
    listing: l.id,
    title: l.title ?? '',
    isActive: l.isActive === true,
    status: l.status ?? 'approved',
    pausedByOfflineMode: l.pausedByOfflineMode === true,
  };
  if (l.listingType === 'multiple') {
    const v = l.variants?.find((x) => x.index === r.variant);
    if (!v) return undefined;
    return {
      ...base,
      variant: v.index,
      title: `${base.title} / ${v.title ?? `variant ${v.index}`}`,
      held: v.autoDeliveryStock ?? 0,
    };
  }
  return r.variant === undefined || r.variant === 0 ? { ...base, held: l.autoDeliveryStock ?? 0 } : undefined;
}

/** The newest page of unanswered questions, reviews and open mediations (3 requests a full pass). */
async function inboxItems(deps: Deps): Promise<InboxItem[]> {
  const api = await deps.api();
  const at = new Date().toISOString();
  const first = async <T>(call: { pages(o: { limit: number; all: boolean }): AsyncGenerator<{ items: T[] }> }) => {
    for await (const page of call.pages({ limit: LIMITS.pageSizeMax, all: false })) return page.items;
    return [] as T[];
  };
  const items: InboxItem[] = [];
  for (const x of await first(api.questions.list({ status: 'unanswered' }))) {
    const q = x;
    items.push({
      key: `new_question:${q.id}`,
      notice: {
        kind: 'new_question',
        headline: `New question on listing ${q.productId ?? '?'}`,
        fields: [
          ['question', (q.text ?? '').slice(0, 500)],
          ['from', q.askerName ?? '?'],
          ['answer with', `svc questions answer ${q.id} --text "…"`],
        ],
        // The shop's Telegram bot answers the press (src/bot/bot.ts `a:`): reply, then confirm.
        buttons: [{ text: 'Answer', data: `a:${q.id}` }],
        at,
      },
    });
  }
  for (const x of await first(api.reviews.list())) {
    const r = x;
    items.push({
      key: `new_review:${r.id}`,
      notice: {
        kind: 'new_review',
        headline: `New review: ${r.rating ?? '?'}/5 on listing ${r.productId ?? '?'}`,
        fields: [
          ['comment', (r.comment ?? '').slice(0, 500)],
          ['from', r.buyerName ?? '?'],
        ],
        at,
      },
    });
  }
  for (const x of await first(api.mediations.list({ status: 'open' }))) {
    const m = x;
    items.push({
      key: `mediation_opened:${m.orderId}`,
      notice: {
        kind: 'mediation_opened',
        headline: `Mediation opened: order ${m.orderId}`,
        fields: [['reason', (m.reason ?? '').slice(0, 500)]],
        at,
      },
    });
  }
  return items;
}
