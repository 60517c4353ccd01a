// Listings (spec 4.2 v2, 4.3 v1): v1 or v2 picked here, v1 money as a decimal (A3).
import type { ApiVersion } from '../assumptions.js';
import type { ApiResponse } from '../client.js';
import type { BulkPrice, BulkStatus, ProductCreateV2, ProductUpdateV2 } from '../requests.js';
import type { ItemResult, Listing } from '../responses.js';
import { Resource, type Call, type ListCall } from './call.js';

export interface ProductQuery {
  status?: string;
  game?: string;
  q?: string;
  page?: number;
}

/** A3: v1 money is a decimal in the platform currency; v2 is integer cents. */
function v1Money<T extends { price?: number }>(body: T): T {
  return body.price === undefined ? body : { ...body, price: body.price / 100 };
}

export class Products extends Resource {
  /** `version` for a v2-only command that reads listings whatever `--api` says. */
  list(query: ProductQuery = {}, version?: ApiVersion): ListCall<Listing> {
    return this.listOf(this.byVersion('listProducts', 'v1ListProducts', version), { ...query });
  }

  get(id: number, version?: ApiVersion): Promise<ApiResponse<Listing>> {
    return this.read(this.byVersion('getProduct', 'v1GetProduct', version), { params: { id } });
  }

  create(body: ProductCreateV2): Call<Listing> {
    const v2 = this.version === 'v2';
    return this.call(v2 ? 'createProduct' : 'v1CreateProduct', { body: v2 ? body : v1Money(body) });
  }

  /** The spec shows no answer body for an update (A5): `data` may be absent. */
  update(id: number, body: ProductUpdateV2): Call<Listing | undefined> {
    const v2 = this.version === 'v2';
    return this.call(v2 ? 'updateProduct' : 'v1UpdateProduct', { params: { id }, body: v2 ? body : v1Money(body) });
  }

  /** spec 4.2: up to 100 listings without variants; per-item results (A6). */
  bulkPrice(items: BulkPrice['items']): Call<ItemResult[]> {
    return this.call('bulkPrice', { body: { items } satisfies BulkPrice });
  }

  bulkStatus(items: BulkStatus['items']): Call<ItemResult[]> {
    return this.call('bulkStatus', { body: { items } satisfies BulkStatus });
  }
}
