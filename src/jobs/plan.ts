// Planning a job: the input's fingerprint, chunks of the route's maximum (CHUNK_SIZE), and
// the `--dry-run` summary of cli-spec 1 (what would be sent, how many requests, how long).
import { createReadStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { LIMITS } from '../api/assumptions.js';
import type { ChunkPlan, ItemRef, JobInput, JobKind, JobSpec, JsonValue } from './types.js';

/** sha256 and size of the input, streamed (cli-spec 3: constant memory). */
export async function fingerprintInput(file: string, displayName = basename(file)): Promise<JobInput> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { path: resolve(file), displayName, sha256: hash.digest('hex'), size };
}

export interface ChunkGroup<I extends ItemRef = ItemRef> {
  /** Route the group's items go through (e.g. "bulkPrice", "updateVariants"). */
  route?: string;
  items: I[];
}

/**
 * Splits each group into chunks of at most `size` items, numbered across groups in order.
 * The default descriptor is `{lines: [first, last]}`; the stock import passes byte offsets.
 */
export function planChunks<I extends ItemRef>(
  groups: ChunkGroup<I>[],
  size: number,
  describe: (items: I[], route: string | undefined) => JsonValue = linesDescriptor,
): ChunkPlan<I>[] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`chunk size must be a positive integer, got ${size}`);
  const chunks: ChunkPlan<I>[] = [];
  for (const group of groups) {
    for (let at = 0; at < group.items.length; at += size) {
      const items = group.items.slice(at, at + size);
      chunks.push({
        index: chunks.length,
        ...(group.route !== undefined ? { route: group.route } : {}),
        descriptor: describe(items, group.route),
        items,
      });
    }
  }
  return chunks;
}

function linesDescriptor(items: ItemRef[]): JsonValue {
  return { lines: [items[0]?.line ?? 0, items[items.length - 1]?.line ?? 0] };
}

/** Builds a JobSpec whose totalItems is the plan's item count. */
export function jobSpec<I extends ItemRef>(init: {
  kind: JobKind;
  command: string;
  target?: string;
  account?: string;
  input: JobInput;
  chunks: ChunkPlan<I>[];
}): JobSpec<I> {
  return { ...init, totalItems: init.chunks.reduce((n, c) => n + c.items.length, 0) };
}

/** The account's minute budget as the request core knows it (A8: shared by v1 and v2). */
export interface PlanBudget {
  remaining: number;
  limit: number;
  /** When the minute window resets, epoch milliseconds (X-RateLimit-Reset is seconds: × 1000). */
  resetAt: number;
  /** requests left today (usage `day.remaining`), and when the day resets (epoch ms). */
  dayRemaining?: number;
  dayResetAt?: number;
}

export interface PlanSummary {
  kind: JobKind;
  input: string;
  items: number;
  requests: number;
  byRoute: { route: string; requests: number; items: number }[];
  /** Estimated seconds to send everything under the budget. */
  etaSeconds: number;
  /** Requests that must wait for a later minute window. */
  requestsBeyondBudget: number;
  /** requests left in the day's quota (live, or the documented daily limit). */
  dayRemaining: number;
  /** Whether dayRemaining came from the service (GET /usage) or is the documented limit. */
  dayRemainingSource: 'usage' | 'documented limit';
  /** Requests the day cannot take: the run stops there with exit 5 and a resume command. */
  requestsBeyondDay: number;
  /** When the daily quota resets, ISO 8601, when the service said. */
  dayResetsAt?: string;
}

const WINDOW_S = 60;

/**
 * `--dry-run`: items, requests and an ETA. Requests within the remaining budget go at
 * `perRequestSeconds` each; the rest wait for the next windows, `limit` per window.
 * Without a budget, a full v2 minute (LIMITS.v2PerMinute) and a full day (LIMITS.v2PerDay) are
 * assumed. Requests beyond the day's quota are counted apart: the run stops there
 * with exit 5 and a resume command, and the plan says so before.
 */
export function planSummary(
  spec: JobSpec,
  budget?: PlanBudget,
  opts: { perRequestSeconds?: number; now?: number } = {},
): PlanSummary {
  const byRoute = new Map<string, { requests: number; items: number }>();
  for (const c of spec.chunks) {
    const r = byRoute.get(c.route ?? spec.kind) ?? { requests: 0, items: 0 };
    r.requests++;
    r.items += c.items.length;
    byRoute.set(c.route ?? spec.kind, r);
  }
  return planSummaryOfCounts(
    spec.kind,
    spec.input.displayName,
    spec.totalItems,
    [...byRoute].map(([route, r]) => ({ route, ...r })),
    budget,
    opts,
  );
}

/**
 * The same summary from counts per route, for a dry run that planned without holding the
 * items (bulk-price --dry-run in memory that does not grow with the file).
 */
export function planSummaryOfCounts(
  kind: JobKind,
  input: string,
  items: number,
  byRoute: { route: string; requests: number; items: number }[],
  budget?: PlanBudget,
  opts: { perRequestSeconds?: number; now?: number } = {},
): PlanSummary {
  const perRequest = opts.perRequestSeconds ?? 0.5;
  const now = opts.now ?? Date.now();
  const b = budget ?? { remaining: LIMITS.v2PerMinute, limit: LIMITS.v2PerMinute, resetAt: now + WINDOW_S * 1000 };
  const requests = byRoute.reduce((n, r) => n + r.requests, 0);
  // the day's quota bounds what one run can send (spec 8: 5000 v2 requests a day);
  // the ETA is for the requests the day still takes.
  const dayRemaining = Math.max(0, budget?.dayRemaining ?? LIMITS.v2PerDay);
  const sendable = Math.min(requests, dayRemaining);
  const remaining = Math.max(0, Math.min(b.remaining, sendable));
  const limit = Math.max(1, b.limit);
  let beyond = sendable - remaining;
  let eta = remaining * perRequest;
  if (beyond > 0) {
    eta = Math.max(eta, Math.max(0, (b.resetAt - now) / 1000));
    while (beyond > limit) {
      eta += Math.max(WINDOW_S, limit * perRequest);
      beyond -= limit;
    }
    eta += beyond * perRequest;
  }
  return {
    kind,
    input,
    items,
    requests,
    byRoute,
    etaSeconds: Math.round(eta * 10) / 10,
    requestsBeyondBudget: requests - remaining,
    dayRemaining,
    dayRemainingSource: budget?.dayRemaining !== undefined ? 'usage' : 'documented limit',
    requestsBeyondDay: requests - sendable,
    ...(budget?.dayResetAt !== undefined ? { dayResetsAt: new Date(budget.dayResetAt).toISOString() } : {}),
  };
}
