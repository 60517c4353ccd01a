// What a write would send, for --dry-run: one shape for every command, on stdout as
// data. -o json/jsonl: {"dryRun": true, "requests": [{method, path, body?, what?}], "notes": [...]};
// otherwise a "dry run: nothing sent" line, then one line per request. A credential is never in a
// plan: a command that would send credentials describes them (`what`) instead of showing them.
import { t } from '../../i18n/index.js';
import type { RequestPlan } from '../../api/resources/call.js';
import { jsonText } from '../../output/sanitize.js';
import { count } from '../../output/plural.js';
import type { Deps } from './context.js';

export interface PlannedRequest {
  method: string;
  path: string;
  /** The body as it would be sent (never one holding credentials). */
  body?: unknown;
  /** In words, where the body is not shown (credentials, long text). */
  what?: string;
}

export function printRequestPlan(deps: Deps, requests: PlannedRequest[], notes: string[] = []): number {
  const format = deps.format();
  // spec 8: the reads this dry run made (the listing, the catalog for --floor) are the run's too,
  // made on the same path before the requests shown; a plan counts them.
  const dryRunRequests = deps.made.total;
  const runRequests = dryRunRequests + requests.length;
  if (format === 'json' || format === 'jsonl') {
    deps.io.stdout.write(
      `${jsonText({ dryRun: true, requests, runRequests, dryRunRequests, ...(notes.length > 0 ? { notes } : {}) }, format === 'json' ? 2 : undefined)}\n`,
    );
    return 0;
  }
  const lines = [t('dry run: nothing sent')];
  for (const r of requests) {
    const detail = r.what !== undefined ? `: ${t(r.what)}` : r.body !== undefined ? ` ${jsonText(r.body)}` : '';
    lines.push(`${r.method} ${r.path}${detail}`);
  }
  if (dryRunRequests > 0)
    lines.push(
      t('the run makes {n} (reads included)', { n: count(runRequests, 'request') }),
      t('this dry run made {n} (reads included)', { n: count(dryRunRequests, 'request') }),
    );
  lines.push(...notes.map((n) => t(n)));
  deps.io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** The plan of one built request of the resource layer (its `describe()`), body shown. */
export function printCallPlan(deps: Deps, call: { describe(): RequestPlan }, notes: string[] = []): number {
  const { method, path, body } = call.describe();
  return printRequestPlan(deps, [{ method, path, body }], notes);
}
