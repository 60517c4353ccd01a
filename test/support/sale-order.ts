// One delivered sale of the test listing, as the orders list answers it (A4): the notices, the
// digest and the bot's replies are tested on it. R$ 19,90, fee 1,99, cost 7,00: profit R$ 11,91.
import type { Order } from '../../src/api/responses.js';

export function sale(over: Partial<Order> = {}): Order {
  return {
    id: 9001,
    orderCode: 'ORD-9001',
    type: 'sale',
    status: 'delivered',
    productId: 111,
    productTitle: 'Conta Valorant',
    price: 1990,
    fee: 199,
    quantity: 1,
    createdAt: '2026-11-27T12:00:00.000Z',
    deliveredItems: [{ costCents: 700 }],
    ...over,
  } as Order;
}
