// svc products get ID: the listing with its variants and base/effective price.
import type { Command } from 'commander';
import { Listing } from '../../api/responses.js';
import { printRecords } from '../../ui/print.js';
import { act, examples, parseId, type Runtime } from '../shared/command.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { lenient, printOne } from '../shared/read.js';
import { listingColumns, variantColumns } from './columns.js';

export function registerGet(products: Command, rt: Runtime): void {
  const cmd = products.command('get').argument('<id>', 'listing id').description('show one listing, with its variants').action(act(rt, run));
  examples(cmd, ['svc products get 42', 'svc products get 42 --json | jq .variants']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const id = parseId(cmd.args[0]);
  const v = await apiVersion(deps);
  const res = await (await deps.client()).request({ route: v === 'v2' ? 'getProduct' : 'v1GetProduct', params: { id }, signal: deps.signal });
  const listing = lenient(deps, Listing, res.data);
  const format = deps.format();
  await printOne(deps, listing, [
    ...listingColumns(v),
    { header: 'game', value: 'game' }, { header: 'category', value: 'category' }, { header: 'type', value: 'listingType' },
    { header: 'auto delivery', value: 'isAutoDelivery', kind: 'bool' }, { header: 'updated', value: 'updatedAt', kind: 'date' },
  ]);
  if (format === 'table' && listing.variants?.length) {
    deps.io.stdout.write('\nvariants:\n');
    await printRecords(deps.io, listing.variants, { format, columns: variantColumns });
  }
  return 0;
}
