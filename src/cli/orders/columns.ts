// How orders show in tables: v2 money in cents, v1 money as decimals (A3). Buyer names and
// listing titles are untrusted text: cells are sanitised by cellText (style.md principle 10).
import type { ApiVersion } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';

type DeliveredItem = NonNullable<Order['deliveredItems']>[number];

export function orderColumns(version: ApiVersion): Column<Order>[] {
  const money = version === 'v2' ? ('cents' as const) : ('decimal' as const);
  // On a narrow terminal `drop` ranks what is left out first (--wide shows all).
  return [
    { header: 'id', value: 'id', kind: 'number' },
    { header: 'code', value: 'orderCode' },
    { header: 'type', value: 'type', drop: 1, kind: 'status' },
    { header: 'status', value: 'status', kind: 'status' },
    { header: 'listing', value: 'productTitle', max: 32 },
    { header: 'buyer', value: 'buyerName', max: 20 },
    { header: 'qty', value: 'quantity', kind: 'number', drop: 3 },
    { header: 'price', value: 'price', kind: money },
    { header: 'fee', value: 'fee', kind: money, drop: 2 },
    { header: 'created', value: 'createdAt', kind: 'date' },
  ];
}

/** spec 2.5: `deliveredItems` carry a ref and a cost, never the credential. */
export const deliveredItemColumns: Column<DeliveredItem & { n: number }>[] = [
  { header: '#', value: 'n', kind: 'number' },
  { header: 'ref', value: 'ref' },
  // costCents is cents whatever the API version (its name says so; A4).
  { header: 'cost', value: 'costCents', kind: 'cents' },
];
