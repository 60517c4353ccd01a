// Automatic-delivery stock (spec 2.3, 4.2 POST /products/:id/stock, v2 only).
import type { StockAdd } from '../requests.js';
import type { StockAddResult } from '../responses.js';
import { Resource, type Call } from './call.js';

export class Stock extends Resource {
  /**
   * Add credentials to listing `id`. A large chunk may come already encoded (one reused buffer
   * instead of items, JSON text and a buffer at once: bench/stock-memory).
   */
  add(id: number, body: StockAdd | Uint8Array): Call<StockAddResult> {
    return this.call('addStock', { params: { id }, body });
  }
}
