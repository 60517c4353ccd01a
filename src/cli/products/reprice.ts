// svc products reprice --rules rules.yaml: prices from cost, fee and the catalog
// minimum, never under the floor. The rules file is checked whole, then against the account
// (unknown listing or game: FILE:LINE, exit 2, nothing sent); the plan is priced by the pure
// functions of src/pricing; only rows that change are sent, through the bulk-price job engine
// (journal, idempotency keys, resume, pacing, --max-change, --report). A rerun sends nothing.
import { z } from 'zod';
import { EXIT } from '../../api/errors.js';
import { REPRICE_DEFAULT_MAX_CHANGE_PCT } from '../../api/assumptions.js';
import { localDecimal, t } from '../../i18n/index.js';
import { count } from '../../output/plural.js';
import { formatBp } from '../../pricing/arith.js';
import { formatCents } from '../../output/money.js';
import { repricePlan, rulesProblems, type RepricePlan } from '../../pricing/reprice-plan.js';
import { RulesFileError, readRulesFile } from '../../pricing/rules-file.js';
import type { PlanRow } from '../../pricing/plan.js';
import type { FeeRate } from '../../pricing/cost-basis.js';
import type { Listing } from '../../api/responses.js';
import { note } from '../../output/reporter.js';
import { jsonText } from '../../output/sanitize.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { invalidInput, jobCommand, requireV2 } from '../shared/job-helpers.js';
import { planColumns, writePlanFile } from './reprice-output.js';
import { priceSends, runPriceJob } from './bulk-price.js';
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
    `refuse rows whose price moves more than PCT percent from the current one (default ${REPRICE_DEFAULT_MAX_CHANGE_PCT})`,
    z.coerce.number().positive().max(10_000).optional(),
  ),
  report: reportOption(),
  resume: resumeOption(),
};

/** The rules file read and checked against the account, and the plan priced; or an exit code. */
async function planFromRules(
  deps: Deps,
  opts: OptsOf<typeof options>,
): Promise<number | { listings: Listing[]; plan: RepricePlan; fee: FeeRate }> {
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
  return { listings, plan, fee };
}

async function run(deps: Deps, opts: OptsOf<typeof options>): Promise<number> {
  const planned = await planFromRules(deps, opts);
  if (typeof planned === 'number') return planned;
  const { listings, plan, fee } = planned;
  const maxChange = opts.maxChange ?? REPRICE_DEFAULT_MAX_CHANGE_PCT;
  const shown = plan.rows.filter((r) => opts.allRows || r.action !== 'unchanged');
  const changes = plan.rows.filter((r) => r.action === 'change');
  // spec 8: every read so far (listings, catalog, the mirror's sync) is one the run makes too, on
  // the same path; then the sends of the rows --max-change lets through.
  const beyond = new Set(beyondMaxChange(plan, maxChange));
  const requests = { run: deps.made.total + priceSends(changes.filter((r) => !beyond.has(r))), made: deps.made.total };
  if (deps.globals.dryRun || changes.length === 0) {
    await printPlanRows(deps, shown, plan, fee, requests);
    notePlan(deps, plan, maxChange, opts, requests);
    return 0;
  }
  const left = plan.rows.filter((r) => r.action === 'unknown-cost' || r.action === 'held');
  if (left.length > 0)
    note(
      deps.io,
      t('left alone: {ids} (see --dry-run)', {
        ids: left.map((r) => `${r.id}${r.variant !== undefined ? `:${r.variant}` : ''}`).join(', '),
      }),
    );
  // On a terminal the plan is shown and asked for first (cli-spec 1: --yes in scripts).
  if (deps.io.interactive && !deps.globals.yes) {
    await printPlanRows(deps, shown, plan, fee, requests);
    notePlan(deps, plan, maxChange, opts, requests);
    if (!(await deps.confirm(`send {items}?`.replace('{items}', count(changes.length, 'new price'))))) {
      note(deps.io, 'cancelled: nothing sent');
      return EXIT.cancelled;
    }
  }
  // The plan's changes become a prices file in the state folder, named by its content: the job
  // journals it like any bulk-price input, so an interrupted run resumes on the same rows. What
  // the seller reads names the rules file and each row's rule line, never that file.
  const file = writePlanFile(deps.stateDir(), changes);
  const parsed = await readPriceFile(file.path, { displayName: opts.rules, signal: deps.signal });
  return runPriceJob(deps, { path: file.path, displayName: opts.rules }, parsed, {
    report: opts.report,
    maxChange,
    resume: opts.resume,
    confirmed: true,
    listings,
    displayLine: (line) => changes[line - 2]?.rule ?? line,
    label: t('{file}: {counts}; sent', { file: opts.rules, counts: countsWords(plan) }),
    command: jobCommand(deps, ['products', 'reprice', '--rules', opts.rules], ['--max-change', String(maxChange)]),
  });
}

/** The changes the bulk-price guard refuses before sending (the same test as its --max-change). */
function beyondMaxChange(plan: RepricePlan, maxChange: number): PlanRow[] {
  return plan.rows.filter(
    (r) => r.action === 'change' && r.current > 0 && (Math.abs(r.new - r.current) / r.current) * 100 > maxChange,
  );
}

/** Requests the run makes (reads included) and what this process made so far (spec 8). */
interface Requests {
  run: number;
  made: number;
}

/** The plan's request lines: a dry run says what the run makes and what it spent itself. */
function requestWords(deps: Deps, plan: RepricePlan, n: Requests): string[] {
  if (!deps.globals.dryRun && plan.counts.change === 0)
    return [t('this run made {n} (reads included)', { n: count(n.made, 'request') })];
  return [
    t('the run makes {n} (reads included)', { n: count(n.run, 'request') }),
    ...(deps.globals.dryRun ? [t('this dry run made {n} (reads included)', { n: count(n.made, 'request') })] : []),
  ];
}

/** After the plan: its counts, the requests, the rows --max-change would refuse, what is left alone. */
function notePlan(deps: Deps, plan: RepricePlan, maxChange: number, opts: OptsOf<typeof options>, n: Requests): void {
  const what = deps.globals.dryRun
    ? 'dry run: nothing sent; {counts}'
    : plan.counts.change === 0
      ? 'nothing to send: {counts}'
      : 'plan: {counts}';
  note(deps.io, t(what, { counts: countsWords(plan) }));
  for (const line of requestWords(deps, plan, n)) note(deps.io, line);
  const beyond = beyondMaxChange(plan, maxChange);
  if (beyond.length > 0)
    note(
      deps.io,
      t('refused unless --max-change is raised above {pct}%: {ids}', {
        pct: maxChange,
        ids: beyond
          .map(
            (r) =>
              `${r.id}${r.variant !== undefined ? `:${r.variant}` : ''} (${localDecimal(formatCents(r.current))} → ${localDecimal(formatCents(r.new))})`,
          )
          .join(', '),
      }),
    );
  if (plan.counts['unknown-cost'] > 0 && !opts.allowUnknownCost)
    note(deps.io, 'rows with unknown cost are left alone; --allow-unknown-cost prices them from the catalog floor');
}

function feeWords(fee: FeeRate, days: number): string {
  return fee.source === 'configured'
    ? t('fee {fee} (configured)', { fee: formatBp(fee.bp) })
    : t('fee {fee} inferred from {sales} of the last {days} days', {
        fee: formatBp(fee.bp),
        sales: count(fee.sales, 'sale'),
        days,
      });
}

function countsWords(plan: RepricePlan): string {
  const c = plan.counts;
  return [
    t('{n} to change', { n: c.change }),
    t('{n} unchanged', { n: c.unchanged }),
    t('{n} with unknown cost', { n: c['unknown-cost'] }),
    ...(c.held ? [t('{n} held', { n: c.held })] : []),
    ...(plan.unmatched ? [t('{n} not selected by any rule', { n: plan.unmatched })] : []),
  ].join(', ');
}

async function printPlanRows(deps: Deps, rows: PlanRow[], plan: RepricePlan, fee: FeeRate, n: Requests): Promise<void> {
  const format = deps.format();
  if (format === 'json') {
    const requests = { runRequests: n.run, ...(deps.globals.dryRun ? { dryRunRequests: n.made } : {}) };
    deps.io.stdout.write(
      `${jsonText({ dryRun: deps.globals.dryRun, currency: 'cents', fee: { ...fee }, counts: { ...plan.counts, unmatched: plan.unmatched }, ...requests, rows: rows.map(jsonRow) }, 2)}\n`,
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
