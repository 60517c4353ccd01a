// `jsonl` credentials (cli-spec 3): one JSON object per line, {"credential", "ref"?,
// "costCents"?}. Blank lines are skipped. Unknown keys are a problem (v2 schemas are strict,
// spec 2.1); they are counted, not named, and JSON.parse's message is never shown: both can
// quote the line, and the line holds a credential.
import { LIMITS } from '../api/assumptions.js';
import { judgeItem, type CandidateItem, type CredentialEntry, type EntryReadContext } from './credential-checks.js';
import { encodingProblem, readPhysicalLines } from './physical-lines.js';
import { refProblem } from '../api/rules/ref.js';

const JSONL_KEYS = ['credential', 'ref', 'costCents'] as const;

/** A JSON string spends at most 6 bytes (`\uXXXX`) per UTF-16 unit; plus room for ref and cost. */
const JSONL_MAX_LINE_BYTES = LIMITS.credentialMaxChars * 6 + 4096;

export async function* readJsonlEntries(path: string, ctx: EntryReadContext): AsyncGenerator<CredentialEntry> {
  for await (const pl of readPhysicalLines(path, { ...ctx, maxBytes: JSONL_MAX_LINE_BYTES })) {
    if (pl.blank) continue;
    const entry: CredentialEntry = { line: pl.line, lastLine: pl.line, startOffset: pl.start, endOffset: pl.end };
    const bad = encodingProblem(pl);
    if (bad) ctx.problems.add(bad.line, bad.message);
    else if (pl.truncated) ctx.problems.add(pl.line, `line longer than ${JSONL_MAX_LINE_BYTES} bytes`);
    else {
      const item = judgeJsonLine(pl.content.toString('utf8'), pl.line, ctx);
      if (item) entry.item = item;
    }
    yield entry;
  }
}

function judgeJsonLine(text: string, line: number, ctx: EntryReadContext): CredentialEntry['item'] {
  const problems = ctx.problems;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problems.add(line, 'not valid JSON');
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.add(line, 'each line must be a JSON object like {"credential": "..."}');
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const before = problems.count;
  const unknown = Object.keys(record).filter((key) => !(JSONL_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    problems.add(
      line,
      `${unknown.length} unknown ${unknown.length === 1 ? 'key' : 'keys'} (allowed: ${JSONL_KEYS.join(', ')})`,
    );
  }
  let credential: string | undefined;
  if (!('credential' in record)) problems.add(line, 'missing credential');
  else if (typeof record.credential !== 'string') problems.add(line, 'credential must be a string');
  else credential = record.credential;
  const candidate: CandidateItem = { credential };
  // svc decision: null stands for "absent" in optional keys, as database exports write it.
  if (record.ref !== undefined && record.ref !== null) {
    if (typeof record.ref === 'string') candidate.ref = record.ref;
    else problems.add(line, 'ref must be a string');
  }
  const cost = record.costCents;
  if (cost !== undefined && cost !== null) {
    if (typeof cost !== 'number') problems.add(line, 'costCents must be a number of cents');
    else if (cost < 0) problems.add(line, 'costCents must not be negative');
    else if (!Number.isSafeInteger(cost)) problems.add(line, 'costCents must be a whole number of cents');
    else candidate.costCents = cost;
  }
  if (credential === undefined) {
    // already reported; the ref is still judged
    const why = candidate.ref !== undefined ? refProblem(candidate.ref) : undefined;
    if (why) problems.add(line, why);
    return undefined;
  }
  const item = judgeItem(candidate, line, problems, ctx);
  return problems.count === before ? item : undefined;
}
