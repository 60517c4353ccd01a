// Where pool refills read the account's sales (issue 22). Stand-in for the orders mirror of
// issue 23 (SEAMS.md: `syncedMirror(deps, …).salesSince(sinceIso, filter)`): this pages
// `GET /api/v2/orders?type=sales&from=…` through the client, page by page (memory flat in the
// history). At merge, this one file switches to the mirror; nothing else imports the orders.
import { LIMITS } from '../../api/assumptions.js';
import type { ServiceApi } from '../../api/resources/index.js';
import type { Listing, Order } from '../../api/responses.js';
import { IncompleteListError } from '../shared/read.js';
import type { Deps } from '../shared/context.js';

/** The account's sales created at or after `sinceIso` (all of them without it), a page at a time. */
export async function* accountSales(
  deps: Deps,
  api: ServiceApi,
  filter: { sinceIso?: string; productId?: number } = {},
): AsyncGenerator<Order> {
  const query = { type: 'sales', ...(filter.sinceIso ? { from: filter.sinceIso } : {}) };
  for await (const page of api.orders.list(query).pages({ limit: LIMITS.pageSizeMax, all: true })) {
    // A partial read would look like "not sold": refuse to decide on it.
    if (page.incomplete) throw new IncompleteListError(page.incomplete);
    for (const x of page.items) {
      const o = x;
      if (filter.productId === undefined || o.productId === filter.productId) yield o;
    }
  }
}

/** Every listing of the account, a page at a time. */
export async function* accountListings(deps: Deps, api: ServiceApi): AsyncGenerator<Listing> {
  for await (const page of api.products.list({}, 'v2').pages({ limit: LIMITS.pageSizeMax, all: true })) {
    if (page.incomplete) throw new IncompleteListError(page.incomplete);
    for (const l of page.items) yield l;
  }
}
