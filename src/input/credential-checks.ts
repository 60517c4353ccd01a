// Checks shared by the three credential formats (cli-spec 3, spec 2.3 and 8): non-empty,
// at most 5000 characters, a ref that passes the ref rule, a cost >= 0 in whole cents.
// Every message refers to the credential by line only: it is never printed (cli-spec 3).
import { LIMITS } from '../api/assumptions.js';
import type { StockItem } from '../api/requests.js';
import type { PhysicalLineOptions } from './physical-lines.js';
import type { ProblemList } from './problems.js';
import { credentialProblem, credentialTooLong } from '../api/rules/credential.js';
import { refProblem } from '../api/rules/ref.js';
import { normaliseCredential } from './credential-normalise.js';

export type { StockItem };
export type CredentialFormat = 'lines' | 'csv' | 'jsonl';

/** One credential of the file and where it sits. */
export interface CredentialEntry {
  /** First physical line of the credential. */
  line: number;
  lastLine: number;
  startOffset: number;
  endOffset: number;
  /** The item to send; undefined when a problem was reported for it. */
  item?: StockItem;
}

/** What every format reader is given. */
export interface EntryReadContext extends Omit<PhysicalLineOptions, 'maxBytes'> {
  problems: ProblemList;
  /** `--keep-whitespace`: credentials as written (only BOM and CR removed),. */
  keepWhitespace?: boolean;
  /** `--strict-columns` (csv): unknown columns are a problem, not a note. */
  strictColumns?: boolean;
  /** Counts what normalising did, for the summary. */
  counts?: { trimmed: number };
}

/** The item as a format read it, before the shared checks. */
export interface CandidateItem {
  /** undefined when the credential was too long to hold (it is refused unread). */
  credential: string | undefined;
  ref?: string;
  costCents?: number;
  /** The credential is plain ASCII (an ASCII run of the lines reader): no zero-width character to look for. */
  ascii?: boolean;
}

/**
 * Bytes of one line beyond which a credential is over the limit without decoding it: UTF-8
 * spends at most 3 bytes per UTF-16 code unit, so more than 3 x 5000 bytes is > 5000 units.
 */
export const CREDENTIAL_LINE_MAX_BYTES = LIMITS.credentialMaxChars * 3;

export const CREDENTIAL_TOO_LONG = credentialTooLong();

/** The item to send, or undefined after reporting each of its problems on `line`. */
function fail(problems: ProblemList, line: number, message: string): false {
  problems.add(line, message);
  return false;
}

export function judgeItem(
  candidate: CandidateItem,
  line: number,
  problems: ProblemList,
  ctx: Pick<EntryReadContext, 'keepWhitespace' | 'counts'> = {},
): StockItem | undefined {
  // no closure per call (the bundle's keepNames names each one: a defineProperty a line).
  let ok = true;
  const { ref, costCents } = candidate;
  let credential = candidate.credential;
  let problem: string | undefined;
  if (credential === undefined) problem = CREDENTIAL_TOO_LONG;
  else {
    // judged, deduplicated and sent as normalised (credential-normalise.ts).
    const normal = normaliseCredential(credential, {
      keepWhitespace: ctx.keepWhitespace ?? false,
      ascii: candidate.ascii ?? false,
    });
    if (!normal.ok) problem = normal.problem;
    else {
      credential = normal.credential;
      if (normal.trimmed && ctx.counts) ctx.counts.trimmed += 1;
      problem = credentialProblem(credential);
    }
  }
  if (problem) ok = fail(problems, line, problem);
  if (ref !== undefined) {
    const why = refProblem(ref, credential);
    if (why) ok = fail(problems, line, why);
  }
  if (costCents !== undefined && (!Number.isSafeInteger(costCents) || costCents < 0)) {
    ok = fail(problems, line, 'cost must be a whole number of cents >= 0');
  }
  if (!ok || credential === undefined) return undefined;
  const item: StockItem = { credential };
  if (ref !== undefined) item.ref = ref;
  if (costCents !== undefined) item.costCents = costCents;
  return item;
}
