// A job's plan (`--dry-run`, and before a confirmation on a terminal): what it will send, what
// the run makes with its reads, and the minute's and the day's budget (spec 8), in the seller's
// words; in json, jsonl, csv and tsv, one record of the same fields (the machine contract).
import { LIMITS } from '../../api/assumptions.js';
import { SvcError } from '../../api/errors.js';
import { timeToMs } from '../../api/times.js';
import { localDecimal, t } from '../../i18n/index.js';
import type { ItemOutcome, PlanBudget, PlanSummary } from '../../jobs/index.js';
import { count } from '../../output/plural.js';
import { warn } from '../../output/reporter.js';
import { jsonText } from '../../output/sanitize.js';
import { UsageLedger } from '../../state/usage-ledger.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from './context.js';

/** Fields (json) and lines (table) a command adds to its plan, e.g. requests a check spent. */
export interface PlanExtra {
  fields: Record<string, number>;
  lines: string[];
}

/** The live rate budget (minute and day, spec 8) for a plan; undefined without a v2 key. */
export async function readBudget(deps: Deps): Promise<PlanBudget | undefined> {
  const client = await deps.client();
  let budget: PlanBudget | undefined;
  if (client.hasKey('v2')) {
    try {
      const u = (await (await deps.api()).account.usage()).data;
      if (u?.minute)
        budget = {
          remaining: u.minute.remaining,
          limit: u.minute.limit,
          resetAt: timeToMs(u.minute.reset) ?? Date.now() + 60_000,
        };
      // the day's quota too (`day.remaining`), so the plan says when it is short.
      if (u?.day) {
        budget ??= { remaining: LIMITS.v2PerMinute, limit: LIMITS.v2PerMinute, resetAt: Date.now() + 60_000 };
        budget.dayRemaining = u.day.remaining;
        const dayReset = timeToMs(u.day.reset);
        if (dayReset !== undefined) budget.dayResetAt = dayReset;
        UsageLedger.of(deps.stateDir()).noteAccountDay(u.day);
      }
    } catch (err) {
      if (err instanceof SvcError && err.exitCode === 4) throw err;
      warn(deps.io, `could not read the live rate budget (${(err as Error).message}); assuming a full minute`);
    }
  }
  return budget;
}

/** `--dry-run`: the plan, from a job spec or from counts of a file never held whole. */
export async function printPlan(
  deps: Deps,
  summarise: (budget: PlanBudget | undefined) => PlanSummary,
  refused: readonly ItemOutcome[] = [],
  out: { write(s: string): unknown } = deps.io.stdout,
  extra?: PlanExtra,
): Promise<number> {
  // spec 8: the reads made before the plan (current prices, the catalog, the mirror's sync) are
  // the run's too, it makes them on the same path; the budget read below is the dry run's only.
  const reads = deps.made.total;
  const budget = await readBudget(deps);
  const plan = summarise(budget);
  const format = deps.format();
  const runRequests = reads + plan.requests;
  // spec 8: what the dry run itself spent (its reads and the budget read) is said too.
  const dryRunRequests = deps.made.total;
  // -o csv/tsv asked for: one record. Piped without -o (tsv by default), a dry run is still read by
  // a person (a CI log): the plan's sentences, as on a terminal.
  const machine = format === 'json' || format === 'jsonl' || (format !== 'table' && deps.globals.output !== undefined);
  if (out === deps.io.stdout && machine) {
    const record = {
      dryRun: true,
      ...plan,
      refusedBeforeSending: refused.length,
      ...extra?.fields,
      runRequests,
      dryRunRequests,
    };
    if (format === 'json' || format === 'jsonl') deps.io.stdout.write(`${jsonText(record)}\n`);
    else await printPlanRecord(deps, record);
    return 0;
  }
  const lines = [
    t('dry run: nothing sent'),
    t('input: {input}, {items}', { input: plan.input, items: count(plan.items, 'item') }),
  ];
  for (const r of plan.byRoute)
    lines.push(
      `  ${t('send {what}: {items} in {requests}', { what: t(ROUTE_WORDS[r.route] ?? r.route), items: count(r.items, 'item'), requests: count(r.requests, 'request') })}`,
    );
  const left = budget
    ? ` ${t('({n} of {limit} left in this minute)', { n: budget.remaining, limit: budget.limit })}`
    : '';
  lines.push(`${t('requests: {n}', { n: plan.requests })}${left}`);
  if (reads > 0) lines.push(t('the run makes {n} (reads included)', { n: count(runRequests, 'request') }));
  lines.push(planQuotaLines(plan, runRequests));
  if (refused.length > 0) lines.push(...refusedLines(refused, plan.input));
  lines.push(...(extra?.lines ?? []));
  lines.push(t('this dry run made {n} (reads included)', { n: count(dryRunRequests, 'request') }));
  out.write(`${lines.join('\n')}\n`);
  return 0;
}

/**
 * The rows refused before sending, each by its line of the seller's file and with the message
 * that names the limit and the flag that governs it (--max-change, --floor): the first 20.
 */
function refusedLines(refused: readonly ItemOutcome[], file: string): string[] {
  const shown = refused
    .slice(0, 20)
    .map((o) => `  ${file}:${o.line}: ${t(o.message ?? o.code ?? '')} (${o.code ?? ''})`);
  if (refused.length > shown.length)
    shown.push(`  ${t('… and {n} more (--report FILE lists every row)', { n: refused.length - shown.length })}`);
  return [t('refused before sending: {rows}', { rows: count(refused.length, 'row') }), ...shown];
}

/** What each route of a job sends, in the seller's words: a plan never names an internal route. */
const ROUTE_WORDS: Record<string, string> = {
  bulkPrice: 'listing prices',
  updateVariants: 'variant prices',
  addStock: 'credentials',
  bulkStatus: 'listing statuses',
};

/**
 * The estimated time and the day's quota of a plan (spec 8), against every request the run
 * makes: its reads come out of the same day as its sends.
 */
function planQuotaLines(plan: PlanSummary, runRequests: number): string {
  const source = t(plan.dayRemainingSource === 'usage' ? 'as `svc usage` reports' : 'the documented limit');
  const beyond = Math.max(plan.requestsBeyondDay, runRequests - plan.dayRemaining);
  if (beyond <= 0)
    return [
      t('estimated time: {s} s', { s: localDecimal(String(plan.etaSeconds)) }),
      t('daily quota: {n} left today ({source})', { n: count(plan.dayRemaining, 'request'), source }),
    ].join('\n');
  const resets = plan.dayResetsAt ? t('; the quota resets at {at}', { at: plan.dayResetsAt }) : '';
  return [
    t('estimated time: {s} s for the {n} requests the day allows', {
      s: plan.etaSeconds,
      n: Math.max(0, plan.requests - beyond),
    }),
    t(
      'daily quota: {n} left today ({source}), the job needs {need}: the run would stop after {left} with exit 5 and a resume command',
      {
        n: count(plan.dayRemaining, 'request'),
        source,
        need: runRequests,
        left: plan.dayRemaining,
      },
    ) + resets,
  ].join('\n');
}

/**
 * A plan in csv or tsv: one row of its scalar fields under snake_case headers (the machine
 * contract), never the plan's sentences; the routes' detail is json's.
 */
function printPlanRecord(deps: Deps, record: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(record).filter((k) => record[k] === null || typeof record[k] !== 'object');
  const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return printRecords<Record<string, unknown>>(deps.io, record, {
    format: deps.format(),
    single: true,
    columns: keys.map((k) => ({ header: snake(k), value: k })),
  });
}
