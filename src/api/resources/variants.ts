// The variants of a multi-variant listing (spec 4.2 PATCH /products/:id/variants, v2 only).
import type { VariantsEdit } from '../requests.js';
import type { ItemResult } from '../responses.js';
import { Resource, type Call } from './call.js';

export class Variants extends Resource {
  /** Up to 100 variants of listing `id`; per-item results by index (A6). */
  update(id: number, items: VariantsEdit['items']): Call<ItemResult[]> {
    return this.call('updateVariants', { params: { id }, body: { items } satisfies VariantsEdit });
  }
}
