// What pricing needs from the service and from svc's own state: the seller's
// listings (current prices, game, category), the catalog minimums, the cost basis (uploads and
// recent sales' deliveredItems) and the fee (configured or inferred from recent sales). One
// loader for `products reprice`, `bulk-price --floor`, `update --price --floor` and `variants set`.
import type { Game, Listing } from '../../api/responses.js';
import { NotFoundError, UsageError } from '../../api/errors.js';
import { LIMITS, MAX_LIST_PAGES } from '../../api/assumptions.js';
import { CostBook, FeeSampler, addSale, type FeeRate } from '../../pricing/cost-basis.js';
import { addUploadedCosts } from '../../pricing/uploaded-costs.js';
import type { PriceTarget } from '../../pricing/plan.js';
import type { Deps } from '../shared/context.js';
import { IncompleteListError, fetchList } from '../shared/read.js';
import { syncedMirror } from '../../mirror/index.js';

/** Listings that take no edit at all (spec 3: final states). */
const FINAL = new Set(['taken_down', 'permanently_rejected']);

export interface PricingFacts {
  listings: Listing[];
  catalog: Map<string, number | undefined>;
  costs: CostBook;
  /** Undefined when none was configured and there were no sales to infer it from. */
  fee?: FeeRate;
  /** Notes for stderr: uploads that could not be read, sales read. */
  notes: string[];
}

export async function loadListings(deps: Deps): Promise<Listing[]> {
  const api = await deps.api();
  return fetchList<Listing>(deps, api.products.list({}, 'v2'), { all: true, complete: true });
}

/**
 * The listings a file's rows name, the cheapest way (spec 8): the first page of the list, then
 * either the pages left or one GET per listing not on it, whichever makes fewer requests (a
 * one-row file on an account of 2,000 listings: 2 reads, not 21). A listing the service does not
 * show (404: not the seller's) is left out, as the whole list would leave it out.
 */
export async function loadListingsFor(deps: Deps, ids: ReadonlySet<number>): Promise<Listing[]> {
  const api = await deps.api();
  const pages = api.products.list({}, 'v2').pages({ limit: LIMITS.pageSizeMax, all: true });
  const out: Listing[] = [];
  for await (const page of pages) {
    if (page.incomplete) throw new IncompleteListError(page.incomplete);
    out.push(...page.items);
    const seen = new Set(out.map((l) => l.id));
    const missing = [...ids].filter((id) => !seen.has(id));
    // A server that does not say how many pages there are is paged (A2): the GETs could be many;
    // one that claims more than svc ever reads (MAX_LIST_PAGES) is held to that.
    const p = page.pagination;
    const pagesLeft = p ? Math.min(p.totalPages, MAX_LIST_PAGES) - p.page : 0;
    if (missing.length === 0) break;
    if (missing.length >= pagesLeft) continue;
    for (const id of missing) {
      try {
        out.push((await api.products.get(id, 'v2')).data);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    }
    break; // leaving the loop ends the paging: no page more is asked
  }
  return out;
}

export async function loadCatalog(deps: Deps): Promise<Map<string, number | undefined>> {
  const api = await deps.api();
  const games = await fetchList<Game>(deps, api.account.catalog(), { all: true, complete: true });
  // A3: v2 minPrice is integer cents; anything else is not trusted as a minimum.
  return new Map(
    games.map((g) => [String(g.id), Number.isSafeInteger(g.minPrice) ? (g.minPrice as number) : undefined]),
  );
}

export async function loadPricingFacts(
  deps: Deps,
  opts: {
    salesDays: number;
    feeBp?: number;
    costs: boolean;
    /** false: no fee is needed (a catalog floor), so no sales are read for one (spec 8: a read saved). */
    needsFee?: boolean;
    listings?: Listing[];
    catalog?: Map<string, number | undefined>;
  },
): Promise<PricingFacts> {
  const listings = opts.listings ?? (await loadListings(deps));
  const catalog = opts.catalog ?? (await loadCatalog(deps));
  const costs = new CostBook();
  const notes: string[] = [];
  let fee: FeeRate | undefined =
    opts.feeBp !== undefined ? { bp: opts.feeBp, source: 'configured', sales: 0 } : undefined;
  if (opts.costs || (fee === undefined && opts.needsFee !== false)) {
    const fees = new FeeSampler();
    const since = new Date(Date.now() - opts.salesDays * 86_400_000).toISOString();
    const mirror = await syncedMirror(deps, { signal: deps.signal });
    try {
      for (const sale of mirror.salesSince(since)) addSale(costs, fees, sale);
    } finally {
      mirror.close();
    }
    fee ??= fees.rate();
  }
  if (opts.costs) {
    const up = await addUploadedCosts(deps.stateDir(), costs);
    notes.push(...up.skipped);
  }
  return { listings, catalog, costs, ...(fee ? { fee } : {}), notes };
}

/** Every priceable thing of the listings: a listing without variants, or each variant. */
export function* priceTargets(listings: Listing[]): Generator<PriceTarget> {
  for (const l of listings) {
    if (FINAL.has(String(l.status))) continue;
    const base = {
      id: l.id,
      title: String(l.title ?? ''),
      ...(l.game ? { game: l.game } : {}),
      ...(l.category ? { category: l.category } : {}),
    };
    const variants = l.variants ?? [];
    if (variants.length === 0) {
      if (Number.isSafeInteger(l.price)) yield { ...base, currentCents: l.price as number };
      continue;
    }
    for (const v of variants)
      if (Number.isSafeInteger(v.price))
        yield {
          ...base,
          variant: v.index,
          title: `${base.title} / ${v.title ?? v.index}`,
          currentCents: v.price as number,
        };
  }
}

/** The fee, or the reason there is none. */
export function requireFee(fee: FeeRate | undefined, where: string): FeeRate {
  if (fee) return fee;
  throw new UsageError(
    `${where}: no fee rate: none configured and no delivered or completed sales in the window to infer it from`,
    'set it, e.g. `fee: 12%` in the rules file or `--fee 12%`',
  );
}
