import { t } from '../../i18n/index.js';
import { printRecords } from '../../ui/print.js';
import { parseId } from '../shared/command.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { listingColumns, variantColumns } from './columns.js';

async function run(deps: Deps, _o: object, args: string[]): Promise<number> {
  const id = parseId(args[0]);
  const v = await apiVersion(deps);
  const res = await (await deps.api()).products.get(id);
  const listing = res.data;
  const format = deps.format();
  await printOne(deps, listing, [
    ...listingColumns(v),
    { header: 'game', value: 'game' },
    { header: 'category', value: 'category' },
    { header: 'type', value: 'listingType', kind: 'status' },
    { header: 'auto delivery', value: 'isAutoDelivery', kind: 'bool' },
    { header: 'updated', value: 'updatedAt', kind: 'date' },
  ]);
  if (format === 'table' && listing.variants?.length) {
    deps.io.stdout.write(`\n${t('variants:')}\n`);
    await printRecords(deps.io, listing.variants, { format, columns: variantColumns });
  }
  return 0;
}

export const getVerb = defineVerb({
  name: 'get',
  description: 'show one listing, with its variants',
  args: [['<id>', 'listing id']],
  examples: ['svc products get 42', 'svc products get 42 --json | jq .variants'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [getVerb];
