import { count } from '../../output/plural.js';
import { z } from 'zod';
import { CHUNK_SIZE } from '../../api/assumptions.js';
import { EXIT, UsageError } from '../../api/errors.js';
import { openInput, startsWithBom } from '../../input/source.js';
import { readVariantFile, type VariantRow } from '../../input/variants.js';
import { fingerprintInput, jobSpec, planChunks, type ItemRef } from '../../jobs/index.js';
import { printRecords } from '../../ui/print.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { runBulkJob, type ChunkSend } from '../shared/job-runner.js';
import { variantColumns } from './columns.js';
import { outcomesFromResults } from './item-results.js';
import { refuseBadFile, jobCommand, requireV2 } from '../shared/job-helpers.js';
import { printCallPlan } from '../shared/plan.js';
import { priceFlag } from './price-flag.js';
import { floorOption, floorOptions, guardOnePrice } from './floor-guard.js';

const setOptions = {
  file: option(
    '--file <file.csv>',
    'CSV with columns index, price or price_cents, stock; - for stdin',
    z.string().optional(),
  ),
  index: option('--index <n>', 'one variant: its index', z.coerce.number().int().min(0).optional()),
  price: option('--price <price>', 'new price, e.g. 19.90', z.string().optional()),
  stock: option('--stock <n>', 'new manual stock', z.coerce.number().int().min(0).optional()),
  report: reportOption('with --file: write the rows with status, code and message'),
  resume: resumeOption('with --file: finish an interrupted job', 'with --file: start a new job'),
  strictColumns: flag(
    '--strict-columns',
    'with --file: refuse columns other than index, price|price_cents, stock (default: ignored with a note)',
  ),
  ...floorOptions,
};

async function list(deps: Deps, _o: object, args: string[]): Promise<number> {
  const id = parseId(args[0]);
  await requireV2(deps, 'products variants');
  const res = await (await deps.api()).products.get(id, 'v2');
  const listing = res.data;
  await printRecords(deps.io, listing.variants ?? [], {
    format: deps.format(),
    columns: variantColumns,
    empty: `listing ${id} has no variants`,
  });
  return 0;
}

async function setVariants(deps: Deps, o: OptsOf<typeof setOptions>, args: string[]): Promise<number> {
  const id = parseId(args[0]);
  if ((o.file === undefined) === (o.index === undefined))
    throw new UsageError('give either --file or --index', 'see `svc products variants set --help`');
  if (o.file !== undefined) {
    if (o.floor !== undefined)
      throw new UsageError('--floor goes with --price, not --file (bulk-price --floor checks files)');
    if (o.price !== undefined || o.stock !== undefined)
      throw new UsageError('--price and --stock go with --index, not --file');
    return setFromFile(deps, id, o.file, o);
  }
  const floor = floorOption(o.floor, o.fee);
  if (floor && o.price === undefined) throw new UsageError('--floor goes with --price');
  let price = priceFlag(o.price);
  if (price === undefined && o.stock === undefined)
    throw new UsageError('nothing to change: give --price and/or --stock');
  await requireV2(deps, 'products variants set');
  if (price !== undefined && floor) {
    // the same floor rule as bulk-price --floor (src/pricing/floor.ts).
    const listing = (await (await deps.api()).products.get(id, 'v2')).data;
    price = await guardOnePrice(deps, listing, o.index, price, { ...floor, mode: o.floorMode ?? 'skip' });
  }
  const item = {
    index: o.index!,
    ...(price !== undefined ? { price } : {}),
    ...(o.stock !== undefined ? { stock: o.stock } : {}),
  };
  const update = (await deps.api()).variants.update(id, [item]);
  if (deps.globals.dryRun) {
    return printCallPlan(deps, update);
  }
  const res = await update.send();
  const [outcome] = outcomesFromResults([{ line: 1, id, variant: o.index }], res.data, 'index');
  await printRecords(deps.io, [outcome!], {
    format: deps.format(),
    columns: [
      { header: 'id', value: 'id' },
      { header: 'variant', value: 'variant' },
      { header: 'status', value: 'status', kind: 'status' },
      { header: 'code', value: 'code' },
      { header: 'message', value: 'message' },
    ],
  });
  return outcome!.status === 'failed' ? EXIT.refused : EXIT.ok;
}

async function setFromFile(deps: Deps, id: number, file: string, o: OptsOf<typeof setOptions>): Promise<number> {
  const input = await openInput(file, { signal: deps.signal });
  try {
    const parsed = await readVariantFile(input.path, {
      displayName: input.displayName,
      strictColumns: o.strictColumns ?? false,
      signal: deps.signal,
    });
    const refused = refuseBadFile(deps, parsed, input.displayName);
    if (refused !== undefined) return refused;
    await requireV2(deps, 'products variants set');
    // Chunks carry the variant rows themselves (index, price, stock), each with the listing's id.
    const spec = jobSpec({
      kind: 'variants',
      target: `listing ${id}`,
      command: jobCommand(deps, ['products', 'variants', 'set', String(id)], ['--file', input.displayName]),
      input: await fingerprintInput(input.path, input.displayName),
      chunks: planChunks(
        [{ route: 'updateVariants', items: parsed.rows.map((r) => ({ ...r, id, variant: r.index })) }],
        CHUNK_SIZE.bulk,
      ),
    });
    const api = await deps.api();
    const send: ChunkSend<VariantRow & ItemRef> = async (chunk, send) => {
      const items = chunk.items.map((r) => ({
        index: r.index,
        ...(r.priceCents !== undefined ? { price: r.priceCents } : {}),
        ...(r.stock !== undefined ? { stock: r.stock } : {}),
      }));
      const res = await send(api.variants.update(id, items));
      return {
        items: outcomesFromResults(
          chunk.items.map(({ line, variant }) => ({ line, id, variant })),
          res.data,
          'index',
        ),
      };
    };
    return await runBulkJob(deps, {
      spec,
      send,
      resume: typeof o.resume === 'string' ? o.resume : undefined,
      noResume: o.resume === false,
      report: o.report
        ? {
            path: o.report,
            columns: parsed.columns,
            rows: new Map(parsed.rows.map((r) => [r.line, r.raw])),
            style: { delimiter: parsed.delimiter ?? ',', bom: startsWithBom(input.path) },
          }
        : undefined,
      summary: (r) =>
        `listing ${id}: ${count(parsed.rows.length, 'variant')}, ${r.counts.ok} applied, ${r.counts.unchanged} unchanged, ${r.counts.failed} refused, ${count(r.requests, 'request')}`,
    });
  } finally {
    await input.cleanup();
  }
}

export const variantsSetVerb = defineVerb({
  name: 'set',
  description:
    'change variant prices and stock (from a CSV of index, price or price_cents, stock; or one variant by flags)',
  args: [['<id>', 'listing id']],
  options: setOptions,
  examples: [
    'svc products variants set 42 --index 0 --price 19.90',
    'svc products variants set 42 --index 1 --stock 25',
    'svc products variants set 42 --index 0 --price 9.90 --floor cost+5%',
    'svc products variants set 42 --file variants.csv --report out.csv',
  ],
  run: setVariants,
});

export const variantsVerb = defineVerb({
  name: 'variants',
  description: "list a listing's variants, or change them with `variants set`",
  args: [['<id>', 'listing id']],
  examples: ['svc products variants 42', 'svc products variants 42 --json'],
  subcommands: [variantsSetVerb],
  run: list,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [variantsVerb];
