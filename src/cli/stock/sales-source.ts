// Where pool refills read the account's sales: the orders mirror of, so a
// refill after the first reads only the new orders; nothing else here pages the orders.
import { LIMITS } from '../../api/assumptions.js';
import type { ServiceApi } from '../../api/resources/index.js';
import type { Listing, Order } from '../../api/responses.js';
import { syncedMirror } from '../../mirror/index.js';
import { IncompleteListError } from '../shared/read.js';
import type { Deps } from '../shared/context.js';

/**
 * The account's sales created at or after `sinceIso` (all of them without it), from the orders
 * mirror: synced first, a few requests after the first sync; streamed from the database.
 */
export async function* accountSales(
  deps: Deps,
  _api: ServiceApi,
  filter: { sinceIso?: string; productId?: number } = {},
  /** Told what bringing the mirror up to date cost (requests: a dry run's plan counts them). */
  onSynced?: (requests: number) => void,
): AsyncGenerator<Order> {
  const m = await syncedMirror(deps, { signal: deps.signal, offline: deps.mirrorFresh === true });
  onSynced?.(m.sync?.requests ?? 0);
  try {
    yield* m.salesSince(filter.sinceIso ?? '', filter.productId !== undefined ? { productId: filter.productId } : {});
  } finally {
    m.close();
  }
}

/** Every listing of the account, a page at a time. */
export async function* accountListings(api: ServiceApi): AsyncGenerator<Listing> {
  for await (const page of api.products.list({}, 'v2').pages({ limit: LIMITS.pageSizeMax, all: true })) {
    if (page.incomplete) throw new IncompleteListError(page.incomplete);
    for (const l of page.items) yield l;
  }
}
