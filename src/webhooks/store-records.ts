// The webhook store's records (one JSON line each) and what a pending delivery holds.
// A notification the service has not confirmed keeps only what is needed: its event, order id,
// timestamp, sender address and, for an event nothing can confirm (A11 events, --no-confirm), its
// small fields. Never the whole body: 600 forged posts with a 1 MB title once made a 600 MB
// store that no longer loaded. A confirmed delivery keeps the order the service returned.
import { z } from 'zod';

export type Target = 'forward' | 'exec';
const TargetSchema = z.enum(['forward', 'exec']);

export interface StoredDelivery {
  key: string;
  event: string;
  orderId?: number;
  receivedAt: string;
  /** The notification's `timestamp` as posted (a valid date; anyone could have sent it). */
  timestamp?: string;
  /** The sender's address (the forwarded one behind a trusted proxy), for its share. */
  from?: string;
  /** Small fields of `data`, kept only when nothing will confirm it (unverified). */
  data?: Record<string, unknown>;
  /** Where it is to be handed on (decided when it arrived). */
  targets: Target[];
  confirmed: boolean;
  /** The order as `GET /api/v2/orders/:id` (or the orders list) returned it, once confirmed. */
  order?: unknown;
  done: Target[];
  /** Where it came from: a live notification, or a sale the catch-up found missed. */
  source?: DeliverySource;
}

type DeliverySource = 'live' | 'catch-up';

const Data = z.record(z.string(), z.unknown());
const Shared = {
  key: z.string(),
  event: z.string(),
  orderId: z.number().optional(),
  timestamp: z.string().optional(),
  from: z.string().optional(),
  data: Data.optional(),
  /** Written by older versions (the whole body): converted to small fields on load, never kept. */
  body: z.string().optional(),
  targets: z.array(TargetSchema),
  source: z.enum(['live', 'catch-up']).optional(),
};
const Pending = z.object({
  ...Shared,
  receivedAt: z.string(),
  confirmed: z.boolean(),
  order: z.unknown().optional(),
  done: z.array(TargetSchema),
});
export const StoreRecord = z.discriminatedUnion('t', [
  z.object({ t: z.literal('in'), ...Shared, at: z.string() }),
  z.object({ t: z.literal('confirmed'), key: z.string(), order: z.unknown().optional(), at: z.string() }),
  z.object({ t: z.literal('done'), key: z.string(), target: TargetSchema, at: z.string() }),
  // Not confirmed by the service: forgotten, so it never blocks the real notification.
  z.object({ t: z.literal('refused'), key: z.string(), reason: z.string(), at: z.string() }),
  z.object({ t: z.literal('end'), key: z.string(), at: z.string() }),
  // Written by a rewrite: a pending delivery whole, a finished one by key and time.
  Pending.extend({ t: z.literal('entry') }),
  z.object({ t: z.literal('fin'), key: z.string(), at: z.string() }),
]);
export type StoreRecord = z.infer<typeof StoreRecord>;

const MAX_FIELDS = 32;
const MAX_KEY_CHARS = 64;
const MAX_TEXT_CHARS = 256;
const MAX_ITEMS = 200;

/**
 * The small fields of a notification's `data`: numbers, booleans, strings clipped to 256
 * characters, at most 32 keys of at most 64 characters, and `deliveredItems` (spec 6.4: ref and
 * costCents) up to 200 items. Nested objects and other arrays are left out. What a hook gets for
 * an event nothing confirms; a few hundred bytes whatever was posted.
 */
export function smallFields(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, v] of Object.entries(data)) {
    if (n >= MAX_FIELDS) break;
    if (k.length > MAX_KEY_CHARS || k === '__proto__') continue;
    const kept = smallValue(k, v);
    if (kept === undefined) continue;
    out[k] = kept;
    n++;
  }
  return out;
}

function smallValue(k: string, v: unknown): unknown {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string') return v.slice(0, MAX_TEXT_CHARS);
  if (k === 'deliveredItems' && Array.isArray(v))
    return v.slice(0, MAX_ITEMS).map((d) => {
      const item = (d ?? {}) as Record<string, unknown>;
      return {
        ...(typeof item.ref === 'string' ? { ref: item.ref.slice(0, 64) } : {}),
        ...(typeof item.costCents === 'number' ? { costCents: item.costCents } : {}),
      };
    });
  return undefined;
}

/** A record written by an older version carried the whole body: keep its timestamp and small fields only. */
export function fromLegacyBody(
  body: string | undefined,
  keepData: boolean,
): Pick<StoredDelivery, 'timestamp' | 'data'> {
  if (body === undefined) return {};
  try {
    const n = JSON.parse(body) as { timestamp?: unknown; data?: unknown };
    const timestamp = typeof n.timestamp === 'string' ? n.timestamp.slice(0, 40) : undefined;
    const data =
      keepData && n.data && typeof n.data === 'object' && !Array.isArray(n.data)
        ? smallFields(n.data as Record<string, unknown>)
        : undefined;
    return { timestamp, ...(data ? { data } : {}) };
  } catch {
    return {};
  }
}

/** What `WebhookStore.accept` records as an `in` line (store.ts). */
export interface AcceptInit {
  key: string;
  event: string;
  orderId?: number;
  /** The notification's timestamp as posted. */
  timestamp?: string;
  /** The sender's address: its share of the unconfirmed pool. */
  from?: string;
  /** Small fields (store-records smallFields), only for what nothing will confirm. */
  data?: Record<string, unknown>;
  targets: Target[];
  /** The order the service returned: recorded as confirmed at once (a catch-up's sale). */
  order?: unknown;
  /** 'catch-up' for a sale the listener missed and found in the orders list. */
  source?: DeliverySource;
}
