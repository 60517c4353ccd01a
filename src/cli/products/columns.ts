// How listings show in tables: v2 money in cents, v1 money as decimals (A3).
import type { ApiVersion } from '../../api/assumptions.js';
import type { Listing, Variant } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';

export function listingColumns(version: ApiVersion): Column<Listing>[] {
  const money = version === 'v2' ? ('cents' as const) : ('decimal' as const);
  // On a narrow terminal `drop` ranks what is left out first (--wide shows all).
  return [
    { header: 'id', value: 'id', kind: 'number' },
    { header: 'title', value: 'title', max: 40 },
    { header: 'status', value: 'status', kind: 'status' },
    { header: 'active', value: (l) => (l.pausedByOfflineMode ? 'paused' : l.isActive ? 'yes' : 'no'), kind: 'word' },
    { header: 'price', value: 'price', kind: money },
    ...(version === 'v2' ? [{ header: 'effective', value: 'effectivePrice' as const, kind: money, drop: 3 }] : []),
    { header: 'stock', value: 'stock', kind: 'number' },
    { header: 'auto stock', value: 'autoDeliveryStock', kind: 'number', drop: 2 },
    ...(version === 'v2'
      ? [{ header: 'variants', value: (l: Listing) => l.variants?.length ?? 0, kind: 'number' as const, drop: 1 }]
      : []),
  ];
}

export const variantColumns: Column<Variant>[] = [
  { header: 'index', value: 'index', kind: 'number' },
  { header: 'title', value: 'title', max: 40 },
  { header: 'price', value: 'price', kind: 'cents' },
  { header: 'stock', value: 'stock', kind: 'number' },
  { header: 'auto', value: 'isAutoDelivery', kind: 'bool' },
  { header: 'auto stock', value: 'autoDeliveryStock', kind: 'number' },
];
