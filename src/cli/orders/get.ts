// svc orders get ID|ORDER_CODE: one order; for a sale, its deliveredItems (ref, cost) and the
// profit of the sale (spec 1.5, 2.5). v2 accepts the orderCode as `:id` (spec 4.2).
import { count } from '../../output/plural.js';
import { t } from '../../i18n/index.js';
import { NotFoundError, UsageError } from '../../api/errors.js';
import { printRecords } from '../../ui/print.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { deliveredItemColumns, orderColumns } from './columns.js';
import { saleMoney } from './order-money.js';

// svc decision: an order code is 1-64 letters, digits, dot, hyphen or underscore.
const ORDER_REF = /^(?:\d+|[A-Za-z0-9][A-Za-z0-9._-]{0,63})$/;

async function run(deps: Deps, _o: object, args: string[]): Promise<number> {
  const ref = args[0] ?? '';
  if (!ORDER_REF.test(ref) || /^0+$/.test(ref)) {
    throw new UsageError(
      `"${ref}" is neither an order id nor an order code`,
      'pass the numeric id or the code, e.g. `svc orders get ORD-5001`',
    );
  }
  const v = await apiVersion(deps);
  let res: Awaited<ReturnType<Awaited<ReturnType<typeof deps.api>>['orders']['get']>>;
  try {
    res = await (await deps.api()).orders.get(ref);
  } catch (err) {
    if (err instanceof NotFoundError) {
      err.hint =
        v === 'v1' && !/^\d+$/.test(ref)
          ? 'with a v1 key, use the numeric order id (v2 also accepts the order code)'
          : 'no order with this id or code among your sales and purchases: see `svc orders list`';
    }
    throw err;
  }
  const order = res.data;
  const format = deps.format();
  const sale = order.type === 'sale' || Array.isArray(order.deliveredItems);
  const money = sale ? saleMoney(order, v) : undefined;
  const unit = v === 'v2' ? ('cents' as const) : ('decimal' as const);
  const inUnit = (cents: number) => (v === 'v2' ? cents : cents / 100);
  await printOne(deps, order, [
    ...orderColumns(v),
    { header: 'listing id', value: 'productId', kind: 'number' },
    { header: 'variant', value: 'variantIndex', kind: 'number' },
    // In the order's own unit (A3), so a v1 CSV does not mix decimals and cents.
    ...(money
      ? [
          { header: 'items cost', value: () => inUnit(money.costCents), kind: unit },
          { header: 'profit', value: () => inUnit(money.profitCents), kind: unit },
        ]
      : []),
  ]);
  if (format === 'table' && sale) {
    const items = (order.deliveredItems ?? []).map((it, i) => ({ ...it, n: i + 1 }));
    deps.io.stdout.write(`\n${t('delivered items:')}\n`);
    if (items.length === 0)
      deps.io.stdout.write(`  ${t('none recorded (no ref or cost was attached, or the sale predates the feature)')}\n`);
    else await printRecords(deps.io, items, { format, columns: deliveredItemColumns });
    if (money && money.itemsWithoutCost > 0)
      deps.io.stdout.write(
        `  ${t('{items} without a cost, counted as 0', { items: count(money.itemsWithoutCost, 'item') })}\n`,
      );
  }
  return 0;
}

export const getVerb = defineVerb({
  name: 'get',
  description: 'show one order; a sale shows its delivered items (ref and cost) and its profit',
  args: [['<id>', 'order id or order code']],
  examples: ['svc orders get 5001', 'svc orders get ORD-5001', 'svc orders get 5001 --json | jq .deliveredItems'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [getVerb];
