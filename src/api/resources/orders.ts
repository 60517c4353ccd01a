// Orders (spec 4.2 v2, 4.3 v1) and their mediations (v2 only).
import type { ApiVersion } from '../assumptions.js';
import type { ApiResponse } from '../client.js';
import type { Mediation, Order } from '../responses.js';
import { Resource, type ListCall } from './call.js';

export interface OrderQuery {
  type?: string;
  status?: string;
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

export class Orders extends Resource {
  list(query: OrderQuery = {}): ListCall<Order> {
    return this.listOf(this.byVersion('listOrders', 'v1ListOrders'), { ...query });
  }

  /** spec 4.2: `:id` is the order id or its orderCode; `version` for a v2-only command. */
  get(id: number | string, version?: ApiVersion): Promise<ApiResponse<Order>> {
    return this.read(this.byVersion('getOrder', 'v1GetOrder', version), { params: { id } });
  }
}

export class Mediations extends Resource {
  list(query: { status?: string; page?: number } = {}): ListCall<Mediation> {
    return this.listOf('listMediations', { ...query });
  }

  get(orderId: number): Promise<ApiResponse<Mediation>> {
    return this.read('getMediation', { params: { orderId } });
  }
}
