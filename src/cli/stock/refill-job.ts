// One refill plan run (or resumed) on the job engine: the ledger gets each
// chunk's answer; every item's ref carries the entry's pool tag (src/api/rules/pool-tag.ts), so
// the account's orders name what was sold even when this machine's ledger is lost. A chunk
// whose journaled key is past the service's 24 h is reconciled before it is sent again: the
// account's sales are read up to now, the entries they show sold are left out, and the rest
// goes under a NEW key with dedupe `skip` (what the listing still holds is skipped).
import { count } from '../../output/plural.js';
import { t } from '../../i18n/index.js';
import { basename } from 'node:path';
import { nowIso } from '../../api/clock.js';
import { ApiError, SvcError } from '../../api/errors.js';
import type { ServiceApi } from '../../api/resources/index.js';
import type { StockAddResult } from '../../api/responses.js';
import { taggedRef } from '../../api/rules/pool-tag.js';
import { readPoolItems } from '../../input/credential-pool.js';
import {
  classifyChunkError,
  jobSpec,
  listJobs,
  type ChunkPlan,
  type ItemRef,
  type JobResult,
} from '../../jobs/index.js';
import { note } from '../../output/reporter.js';
import { chunkSha, type LedgerPlan, type LedgerState, type LedgerWriter } from '../../state/pool-ledger.js';
import type { Deps } from '../shared/context.js';
import { jobCommand } from '../shared/job-helpers.js';
import { runBulkJob, type ChunkSend } from '../shared/job-runner.js';
import { syncSold } from './pool-sync.js';
import type { Pool } from './refill-pool.js';
import { sendStock, stockBody } from './stock-send.js';
import type { FigureSink } from './refill-figures.js';
import { describeTarget, heldNow, type StockTarget, type TargetArg } from './stock-target.js';

export interface RefillRun {
  deps: Deps;
  api: ServiceApi;
  t: TargetArg;
  /** The listing or variant as resolved (stage "target"). */
  target: StockTarget;
  /** The command's own options, for the resume command. */
  opts: { pool: string; target: number; format?: string; separator?: string };
  pool: Pool;
  ledger: LedgerState;
  writer: LedgerWriter;
  /** The function's caller (`refillListing`): the figures as data. */
  sink?: FigureSink;
}

/** Runs (or resumes) one refill plan on the job engine; the ledger gets each chunk's answer. */
export async function runPlan(r: RefillRun, plan: LedgerPlan, resumeJob: string | null, poolLeft?: number) {
  const p = plan.plan;
  const total = p.chunks.reduce((n, c) => n + c.length, 0);
  // Chunks whose key expired: sent again under a new key, without what was sold since.
  const renewed = new Set<number>();
  let jobId = resumeJob ?? undefined;
  const job = (): string | undefined =>
    (jobId ??= listJobs(r.deps.stateDir(), { kind: 'stock' }).find((j) => j.input.sha256 === p.sha256)?.id);
  let inStock: number | undefined;
  return runBulkJob(r.deps, {
    spec: planSpec(r, plan),
    send: chunkSender(r, plan, renewed, job),
    decidedResume: resumeJob,
    printItems: false,
    onExpiredKey: async (chunk, sentAt) => {
      // the service may have forgotten the key; what sold since decides what is resent.
      const sync = await syncSold(r.deps, r.api, r.ledger, r.pool.sid, (rec) => r.writer.write(rec));
      const gone = p.chunks[chunk.index]!.filter((id) => r.ledger.sold.has(id)).length;
      note(
        r.deps.io,
        `chunk ${chunk.index + 1} was first sent at ${sentAt}, past the service's 24 h: ${sync.orders} sales read, ${gone} of its entries sold since are left out, the rest is sent again under a new key (what the listing holds is skipped)`,
      );
      renewed.add(chunk.index);
      return 'new-key';
    },
    summary: (res) =>
      t(
        '{target}: {total} sent from pool {pool} ({added} added, {duplicates} already held), {inStock} now in stock ({requests})',
        {
          target: t(describeTarget(r.t)),
          total,
          pool: r.pool.name,
          added: res.summary.added ?? 0,
          duplicates: res.summary.duplicates ?? 0,
          inStock: inStock ?? '?',
          requests: count(r.deps.made.total, 'request'), // every request of the run, reads included (spec 8)
        },
      ) + (poolLeft !== undefined ? t('; pool: {n} left', { n: poolLeft }) : ''),
    finish: async (res) => {
      r.writer.write({ t: 'end', plan: p.plan, state: 'done', job: res.jobId, at: nowIso() });
      inStock = await heldNow(r.api, r.t);
      const rec = finishRecord(r, res, total, inStock, poolLeft);
      r.sink?.({ held: inStock - rec.added, sent: rec.sent, inStock, poolLeft: poolLeft ?? 0 });
      return rec;
    },
  });
}

function planSpec(r: RefillRun, plan: LedgerPlan) {
  const p = plan.plan;
  const lineOf = new Map(r.pool.entries.map((e) => [e.hash, e.line]));
  const chunks: ChunkPlan<ItemRef>[] = p.chunks.map((ids, index) => ({
    index,
    route: 'addStock',
    // The journal locates a chunk by its entries' ids, not by lines: lines move when the pool is edited.
    descriptor: { entries: ids.length, sha256: chunkSha(ids) },
    items: ids.map((h) => ({
      line: lineOf.get(h) ?? 0,
      id: r.t.id,
      ...(r.t.variant !== undefined ? { variant: r.t.variant } : {}),
    })),
  }));
  const o = r.opts;
  return jobSpec({
    kind: 'stock',
    target: `${describeTarget(r.t)} from pool ${basename(r.pool.realPath)}`,
    account: r.pool.account,
    command: jobCommand(
      r.deps,
      ['stock', 'refill', r.t.arg],
      [
        '--pool',
        o.pool,
        '--target',
        String(o.target),
        ...(o.format ? ['--format', o.format] : []),
        ...(o.separator ? ['--separator', o.separator] : []),
      ],
    ),
    input: { path: r.pool.realPath, displayName: r.pool.name, sha256: p.sha256, size: p.chunks.flat().length },
    chunks,
  });
}

function chunkSender(r: RefillRun, plan: LedgerPlan, renewed: Set<number>, job: () => string | undefined): ChunkSend {
  const p = plan.plan;
  return async (chunk, sendBound) => {
    const planned = p.chunks[chunk.index]!;
    const ids = renewed.has(chunk.index) ? planned.filter((id) => !r.ledger.sold.has(id)) : planned;
    const skipped = {
      items: chunk.items.map((ref) => ({ ...ref, status: 'ok' as const })),
      summary: { sold: planned.length },
    };
    if (ids.length === 0) return skipped; // every entry of the chunk was sold since: nothing to resend
    const items = await readPoolItems(r.pool.realPath, r.pool.read, ids);
    if (items.length !== ids.length) {
      throw new SvcError(
        `${r.pool.name} no longer holds ${ids.length - items.length} of the entries this refill set aside (chunk ${chunk.index + 1})`,
        'put them back in the pool file and run the refill again to finish it',
      );
    }
    const tagged = items.map((it, i) => ({ ...it, ref: taggedRef(it.ref, ids[i]!) }));
    const body = stockBody(r.target, tagged, 'skip');
    let data: StockAddResult;
    try {
      data = await sendStock(r.api, r.target, body, sendBound);
    } catch (err) {
      if (err instanceof ApiError && classifyChunkError(err) === 'refused')
        recordRefusal(r, p.plan, chunk.index, err, job());
      throw err;
    }
    r.writer.write({
      t: 'sent',
      plan: p.plan,
      chunk: chunk.index,
      ...(job() ? { job: job() } : {}),
      added: data.added ?? 0,
      duplicates: data.duplicates ?? 0,
      ...(typeof data.total === 'number' ? { total: data.total } : {}),
      at: nowIso(),
    });
    return {
      items: chunk.items.map((ref) => ({ ...ref, status: 'ok' as const })),
      summary: {
        added: data.added ?? 0,
        duplicates: data.duplicates ?? 0,
        ...(ids.length < planned.length ? { sold: planned.length - ids.length } : {}),
      },
    };
  };
}

function recordRefusal(r: RefillRun, plan: string, chunk: number, err: ApiError, job: string | undefined): void {
  r.writer.write({
    t: 'refused',
    plan,
    chunk,
    ...(job ? { job } : {}),
    ...(err.status !== undefined ? { status: err.status } : {}),
    ...(err.code ? { code: err.code } : {}),
    message: err.message.slice(0, 300),
    at: nowIso(),
  });
}

function finishRecord(r: RefillRun, res: JobResult, total: number, inStock: number, poolLeft?: number) {
  return {
    jobId: res.jobId,
    listing: r.t.id,
    ...(r.t.variant !== undefined ? { variant: r.t.variant } : {}),
    target: r.opts.target,
    sent: total - (res.summary.sold ?? 0),
    added: res.summary.added ?? 0,
    duplicates: res.summary.duplicates ?? 0,
    ...(res.summary.sold ? { soldMeanwhile: res.summary.sold } : {}),
    refused: res.counts.failed,
    inStock,
    ...(poolLeft !== undefined ? { poolLeft } : {}),
    // Every request of the run so far, reads included (spec 8: the day's quota counts them all).
    requests: r.deps.made.total,
  };
}
