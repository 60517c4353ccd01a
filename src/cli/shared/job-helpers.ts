// Pieces the bulk verbs share: refusing a bad input (exit 2), the v2 key check, and the
// command line that resumes a job.
import { EXIT, NeedsV2KeyError } from '../../api/errors.js';
import { formatProblems } from '../../input/problems.js';
import { note } from '../../output/reporter.js';
import type { Deps } from './context.js';
import { t } from '../../i18n/index.js';

/** cli-spec 3: every problem as FILE:LINE: message (first 50, then a count), exit 2, nothing sent. */
export function invalidInput(deps: Deps, problems: string, count: number, file: string): number {
  // in the seller's language (FILE:LINE stays first on every line)
  deps.io.stderr.write(`${t(problems)}\n`);
  const summary = `${count} problem${count === 1 ? '' : 's'} in ${file}; nothing was sent`;
  deps.io.stderr.write(`${t('error:')} ${t(summary)}\n`);
  return EXIT.usage;
}

/**
 * cli-spec 3: the whole file is judged before anything is sent. Prints the reader's notes;
 * returns the exit code when the file has problems (or, with `what`, no rows), else undefined.
 */
export function refuseBadFile(
  deps: Deps,
  parsed: { notes: readonly string[]; problems: readonly string[]; problemCount: number; rows: readonly unknown[] },
  file: string,
  what?: string,
): number | undefined {
  for (const n of parsed.notes) note(deps.io, n);
  if (parsed.problemCount > 0)
    return invalidInput(deps, formatProblems(parsed.problems, parsed.problemCount), parsed.problemCount, file);
  if (what && parsed.rows.length === 0) return invalidInput(deps, `${file}: no ${what} rows`, 1, file);
  return undefined;
}

/** A v2-only command with only a v1 key fails before sending (exit 4). */
export async function requireV2(deps: Deps, what: string): Promise<void> {
  const s = await deps.session();
  if (!s.keys.v2) throw new NeedsV2KeyError(what);
}

/** The command a resume repeats: the verb, its input, and the options that change what is sent. */
export function jobCommand(deps: Deps, words: string[], options: string[] = []): string {
  const g = deps.globals;
  const globals = [
    ...(g.profile ? ['--profile', g.profile] : []),
    ...(g.baseUrl ? ['--base-url', g.baseUrl] : []),
    ...(g.insecureHttp ? ['--insecure-http'] : []),
  ];
  return ['svc', ...globals, ...words, ...options].map(shellQuote).join(' ');
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
