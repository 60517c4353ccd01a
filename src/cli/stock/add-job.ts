// Stages "chunk" and "send" of `stock add` (docs/ARCHITECTURE.md "One credential pipeline"):
// the scan's chunks as a job on the one job engine (journal, keys made before the first attempt,
// resume), each chunk re-read from its byte range, checked against the hash it had when
// validated and written straight into a reused body buffer (bench/stock-memory), then sent by
// stock-send.ts. The journal holds offsets, counts, hashes and keys: never a credential.
import { t } from '../../i18n/index.js';
import type { ServiceApi } from '../../api/resources/index.js';
import { ChunkBodyWriter } from '../../input/chunk-body.js';
import type { CredentialChunk, ScanResult } from '../../input/credentials.js';
import { startsWithBom } from '../../input/source.js';
import { jobSpec, type ChunkPlan, type ItemOutcome, type JobResult } from '../../jobs/index.js';
import { collectGarbage } from '../../jobs/memory.js';
import { count } from '../../output/plural.js';
import type { Deps } from '../shared/context.js';
import { jobCommand } from '../shared/job-helpers.js';
import type { BulkJob, ChunkSend } from '../shared/job-runner.js';
import { expiredStockChunk } from './add-expiry.js';
import { classifyChunkError } from '../../jobs/chunk-errors.js';
import type { AddLedger } from './add-ledger.js';
import type { AddInputOptions } from './add-input.js';
import { sendStock, stockBodyFrame } from './stock-send.js';
import { describeTarget, type StockTarget } from './stock-target.js';

export interface AddJobContext {
  deps: Deps;
  api: ServiceApi;
  o: AddInputOptions & { report?: string };
  target: StockTarget;
  input: { path: string; displayName: string };
  scan: ScanResult;
  resumeJobId: string | undefined;
  /** Where what is sent is recorded by id; none in a dry run. */
  ledger?: AddLedger;
  /** The account the import writes for (svc decision "one identity"); none in a dry run. */
  account?: string;
}

/** The job of one import: spec, sender, report, summary and result record. */
export function stockAddJob(c: AddJobContext): BulkJob {
  const byIndex = new Map(c.scan.chunks.map((x) => [x.index, x]));
  const spec = addSpec(c);
  // "now in stock" is the service's own figure (A7 `total`: held by the target after
  // this chunk), from the latest chunk answered, not an extra GET.
  const latest: { index: number; total?: number } = { index: -1 };
  return {
    spec,
    send: addSender(c, byIndex, latest),
    decidedResume: c.resumeJobId ?? null,
    printItems: false,
    onExpiredKey: (chunk, sentAt) => expiredStockChunk(c.deps, c.api, c.target, c.o.dedupe, chunk.index, sentAt),
    // every refusal, with its code and message, in the report too. A row per
    // credential names it by its line only (cli-spec 3: a credential is never written out).
    report: c.o.report
      ? {
          path: c.o.report,
          columns: ['line'],
          rows: new Map(spec.chunks.flatMap((x) => x.items.map((it) => [it.line, { line: String(it.line) }] as const))),
          style: { delimiter: c.scan.csv?.delimiter ?? ',', bom: startsWithBom(c.input.path) },
        }
      : undefined,
    summary: (r) =>
      t('{target}: {added} added, {duplicates} skipped as duplicates, {total} now in stock ({requests})', {
        target: t(describeTarget(c.target)),
        added: r.summary.added ?? 0,
        duplicates: r.summary.duplicates ?? 0,
        total: latest.total ?? '?',
        requests: count(c.deps.made.total, 'request'), // every request of the run, reads included (spec 8)
      }) +
      refusals(r.items, byIndex)
        .map(
          (x) =>
            `\n${t('refused: lines {lines} ({credentials}): {code}: {message}', { lines: x.lines, credentials: count(x.credentials, 'credential'), code: x.code ?? 'error', message: t(x.message ?? '') })}`,
        )
        .join(''),
    finish: async (r) => addRecord(c, r, refusals(r.items, byIndex), latest.total),
  };
}

function addSpec(c: AddJobContext) {
  const { o, target, scan, input } = c;
  const chunks: ChunkPlan[] = scan.chunks.map((x) => ({
    index: x.index,
    route: 'addStock',
    descriptor: {
      startOffset: x.startOffset,
      endOffset: x.endOffset,
      firstLine: x.firstLine,
      lastLine: x.lastLine,
      count: x.count,
      sha256: x.sha256,
    },
    // The stock route answers counts, not per-credential results: outcomes are per chunk, and
    // each credential's outcome carries its own line; duplicates dropped from the
    // chunk are not sent and have no outcome.
    items: Array.from({ length: x.count }, (_, i) => i)
      .filter((i) => !x.drop?.includes(i))
      .map((i) => ({ line: x.lines?.[i] ?? x.firstLine, id: target.id })),
  }));
  return jobSpec({
    kind: 'stock',
    target: describeTarget(target),
    ...(c.account !== undefined ? { account: c.account } : {}),
    command: jobCommand(
      c.deps,
      ['stock', 'add', String(target.id)],
      [
        ...(target.multiple ? ['--variant', String(target.variant)] : []),
        '--file',
        o.file,
        ...(o.formatGiven ? ['--format', o.format] : []),
        ...(o.separator ? ['--separator', o.separator] : []),
        ...(o.dedupe !== 'skip' ? ['--dedupe', o.dedupe] : []),
        ...(o.keepWhitespace ? ['--keep-whitespace'] : []),
      ],
    ),
    input: { path: input.path, displayName: input.displayName, sha256: scan.fileSha256!, size: scan.size },
    chunks,
  });
}

function addSender(
  c: AddJobContext,
  byIndex: Map<number, CredentialChunk>,
  latest: { index: number; total?: number },
): ChunkSend {
  // The body of every chunk is the same around its items (spec 4.2 POST .../stock).
  const [head, tail] = stockBodyFrame(c.target, c.o.dedupe);
  const bodies = new ChunkBodyWriter(c.input.path, c.o.format, {
    separator: c.o.separator,
    displayName: c.input.displayName,
    csv: c.scan.csv,
    keepWhitespace: c.o.keepWhitespace ?? false,
  });
  return async (chunk, send) => {
    // Memory (bench/stock-memory): a chunk is ~10 MB, written straight into a reused buffer.
    const ids: string[] = [];
    const tag = c.ledger?.tag;
    const payload = await bodies.write(byIndex.get(chunk.index)!, head, tail, tag && ((it) => tag(it, ids)));
    collectGarbage();
    // Recorded before the request: killed while it is in flight, this run cannot know whether the
    // service took the chunk, and a later refill or import must not send these elsewhere too.
    c.ledger?.record(ids);
    const r = await sendStock(c.api, c.target, payload, send).catch((err: unknown) => {
      if (classifyChunkError(err) === 'refused') c.ledger?.forget(ids);
      throw err;
    });
    if (chunk.index > latest.index) Object.assign(latest, { index: chunk.index, total: r.total });
    return {
      items: chunk.items.map((ref) => ({ ...ref, status: 'ok' as const })),
      summary: { added: r.added, duplicates: r.duplicates, requests: 1 },
    };
  };
}

type Refusal = { lines: string; credentials: number; code?: string; message?: string };

/** a refused chunk's code and message are in the result itself, in every format. */
function addRecord(c: AddJobContext, r: JobResult, refused: Refusal[], inStock: number | undefined) {
  const format = c.deps.format();
  return {
    jobId: r.jobId,
    listing: c.target.id,
    ...(c.target.multiple ? { variant: c.target.variant } : {}),
    credentials: c.scan.count,
    added: r.summary.added ?? 0,
    duplicates: r.summary.duplicates ?? 0,
    droppedInFile: c.scan.duplicatesDropped ? c.scan.duplicates : 0,
    trimmed: c.scan.trimmed,
    inStock: inStock ?? null,
    requests: c.deps.made.total,
    failed: refused.reduce((n, x) => n + x.credentials, 0),
    refused:
      format === 'json' || format === 'jsonl'
        ? refused
        : refused
            .map((x) => {
              const v = { lines: x.lines, code: x.code ?? 'error', message: x.message ?? '' };
              return format === 'table'
                ? t('lines {lines}: {code}: {message}', v)
                : `lines ${v.lines}: ${v.code}: ${v.message}`;
            })
            .join('; ') || (format === 'table' ? t('none') : ''),
  };
}

/** The refused chunks of a stock job, one entry per chunk: its lines, size, code and message. */
function refusals(items: readonly ItemOutcome[], chunks: Map<number, CredentialChunk>): Refusal[] {
  // A failed item belongs to the chunk whose lines hold it (each item has its own line).
  const ordered = [...chunks.values()].sort((a, b) => a.firstLine - b.firstLine);
  const seen = new Map<number, Refusal>();
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
