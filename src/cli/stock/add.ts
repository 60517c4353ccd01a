// svc stock add ID --file F: restock automatic delivery (issue 5). Two passes over the file:
// validate everything (constant memory), then send chunks of 2000 (spec 8) on the one job
// engine, each chunk re-read from its byte range and checked against the hash it had when
// validated. The journal holds offsets, counts, hashes and keys: never a credential.
import { count } from '../../output/plural.js';
import { z } from 'zod';
import { DEDUPE_MODES, LIMITS } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import {
  ChunkBodyWriter,
  detectFormat,
  inputSummary,
  scanCredentials,
  type CredentialChunk,
  type CredentialFormat,
} from '../../input/credentials.js';
import { formatProblems } from '../../input/problems.js';
import { openInput, startsWithBom } from '../../input/source.js';
import {
  acquireTargetLock,
  fingerprintInput,
  jobSpec,
  listJobs,
  type ChunkPlan,
  type ItemOutcome,
} from '../../jobs/index.js';
import { collectGarbage, holdYoungGeneration } from '../../jobs/memory.js';
import { note, warn } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { decideResume, runBulkJob, type ChunkSend } from '../shared/job-runner.js';
import { invalidInput, jobCommand, requireV2 } from '../shared/job-helpers.js';

const options = {
  variant: option(
    '--variant <index>',
    'variant index (required for multi-variant listings)',
    z.coerce.number().int().min(0).optional(),
  ),
  file: option(
    '--file <file>',
    'credentials file: lines, csv (credential, ref, cost|cost_cents) or jsonl; - for stdin',
    z.string({ message: '--file is required (a path, or - for stdin)' }),
    { mandatory: true },
  ),
  format: option(
    '--format <format>',
    'lines|csv|jsonl (default: from the file extension)',
    z.enum(['lines', 'csv', 'jsonl']).optional(),
  ),
  separator: option(
    '--separator <text>',
    'lines format: a line that separates multi-line credentials, e.g. ---',
    z.string().min(1).optional(),
  ),
  dedupe: option(
    '--dedupe <mode>',
    'skip (default: repeats of a credential in the file are left out, and the service skips what it holds) or none',
    z.enum(DEDUPE_MODES).default('skip'),
  ),
  strictColumns: flag(
    '--strict-columns',
    'csv: refuse columns other than credential, ref, cost|cost_cents (default: ignored with a note)',
  ),
  keepWhitespace: flag(
    '--keep-whitespace',
    'send credentials as written: no trimming of leading/trailing spaces, zero-width characters allowed',
  ),
  resume: resumeOption(
    'finish an interrupted import (same file)',
    'start a new import even if an unfinished one exists for this file',
  ),
  report: reportOption('write one row per credential: its line, status, code and message (never the credential)'),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  holdYoungGeneration(); // memory stays flat with the file's size (bench/stock-memory)
  const id = parseId(args[0], 'listing id');
  const format: CredentialFormat = o.format ?? (o.file === '-' ? 'lines' : detectFormat(o.file));
  if (o.separator !== undefined && format !== 'lines') throw new UsageError('--separator goes with the lines format');
  await requireV2(deps, 'stock add');
  const api = await deps.api();

  // The target decides the per-variant total (spec 8: 10000 per listing or variant, what it
  // already holds included) and whether a variant is needed (A13).
  const listing = (await api.products.get(id, 'v2')).data;
  const multiple = listing.listingType === 'multiple';
  if (multiple && o.variant === undefined) {
    throw new UsageError(
      `listing ${id} has variants: say which with --variant INDEX`,
      `see them with \`svc products variants ${id}\``,
    );
  }
  if (!multiple && o.variant !== undefined && o.variant !== 0)
    throw new UsageError(`listing ${id} has no variants: leave out --variant`);
  const variant = multiple ? listing.variants?.find((v) => v.index === o.variant) : undefined;
  if (multiple && !variant)
    throw new UsageError(`listing ${id} has no variant ${o.variant}`, `see them with \`svc products variants ${id}\``);
  const existing = (multiple ? variant?.autoDeliveryStock : listing.autoDeliveryStock) ?? 0;

  const target = `listing ${id}${multiple ? ` variant ${o.variant}` : ''}`;
  // issue 14: one stock job per target at a time (a lock per listing or variant of this
  // service, not per file): two imports started together cannot upload the same credentials twice.
  const targetLock = deps.globals.dryRun
    ? undefined
    : acquireTargetLock(deps.stateDir(), `stock ${(await deps.session()).baseUrl} ${target}`, target);
  let input: Awaited<ReturnType<typeof openInput>> | undefined;
  try {
    input = await openInput(o.file, { signal: deps.signal });
    // Resume or not is known before validating: a resumed import's earlier chunks are already in
    // the stock it reads, so the per-variant total (spec 8) is then left to the service, which
    // refuses a chunk beyond 10000 (TOO_MANY_CREDENTIALS) and skips what it already holds.
    const resumeJobId = deps.globals.dryRun ? undefined : await stockResume(deps, target, input, o.resume);
    const scan = await scanCredentials(input.path, {
      format,
      separator: o.separator,
      displayName: input.displayName,
      existingCount: resumeJobId ? 0 : existing,
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
    if (scan.duplicates > 0 && deps.globals.verbose) for (const w of scan.warnings) deps.io.stderr.write(`${w}\n`);
    const byIndex = new Map(scan.chunks.map((c) => [c.index, c]));
    const chunks: ChunkPlan[] = scan.chunks.map((c) => ({
      index: c.index,
      route: 'addStock',
      descriptor: {
        startOffset: c.startOffset,
        endOffset: c.endOffset,
        firstLine: c.firstLine,
        lastLine: c.lastLine,
        count: c.count,
        sha256: c.sha256,
      },
      // The stock route answers counts, not per-credential results: outcomes are per chunk, and
      // each credential's outcome carries its own line (issue 14); duplicates dropped from the
      // chunk (issue 13) are not sent and have no outcome.
      items: Array.from({ length: c.count }, (_, i) => i)
        .filter((i) => !c.drop?.includes(i))
        .map((i) => ({ line: c.lines?.[i] ?? c.firstLine, id })),
    }));
    const spec = jobSpec({
      kind: 'stock',
      target,
      command: jobCommand(
        deps,
        ['stock', 'add', String(id)],
        [
          ...(multiple ? ['--variant', String(o.variant)] : []),
          '--file',
          o.file,
          ...(o.format ? ['--format', o.format] : []),
          ...(o.separator ? ['--separator', o.separator] : []),
          ...(o.dedupe !== 'skip' ? ['--dedupe', o.dedupe] : []),
          ...(o.keepWhitespace ? ['--keep-whitespace'] : []),
        ],
      ),
      input: { path: input.path, displayName: input.displayName, sha256: scan.fileSha256!, size: scan.size },
      chunks,
    });
    // The body of every chunk is the same around its items (spec 4.2 POST .../stock).
    const [head, tail] = splitAround(
      JSON.stringify({ ...(multiple ? { variantIndex: o.variant } : {}), items: [], dedupeMode: o.dedupe }),
      '"items":[]',
    );
    const bodies = new ChunkBodyWriter(input.path, format, {
      separator: o.separator,
      displayName: input.displayName,
      csv: scan.csv,
      keepWhitespace: o.keepWhitespace ?? false,
    });
    const send: ChunkSend = async (chunk, send) => {
      const c: CredentialChunk = byIndex.get(chunk.index)!;
      // Memory (bench/stock-memory): a chunk is ~10 MB, written straight into a reused buffer.
      const payload = await bodies.write(c, `${head}"items":[`, `]${tail}`);
      collectGarbage();
      // 409 retryable (stock in use by a sale) is resent with the same key by the request core.
      const res = await send(api.stock.add(id, payload));
      const r = res.data; // checked by the response layer (A7)
      // issue 14: "now in stock" is the service's own figure (A7 `total`: held by the target
      // after this chunk), from the latest chunk answered, not an extra GET.
      if (latest === undefined || chunk.index > latest.index) latest = { index: chunk.index, total: r.total };
      return {
        items: chunk.items.map((ref) => ({ ...ref, status: 'ok' as const })),
        summary: { added: r.added, duplicates: r.duplicates, requests: 1 },
      };
    };
    let latest: { index: number; total: number } | undefined;
    const code = await runBulkJob(deps, {
      spec,
      send,
      decidedResume: resumeJobId ?? null,
      printItems: false,
      // issue 14: every refusal, with its code and message, in the report too. A row per
      // credential names it by its line only (cli-spec 3: a credential is never written out).
      report: o.report
        ? {
            path: o.report,
            columns: ['line'],
            rows: new Map(chunks.flatMap((c) => c.items.map((it) => [it.line, { line: String(it.line) }] as const))),
            style: { delimiter: scan.csv?.delimiter ?? ',', bom: startsWithBom(input.path) },
          }
        : undefined,
      summary: (r) => {
        const refused = refusals(r.items, byIndex);
        return (
          `${target}: ${r.summary.added ?? 0} added, ${r.summary.duplicates ?? 0} skipped as duplicates, ${latest?.total ?? '?'} now in stock (${count(r.requests, 'request')})` +
          refused
            .map(
              (x) =>
                `\nrefused: lines ${x.lines} (${x.credentials} credentials): ${x.code ?? 'error'}: ${x.message ?? ''}`,
            )
            .join('')
        );
      },
      finish: async (r) => {
        // issue 14: a refused chunk's code and message are in the result itself, in every format.
        const refused = refusals(r.items, byIndex);
        const format = deps.format();
        return {
          jobId: r.jobId,
          listing: id,
          ...(multiple ? { variant: o.variant } : {}),
          credentials: scan.count,
          added: r.summary.added ?? 0,
          duplicates: r.summary.duplicates ?? 0,
          droppedInFile: scan.duplicatesDropped ? scan.duplicates : 0,
          trimmed: scan.trimmed,
          inStock: latest?.total ?? null,
          requests: r.requests,
          failed: refused.reduce((n, x) => n + x.credentials, 0),
          refused:
            format === 'json' || format === 'jsonl'
              ? refused
              : refused.map((x) => `lines ${x.lines}: ${x.code ?? 'error'}: ${x.message ?? ''}`).join('; '),
        };
      },
    });
    if (scan.count + existing > LIMITS.stockPerVariantMax)
      note(deps.io, 'close to the 10000 credential limit of the variant');
    return code;
  } finally {
    await input?.cleanup();
    targetLock?.release();
  }
}

/**
 * The job this import continues, if any. Fingerprinting the file (a full read) is needed only
 * to match an unfinished import of the same target: most runs have none and skip that read.
 */
async function stockResume(
  deps: Deps,
  target: string,
  input: { path: string; displayName: string },
  resume: string | boolean | undefined,
): Promise<string | undefined> {
  if (typeof resume === 'string') return resume; // the engine checks the file against the journal
  if (resume === false) return undefined;
  const unfinished = listJobs(deps.stateDir(), { kind: 'stock' }).some(
    (j) => j.target === target && j.state !== 'done',
  );
  if (!unfinished) return undefined;
  return decideResume(deps, { kind: 'stock', target, input: await fingerprintInput(input.path, input.displayName) });
}

/** The refused chunks of a stock job, one entry per chunk: its lines, size, code and message. */
function refusals(
  items: readonly ItemOutcome[],
  chunks: Map<number, CredentialChunk>,
): { lines: string; credentials: number; code?: string; message?: string }[] {
  // A failed item belongs to the chunk whose lines hold it (each item has its own line).
  const ordered = [...chunks.values()].sort((a, b) => a.firstLine - b.firstLine);
  const seen = new Map<number, { lines: string; credentials: number; code?: string; message?: string }>();
  for (const i of items) {
    if (i.status !== 'failed') continue;
    const c = ordered.find((x) => i.line >= x.firstLine && i.line <= x.lastLine);
    const key = c?.firstLine ?? i.line;
    if (seen.has(key)) continue;
    seen.set(key, {
      lines: c ? `${c.firstLine}-${c.lastLine}` : String(i.line),
      credentials: c?.count ?? 1,
      ...(i.code ? { code: i.code } : {}),
      ...(i.message ? { message: i.message } : {}),
    });
  }
  return [...seen.values()];
}

/** `text` without `middle`, as what comes before it and what comes after it. */
function splitAround(text: string, middle: string): [string, string] {
  const at = text.indexOf(middle);
  if (at < 0 || text.indexOf(middle, at + 1) >= 0) throw new Error(`expected one ${middle} in ${text}`);
  return [text.slice(0, at), text.slice(at + middle.length)];
}

export const addVerb = defineVerb({
  name: 'add',
  description: 'add automatic-delivery credentials (with optional ref and cost) from a file, 2000 per request',
  args: [['<id>', 'listing id']],
  options,
  examples: [
    'svc stock add 42 --file creds.txt',
    'svc stock add 42 --variant 1 --file creds.csv            # columns credential, ref, cost',
    'svc stock add 42 --file accounts.txt --separator ---     # multi-line credentials',
    'cat keys.txt | svc stock add 42 --file - --format lines',
    'svc stock add 42 --variant 1 --file creds.txt --resume st-20261121-a1b2c3',
    'svc stock add 42 --file creds.csv --report stock-report.csv',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [addVerb];
