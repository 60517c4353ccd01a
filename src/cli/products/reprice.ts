// svc products reprice --rules rules.yaml (issue 25): prices from cost, fee and the catalog
// minimum, never under the floor. The rules file is checked whole, then against the account
// (unknown listing or game: FILE:LINE, exit 2, nothing sent); the plan is priced by the pure
// functions of src/pricing; only rows that change are sent, through the bulk-price job engine
// (journal, idempotency keys, resume, pacing, --max-change, --report). A rerun sends nothing.
import { z } from 'zod';
import { formatBp } from '../../pricing/arith.js';
import { repricePlan, rulesProblems, type RepricePlan } from '../../pricing/reprice-plan.js';
import { RulesFileError, readRulesFile } from '../../pricing/rules-file.js';
import type { PlanRow } from '../../pricing/plan.js';
import type { FeeRate } from '../../pricing/cost-basis.js';
import { note } from '../../output/reporter.js';
import { jsonText } from '../../output/sanitize.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { invalidInput, jobCommand, requireV2 } from '../shared/job-helpers.js';
import { planColumns, writePlanFile } from './reprice-output.js';
import { runPriceJob } from './bulk-price.js';
import { readPriceFile } from '../../input/prices.js';
import { loadCatalog, loadListings, loadPricingFacts, priceTargets, requireFee } from './pricing-facts.js';

const options = {
  rules: option('--rules <file>', 'the rules file (YAML): which listings, and how to price them', z.string(), {
    mandatory: true,
  }),
  allRows: flag('--all-rows', 'list unchanged rows in the plan too (default: counted only)'),
  allowUnknownCost: flag(
    '--allow-unknown-cost',
    'price rows with no known cost from the catalog floor alone (default: listed and left alone)',
  ),
  maxChange: option(
    '--max-change <pct>',
    'refuse rows whose price moves more than PCT percent from the current one',
    z.coerce.number().positive().max(10_000).optional(),
  ),
  report: reportOption(),
  resume: resumeOption(),
};

async function run(deps: Deps, opts: OptsOf<typeof options>): Promise<number> {
  let rules: Awaited<ReturnType<typeof readRulesFile>>;
  try {
    rules = await readRulesFile(opts.rules);
  } catch (err) {
    if (!(err instanceof RulesFileError)) throw err;
    return invalidInput(deps, err.problems.join('\n'), err.problems.length, opts.rules);
  }
  await requireV2(deps, 'products reprice');
  const listings = await loadListings(deps);
  const catalog = await loadCatalog(deps);
  const problems = rulesProblems(rules, {
    listings: new Map(listings.map((l) => [l.id, (l.variants ?? []).map((v) => v.index)])),
    catalog,
  });
  if (problems.length > 0) return invalidInput(deps, problems.join('\n'), problems.length, opts.rules);
  const facts = await loadPricingFacts(deps, {
    salesDays: rules.salesDays,
    ...(rules.feeBp !== undefined ? { feeBp: rules.feeBp } : {}),
    costs: true,
    listings,
    catalog,
  });
  const fee = requireFee(facts.fee, opts.rules);
  const plan = repricePlan({
    rules,
    targets: priceTargets(listings),
    catalog,
    costs: facts.costs,
    feeBp: fee.bp,
    allowUnknownCost: opts.allowUnknownCost ?? false,
  });
  for (const n of facts.notes) note(deps.io, n);
  note(deps.io, feeWords(fee, rules.salesDays));
  const shown = plan.rows.filter((r) => opts.allRows || r.action !== 'unchanged');
  if (deps.globals.dryRun) {
    await printPlanRows(deps, shown, plan, fee);
    note(deps.io, `dry run: nothing sent; ${countsWords(plan)}`);
    if (plan.counts['unknown-cost'] > 0 && !opts.allowUnknownCost)
      note(deps.io, 'rows with unknown cost are left alone; --allow-unknown-cost prices them from the catalog floor');
    return 0;
  }
  const changes = plan.rows.filter((r) => r.action === 'change');
  if (changes.length === 0) {
    await printPlanRows(deps, shown, plan, fee);
    note(deps.io, `nothing to send: ${countsWords(plan)}`);
    return 0;
  }
  const left = plan.rows.filter((r) => r.action === 'unknown-cost' || r.action === 'held');
  if (left.length > 0)
    note(
      deps.io,
      `left alone: ${left.map((r) => `${r.id}${r.variant !== undefined ? `:${r.variant}` : ''}`).join(', ')} (see --dry-run)`,
    );
  // The plan's changes become a prices file in the state folder, named by its content: the job
  // journals it like any bulk-price input, so an interrupted run resumes on the same rows.
  const file = writePlanFile(deps.stateDir(), changes);
  const parsed = await readPriceFile(file.path, { displayName: file.displayName, signal: deps.signal });
  return runPriceJob(deps, file, parsed, {
    report: opts.report,
    maxChange: opts.maxChange,
    resume: opts.resume,
    label: `${opts.rules}: ${countsWords(plan)}; sent`,
    command: jobCommand(
      deps,
      ['products', 'bulk-price', file.path],
      opts.maxChange !== undefined ? ['--max-change', String(opts.maxChange)] : [],
    ),
  });
}

function feeWords(fee: FeeRate, days: number): string {
  return fee.source === 'configured'
    ? `fee ${formatBp(fee.bp)} (configured)`
    : `fee ${formatBp(fee.bp)} inferred from ${fee.sales} sale${fee.sales === 1 ? '' : 's'} of the last ${days} days`;
}

function countsWords(plan: RepricePlan): string {
  const c = plan.counts;
  return [
    `${c.change} to change`,
    `${c.unchanged} unchanged`,
    `${c['unknown-cost']} with unknown cost`,
    ...(c.held ? [`${c.held} held`] : []),
    ...(plan.unmatched ? [`${plan.unmatched} not selected by any rule`] : []),
  ].join(', ');
}

async function printPlanRows(deps: Deps, rows: PlanRow[], plan: RepricePlan, fee: FeeRate): Promise<void> {
  const format = deps.format();
  if (format === 'json') {
    deps.io.stdout.write(
      `${jsonText({ dryRun: deps.globals.dryRun, currency: 'cents', fee: { ...fee }, counts: { ...plan.counts, unmatched: plan.unmatched }, rows: rows.map(jsonRow) }, 2)}\n`,
    );
    return;
  }
  if (format === 'jsonl') {
    for (const r of rows) deps.io.stdout.write(`${jsonText(jsonRow(r))}\n`);
    return;
  }
  await printRecords(deps.io, rows, {
    format,
    columns: planColumns,
    empty: 'no row to show (--all-rows lists unchanged rows)',
  });
}

function jsonRow(r: PlanRow): Record<string, unknown> {
  return {
    id: r.id,
    variant: r.variant ?? null,
    title: r.title,
    current: r.current,
    new: r.new,
    floor: r.floor,
    cost: r.cost ?? null,
    costBasis: r.basis,
    marginBp: r.marginBp ?? null,
    action: r.action,
    reason: r.reason,
    rule: r.rule,
  };
}

export const repriceVerb = defineVerb({
  name: 'reprice',
  description: 'set prices from cost, fee and the catalog minimum by rules; never under the floor',
  args: [],
  options,
  examples: [
    'svc products reprice --rules rules.yaml --dry-run',
    'svc products reprice --rules rules.yaml --dry-run --all-rows -o csv > plan.csv',
    'svc products reprice --rules rules.yaml --max-change 30 --report reprice.csv --yes',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [repriceVerb];
