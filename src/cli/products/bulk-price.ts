// svc products bulk-price FILE: the main job. Rows without a variant go through
// PATCH /products/bulk-price, rows with one through PATCH /products/:id/variants grouped per
// listing; chunks of 100 (spec 8) on the one job engine.
import { note } from '../../output/reporter.js';
import { count } from '../../output/plural.js';
import { z } from 'zod';
import { localDecimal, t } from '../../i18n/index.js';
import { CHUNK_SIZE } from '../../api/assumptions.js';
import type { Listing } from '../../api/responses.js';
import type { ServiceApi } from '../../api/resources/index.js';
import { formatProblems } from '../../input/problems.js';
import { planPriceFile, readPriceFile, type PriceRow } from '../../input/prices.js';
import type { TableFileResult } from '../../input/table-rows.js';
import type { FloorMode } from '../../pricing/floor.js';
import { floorGuard, floorOption, floorOptions, type FloorFlag } from './floor-guard.js';
import { loadListingsFor } from './pricing-facts.js';
import { openInput, startsWithBom } from '../../input/source.js';
import {
  fingerprintInput,
  jobSpec,
  planChunks,
  planSummaryOfCounts,
  type ChunkGroup,
  type ItemOutcome,
  type ItemRef,
} from '../../jobs/index.js';
import { formatCents } from '../../output/money.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { printPlan } from '../shared/job-plan.js';
import { runBulkJob, type ChunkSend } from '../shared/job-runner.js';
import { invalidInput, refuseBadFile, jobCommand, requireV2 } from '../shared/job-helpers.js';
import { outcomesFromResults } from './item-results.js';

const options = {
  report: reportOption(),
  maxChange: option(
    '--max-change <pct>',
    'refuse rows whose price moves more than PCT percent from the current one',
    z.coerce.number().positive().max(10_000).optional(),
  ),
  resume: resumeOption(),
  strictColumns: flag(
    '--strict-columns',
    'refuse columns other than id, price|price_cents, variant (default: ignored with a note)',
  ),
  ...floorOptions,
};

/**
 * Rows without a variant go to one `bulkPrice` group, variant rows to one `updateVariants` group
 * per listing. Chunks carry the price rows themselves: the sender reads each row's price from
 * its chunk.
 */
function priceGroups<R extends ItemRef & { id: number }>(rows: R[]): ChunkGroup<R>[] {
  const plain: ChunkGroup<R> = { route: 'bulkPrice', items: [] };
  const perListing = new Map<number, ChunkGroup<R>>();
  for (const r of rows) {
    if (r.variant === undefined) plain.items.push(r);
    else {
      const g = perListing.get(r.id) ?? { route: 'updateVariants', items: [] };
      g.items.push(r);
      perListing.set(r.id, g);
    }
  }
  return [plain, ...perListing.values()].filter((g) => g.items.length > 0);
}

/** The requests a run sends for these rows (spec 8: 100 a bulk-price, one variants edit per listing). */
export function priceSends(rows: { id: number; variant?: number }[]): number {
  return planChunks(priceGroups(rows.map((r, i) => ({ ...r, line: i }))), CHUNK_SIZE.bulk).length;
}

/** What one chunk sends: a bulk-price request, or one listing's variants update. */
function priceSender(api: ServiceApi): ChunkSend<PriceRow> {
  return async (chunk, send) => {
    const refs = chunk.items.map(itemRef);
    if (chunk.route === 'bulkPrice') {
      const res = await send(api.products.bulkPrice(chunk.items.map((r) => ({ id: r.id, price: r.priceCents }))));
      return { items: outcomesFromResults(refs, res.data, 'id') };
    }
    const id = chunk.items[0]!.id; // a variants chunk holds the rows of one listing
    const res = await send(
      api.variants.update(
        id,
        chunk.items.map((r) => ({ index: r.variant!, price: r.priceCents })),
      ),
    );
    return { items: outcomesFromResults(refs, res.data, 'index').map((o) => ({ ...o, id })) };
  };
}

async function run(deps: Deps, opts: OptsOf<typeof options>, args: string[]): Promise<number> {
  const input = await openInput(args[0]!, { signal: deps.signal });
  try {
    const floor = floorOption(opts.floor, opts.fee); // a bad --floor is refused before the file is read
    if (deps.globals.dryRun && opts.maxChange === undefined && floor === undefined)
      return await dryRun(deps, input, opts.strictColumns ?? false);
    // cli-spec 3: the whole file is validated before the first request.
    const parsed = await readPriceFile(input.path, {
      displayName: input.displayName,
      strictColumns: opts.strictColumns ?? false,
      signal: deps.signal,
    });
    const bad = refuseBadFile(deps, parsed, input.displayName, 'price');
    if (bad !== undefined) return bad;
    await requireV2(deps, 'products bulk-price');
    return await runPriceJob(deps, input, parsed, {
      report: opts.report,
      maxChange: opts.maxChange,
      resume: opts.resume,
      ...(floor ? { floor: { ...floor, mode: opts.floorMode ?? 'skip' } } : {}),
      command: jobCommand(
        deps,
        ['products', 'bulk-price', input.displayName],
        [
          ...(opts.maxChange !== undefined ? ['--max-change', String(opts.maxChange)] : []),
          ...(opts.floor !== undefined ? ['--floor', opts.floor] : []),
          ...(opts.floorMode !== undefined ? ['--floor-mode', opts.floorMode] : []),
          ...(opts.fee !== undefined ? ['--fee', opts.fee] : []),
        ],
      ),
    });
  } finally {
    await input.cleanup();
  }
}

export interface PriceJobOptions {
  report?: string;
  maxChange?: number;
  resume?: string | boolean;
  floor?: FloorFlag & { mode: FloorMode };
  /** The resume command's base. */
  command: string;
  /** The summary's first words (default: the input's name). */
  label?: string;
  /** The caller showed its plan and asked on a terminal (products reprice). */
  confirmed?: boolean;
  /** The line a person is shown for a row of the file sent (reprice: the rule's line). */
  displayLine?: (line: number) => number;
  /** The listings the caller just read (reprice): the guards use them instead of reading again. */
  listings?: Listing[];
}

/**
 * Price rows already read and checked, through the one job engine: the guards that need the
 * current prices (--max-change, --floor) first, then chunks of 100 per route, journaled.
 * `products reprice` sends its plan through here too.
 */
export async function runPriceJob(
  deps: Deps,
  input: { path: string; displayName: string },
  parsed: TableFileResult<PriceRow>,
  opts: PriceJobOptions,
): Promise<number> {
  const resume = typeof opts.resume === 'string' ? opts.resume : undefined;
  const needCurrent = opts.maxChange !== undefined || opts.floor !== undefined;
  const listings = needCurrent
    ? (opts.listings ?? (await loadListingsFor(deps, new Set(parsed.rows.map((r) => r.id)))))
    : [];
  const preOutcomes = opts.maxChange !== undefined ? maxChangeGuard(listings, parsed.rows, opts.maxChange) : [];
  let refused = new Set(preOutcomes.map((o) => o.line));
  let rows = parsed.rows.filter((r) => !refused.has(r.line));
  if (opts.floor) {
    const guarded = await floorGuard(deps, listings, rows, opts.floor);
    preOutcomes.push(...guarded.refused);
    refused = new Set(guarded.refused.map((o) => o.line));
    rows = guarded.rows.filter((r) => !refused.has(r.line));
    for (const n of guarded.notes) note(deps.io, n);
  }
  const groups = priceGroups(rows);
  const spec = jobSpec({
    kind: 'bulk-price',
    command: opts.command,
    input: await fingerprintInput(input.path, input.displayName),
    chunks: planChunks(groups, CHUNK_SIZE.bulk),
  });
  const send = priceSender(await deps.api());
  return await runBulkJob(deps, {
    spec,
    send,
    resume,
    noResume: opts.resume === false,
    preOutcomes,
    ...(opts.confirmed ? { confirmed: true } : {}),
    ...(opts.displayLine ? { displayLine: opts.displayLine } : {}),
    report: opts.report
      ? {
          path: opts.report,
          columns: parsed.columns,
          rows: new Map(parsed.rows.map((r) => [r.line, r.raw])),
          style: { delimiter: parsed.delimiter ?? ',', bom: startsWithBom(input.path) },
        }
      : undefined,
    summary: (r) =>
      t('{label}: {rows}, {ok}, {unchanged}, {refused}, {requests}', {
        label: opts.label ?? input.displayName,
        rows: count(parsed.rows.length, 'row'),
        ok: count(r.counts.ok, 'applied', 'applied'),
        unchanged: count(r.counts.unchanged, 'unchanged', 'unchanged'),
        refused: count(r.counts.failed + preOutcomes.length, 'refused', 'refused'),
        requests: count(deps.made.total, 'request'), // the run's every request, reads included (spec 8)
      }),
  });
}

/** Where a row sits in the file, for its outcome (never its price or raw cells). */
function itemRef(r: PriceRow): ItemRef {
  return { line: r.line, id: r.id, ...(r.variant !== undefined ? { variant: r.variant } : {}) };
}

/** --max-change: refuse rows that move more than PCT from the current price. */
function maxChangeGuard(listings: Listing[], rows: PriceRow[], pct: number): ItemOutcome[] {
  const byId = new Map(listings.map((l) => [l.id, l]));
  const out: ItemOutcome[] = [];
  for (const r of rows) {
    const l = byId.get(r.id);
    const current = r.variant === undefined ? l?.price : l?.variants?.find((v) => v.index === r.variant)?.price;
    if (current === undefined || current === null || current <= 0) continue; // the service will judge unknown ids
    const change = (Math.abs(r.priceCents - current) / current) * 100;
    if (change > pct) {
      out.push({
        line: r.line,
        id: r.id,
        ...(r.variant !== undefined ? { variant: r.variant } : {}),
        status: 'skipped',
        code: 'MAX_CHANGE',
        message: t('price moves {change}% ({from} → {to}), more than --max-change {pct}', {
          change: localDecimal(change.toFixed(1)),
          from: localDecimal(formatCents(current)),
          to: localDecimal(formatCents(r.priceCents)),
          pct,
        }),
      });
    }
  }
  return out;
}

/**
 * --dry-run (without --max-change, which needs every row's current price): the plan from
 * counts, no row held, so memory does not grow with the file (bench/validate).
 */
async function dryRun(
  deps: Deps,
  input: { path: string; displayName: string },
  strictColumns: boolean,
): Promise<number> {
  const plan = await planPriceFile(input.path, {
    displayName: input.displayName,
    strictColumns,
    signal: deps.signal,
    perRequest: CHUNK_SIZE.bulk,
  });
  for (const n of plan.notes) note(deps.io, n);
  if (plan.problemCount > 0)
    return invalidInput(deps, formatProblems(plan.problems, plan.problemCount), plan.problemCount, input.displayName);
  if (plan.rows === 0) return invalidInput(deps, `${input.displayName}: no price rows`, 1, input.displayName);
  await requireV2(deps, 'products bulk-price');
  const byRoute = [
    { route: 'bulkPrice', items: plan.plain, requests: Math.ceil(plan.plain / CHUNK_SIZE.bulk) },
    { route: 'updateVariants', items: plan.variantRows, requests: plan.variantRequests },
  ].filter((r) => r.items > 0);
  return printPlan(deps, (budget) => planSummaryOfCounts('bulk-price', input.displayName, plan.rows, byRoute, budget));
}

export const bulkPriceVerb = defineVerb({
  name: 'bulk-price',
  description: 'set many prices from a CSV, 100 per request, safely resumable',
  args: [['<file>', 'prices CSV (id, price or price_cents, optional variant); - for stdin']],
  options,
  examples: [
    'svc products bulk-price prices.csv',
    'svc products bulk-price prices.csv --dry-run',
    'svc products bulk-price prices.csv --max-change 20 --report report.csv --yes -o json',
    'svc products bulk-price prices.csv --resume bp-20261121-a1b2c3',
    'svc products bulk-price prices.csv --floor cost+10%        # rows under cost + fee + 10% are refused (exit 3)',
    'svc products bulk-price prices.csv --floor catalog --floor-mode raise',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [bulkPriceVerb];
