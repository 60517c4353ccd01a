// Stages "read", "normalise", "dedupe" and "limits" of `stock add` (docs/ARCHITECTURE.md "One
// credential pipeline"): the input opened (stdin spooled, its format named:), then
// validated whole in constant memory (cli-spec 3: FILE:LINE, exit 2, nothing sent) by
// scanCredentials, which normalises (input/credential-normalise.ts), drops repeats of the
// file (--dedupe skip) and plans the chunks of 2000 (spec 8).
import { LIMITS } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import { inputSummary, scanCredentials, type CredentialFormat, type ScanResult } from '../../input/credentials.js';
import { sniffCredentialFormat } from '../../input/format-sniff.js';
import { formatProblems } from '../../input/problems.js';
import { collectGarbage } from '../../jobs/memory.js';
import { note, warn } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { invalidInput } from '../shared/job-helpers.js';
import { describeTarget, type StockTarget } from './stock-target.js';

export interface AddInputOptions {
  file: string;
  format: CredentialFormat;
  formatGiven: boolean;
  separator?: string;
  dedupe: 'skip' | 'none';
  keepWhitespace?: boolean;
  strictColumns?: boolean;
}

/** stdin has no extension; CSV or JSONL read as lines would send rows whole. */
export function refuseUnnamedFormat(o: AddInputOptions, path: string): void {
  if (o.file !== '-' || o.formatGiven) return;
  const seen = sniffCredentialFormat(path);
  if (!seen) return;
  throw new UsageError(
    `stdin looks like ${seen === 'csv' ? 'CSV (a credential header, or rows of credential, ref and cost)' : 'JSONL (lines starting with {)'}: nothing was sent`,
    `add --format ${seen} (or --format lines if each line really is one credential)`,
  );
}

/** The validated input, or the exit code when it is refused (problems printed). */
export async function scanAddInput(
  deps: Deps,
  o: AddInputOptions,
  input: { path: string; displayName: string },
  target: StockTarget,
  resuming: boolean,
): Promise<ScanResult | number> {
  const scan = await scanCredentials(input.path, {
    format: o.format,
    separator: o.separator,
    displayName: input.displayName,
    // spec 8 counts what the listing will hold. A resumed import's earlier chunks are in what it
    // holds already; with dedupe skip which of the file's credentials it holds is the
    // service's to say (it shows counts, not credentials): then the file alone is checked here and
    // the total by the service (TOO_MANY_CREDENTIALS on the chunk that would pass it).
    existingCount: resuming || o.dedupe === 'skip' ? 0 : target.held,
    keepWhitespace: o.keepWhitespace ?? false,
    dropDuplicates: o.dedupe === 'skip',
    signal: deps.signal,
    strictColumns: o.strictColumns ?? false,
  });
  if (scan.problemCount > 0)
    return invalidInput(deps, formatProblems(scan.problems, scan.problemCount), scan.problemCount, input.displayName);
  collectGarbage(); // what the validation pass read is garbage now
  if (scan.count === 0) return invalidInput(deps, `${input.displayName}: no credentials`, 1, input.displayName);
  for (const n of scan.notes) note(deps.io, n);
  for (const line of inputSummary(scan)) warn(deps.io, line);
  const sent = scan.count - (scan.duplicatesDropped ? scan.duplicates : 0);
  if (!resuming && o.dedupe === 'skip' && target.held + sent > LIMITS.stockPerVariantMax)
    note(
      deps.io,
      `${describeTarget(target)} holds ${target.held}; with the ${sent} credentials of the file that is over ${LIMITS.stockPerVariantMax} unless the service already holds ${target.held + sent - LIMITS.stockPerVariantMax} of them (dedupe skip); a chunk that would pass the limit is refused (TOO_MANY_CREDENTIALS)`,
    );
  if (scan.duplicates > 0 && deps.globals.verbose) for (const w of scan.warnings) deps.io.stderr.write(`${w}\n`);
  return scan;
}
