// svc products update ID: PATCH /products/:id (v2) or /api/v1/products/:id (spec 3, 4.2, 4.3).
// "No changes applied" is said as such; a real change of title, description, warranty or
// delivery time sends the listing back to review, so it is announced and confirmed; a listing
// with variants takes prices only through `variants set`.
import { localDecimal, t } from '../../i18n/index.js';
import { z } from 'zod';
import { NO_CHANGES_MESSAGE } from '../../api/assumptions.js';
import { REVIEW_TRIGGER_NAMES, reviewTriggers, type ReviewedFields } from '../../api/rules/review.js';
import { EXIT, UsageError } from '../../api/errors.js';
import { ProductUpdateV2 } from '../../api/requests.js';
import { note, success, warn } from '../../output/reporter.js';
import { formatCents } from '../../output/money.js';
import type { Listing } from '../../api/responses.js';
import { parseId } from '../shared/command.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { printCallPlan } from '../shared/plan.js';
import { listingColumns } from './columns.js';
import { priceFlag } from './price-flag.js';
import { floorOption, floorOptions, guardOnePrice } from './floor-guard.js';

const options = {
  price: option(
    '--price <price>',
    'new price, e.g. 19.90 (listings with variants: use `variants set`)',
    z.string().optional(),
  ),
  title: option('--title <text>', 'new title (5-200 characters)', z.string().optional()),
  description: option('--description <text>', 'new description (20-5000 characters)', z.string().optional()),
  warranty: option(
    '--warranty <days>',
    'warranty in days (account listings only)',
    z.coerce.number().int().min(0).optional(),
  ),
  deliveryTime: option('--delivery-time <hours>', 'delivery time like 24h', z.string().optional()),
  active: flag('--active', 'activate the listing'),
  inactive: flag('--inactive', 'deactivate the listing'),
  ...floorOptions,
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const id = parseId(args[0]);
  if (o.active && o.inactive) throw new UsageError('--active and --inactive exclude each other');
  const floor = floorOption(o.floor, o.fee);
  if (floor && o.price === undefined) throw new UsageError('--floor goes with --price');
  let price = priceFlag(o.price);
  const body: ProductUpdateV2 = {
    ...(price !== undefined ? { price } : {}),
    ...(o.title !== undefined ? { title: o.title } : {}),
    ...(o.description !== undefined ? { description: o.description } : {}),
    ...(o.warranty !== undefined ? { warrantyPeriod: o.warranty } : {}),
    ...(o.deliveryTime !== undefined ? { deliveryTime: o.deliveryTime } : {}),
    ...(o.active ? { isActive: true } : o.inactive ? { isActive: false } : {}),
  };
  if (Object.keys(body).length === 0)
    throw new UsageError(
      'nothing to change',
      'give at least one of --price, --title, --description, --warranty, --delivery-time, --active, --inactive',
    );
  // The same strict schema the service applies (spec 2.4): bad values never leave the machine.
  const check = ProductUpdateV2.safeParse(body);
  if (!check.success)
    throw new UsageError(check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));

  const version = await apiVersion(deps);
  const api = await deps.api();
  const current = (await api.products.get(id)).data;
  if (price !== undefined && (current.variants?.length ?? 0) > 0) {
    throw new UsageError(
      `listing ${id} has variants: its price changes only per variant (spec 4.2)`,
      `use \`svc products variants set ${id} --index N --price P\``,
    );
  }
  if (price !== undefined && floor) {
    // the same floor rule as bulk-price --floor (src/pricing/floor.ts).
    price = await guardOnePrice(deps, current, undefined, price, { ...floor, mode: o.floorMode ?? 'skip' });
    body.price = price;
  }
  // a taken-down or permanently rejected listing never goes back to review (spec 3:
  // any edit is refused, final): no review warning or question; the service's answer is shown.
  const final = current.status === 'taken_down' || current.status === 'permanently_rejected';
  const reviewFields = final ? [] : reviewTriggers(current as ReviewedFields, body).map((f) => REVIEW_TRIGGER_NAMES[f]);
  if (!(await confirmChange(deps, id, current, body, reviewFields))) {
    note(deps.io, 'cancelled: nothing changed');
    return EXIT.cancelled;
  }
  const update = api.products.update(id, body);
  if (deps.globals.dryRun) {
    return printCallPlan(deps, update);
  }
  const res = await update.send();
  if (res.message === NO_CHANGES_MESSAGE) note(deps.io, `no changes applied: listing ${id} already has these values`);
  else success(deps.io, `listing ${id} updated${reviewFields.length ? ' (now under review)' : ''}`);
  await printOne(deps, res.data ?? current, listingColumns(version));
  return 0;
}

/** What changes of the price and the status, `price 8.00 → 5.00`, in the seller's decimals. */
function visibleChanges(current: Listing, body: ProductUpdateV2): string[] {
  const out: string[] = [];
  if (body.price !== undefined && body.price !== current.price)
    out.push(
      t('listing {id}: price {from} → {to}', {
        id: current.id,
        from: localDecimal(formatCents(current.price)),
        to: localDecimal(formatCents(body.price)),
      }),
    );
  if (body.isActive !== undefined && body.isActive !== current.isActive)
    out.push(
      t(body.isActive ? 'listing {id}: inactive → active' : 'listing {id}: active → inactive', { id: current.id }),
    );
  return out;
}

/**
 * Whether to send. A change that sends the listing back to review is announced and asked in
 * every run (--yes in scripts); a change of price or status is shown and asked on a terminal,
 * as the bulk writes are (cli-spec 1), and goes ahead in a script.
 */
async function confirmChange(
  deps: Deps,
  id: number,
  current: Listing,
  body: ProductUpdateV2,
  reviewFields: string[],
): Promise<boolean> {
  if (deps.globals.dryRun) return true;
  const changes = visibleChanges(current, body);
  const ask = reviewFields.length > 0 || (changes.length > 0 && deps.io.interactive && !deps.globals.yes);
  if (ask) for (const line of changes) note(deps.io, line);
  if (reviewFields.length > 0) {
    warn(
      deps.io,
      t('changing {fields} sends listing {id} back to review (status em_analise) until the platform approves it', {
        fields: reviewFields.map((f) => t(f)).join(', '),
        id,
      }),
    );
    return deps.confirm(`send listing ${id} back to review?`);
  }
  return ask ? deps.confirm(`change listing ${id}?`) : true;
}

export const updateVerb = defineVerb({
  name: 'update',
  description: 'change a listing; a new title, description, warranty or delivery time sends it back to review',
  args: [['<id>', 'listing id']],
  options,
  examples: [
    'svc products update 42 --price 24.90',
    'svc products update 42 --inactive',
    'svc products update 42 --price 1.99 --floor cost   # refused (exit 3) when 1.99 is under cost + fee',
    'svc products update 42 --title "Immortal account, all agents" --yes   # goes back to review',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [updateVerb];
