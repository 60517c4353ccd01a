// The webhook events (spec 6.3 + assumption A11) and their payload schemas, in one place for
// the receiver, the trigger and `svc webhooks events`. The sandbox's emitter (src/sandbox/
// webhooks.ts, purchase.ts) sends these shapes; test/webhooks checks that they agree.
//
// Two schemas per event:
// - `send`: what `svc webhooks trigger` accepts. Strict where the spec names the fields
//   (order.delivered, spec 6.4: refs and costs only, never a credential); elsewhere the ids
//   A11 promises, other fields allowed ("at least the id of the thing").
// - `receive`: what `svc webhooks listen` insists on. Lenient like every response the CLI
//   parses (api-assumptions): only the id it dedupes and confirms by is required, so a
//   payload with a field more or less is never refused (a refusal makes the service give
//   up on the event after 5 attempts).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { REF_PATTERN } from '../api/assumptions.js';
import { REF_FORMAT } from '../api/rules/ref.js';

const Id = z.number().int().positive();
const Text = z.string().min(1);

// spec 6.1: the notification envelope.
export const Notification = z.looseObject({
  event: z.string().min(1),
  timestamp: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'timestamp must be an ISO 8601 date'),
  data: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof Notification>;

// spec 6.4: deliveredItems hold `ref` and `costCents` only; the credential is never sent.
const DeliveredItem = z.strictObject({
  ref: z.string().regex(REF_PATTERN, REF_FORMAT).optional(),
  costCents: z.number().int().min(0).optional(),
});

/** The fields spec 6.4 names for `order.delivered`, with what `svc webhooks events` says of them. */
export const ORDER_DELIVERED_FIELDS = [
  { field: 'id', type: 'integer', notes: 'numeric order id' },
  { field: 'orderCode', type: 'string', notes: 'order code' },
  { field: 'productId', type: 'integer', notes: 'listing id' },
  { field: 'productTitle', type: 'string', notes: 'listing title' },
  { field: 'buyerId', type: 'integer', notes: 'buyer id' },
  { field: 'buyerName', type: 'string', notes: 'buyer username' },
  { field: 'sellerId', type: 'integer', notes: "the seller's id" },
  { field: 'deliveryType', type: 'string', notes: 'always "auto"' },
  { field: 'itemsDelivered', type: 'integer', notes: 'number of items delivered' },
  {
    field: 'deliveredItems',
    type: 'array',
    notes: 'in delivery order, {ref, costCents}; empty when there was no reference or cost; never the credential',
  },
] as const;

const OrderDeliveredShape = {
  id: Id,
  orderCode: Text,
  productId: Id,
  productTitle: z.string(),
  buyerId: Id,
  buyerName: z.string(),
  sellerId: Id,
  deliveryType: z.literal('auto'),
  itemsDelivered: z.number().int().min(0),
  deliveredItems: z.array(DeliveredItem),
};
const OrderDeliveredSend = z.strictObject(OrderDeliveredShape);
const OrderDeliveredReceive = z.looseObject({
  ...z.object(OrderDeliveredShape).partial().shape,
  id: Id,
  deliveredItems: z.array(DeliveredItem).optional(),
});

// A11: order events carry the order's id and orderCode. The sandbox adds the order's common
// fields (product, buyer, seller); they are typed when present.
const OrderCommon = {
  productId: Id.optional(),
  productTitle: z.string().optional(),
  buyerId: Id.optional(),
  buyerName: z.string().optional(),
  sellerId: Id.optional(),
};
const OrderEventSend = z.looseObject({ id: Id, orderCode: Text, ...OrderCommon });
const OrderEventReceive = z.looseObject({ id: Id, orderCode: Text.optional(), ...OrderCommon });

const withId = (field: string) => z.looseObject({ [field]: Id });

type EventGroup = 'order' | 'listing' | 'mediation' | 'withdrawal' | 'balance' | 'review';

export interface EventDef {
  name: string;
  source: 'spec 6.3' | 'A11';
  group: EventGroup;
  meaning: string;
  /** The field naming the thing (A11); undefined for balance.updated, which names none. */
  idField?: 'id' | 'productId' | 'orderId' | 'reviewId' | 'withdrawalId';
  /** True when idField is an order id: deduped by event + order id (spec 6.2.4) and confirmed (6.2.5). */
  orderEvent: boolean;
  send: z.ZodType<Record<string, unknown>>;
  receive: z.ZodType<Record<string, unknown>>;
}

type Schema = z.ZodType<Record<string, unknown>>;
const order = (
  name: string,
  meaning: string,
  send: Schema = OrderEventSend,
  receive: Schema = OrderEventReceive,
): EventDef => ({ name, source: 'spec 6.3', group: 'order', meaning, idField: 'id', orderEvent: true, send, receive });
const a11 = (name: string, group: EventGroup, meaning: string, idField?: EventDef['idField']): EventDef => {
  const schema = idField ? withId(idField) : z.looseObject({});
  return {
    name,
    source: 'A11',
    group,
    meaning,
    idField,
    orderEvent: idField === 'orderId',
    send: schema,
    receive: schema,
  };
};

export const EVENTS: readonly EventDef[] = [
  // spec 6.3
  order('sale.processing', 'new paid sale in progress'),
  order(
    'order.delivered',
    'automatic delivery sent the credentials to the buyer; one per delivered order',
    OrderDeliveredSend,
    OrderDeliveredReceive,
  ),
  order('order.completed', 'order completed'),
  order('funds.released', "sale value released to the seller's balance"),
  order('order.cancelled', 'order cancelled, for example an unpaid payment expired'),
  // A11: the names spec 6.3 leaves "not shown"
  a11('product.created', 'listing', 'listing created', 'productId'),
  a11('product.approved', 'listing', 'listing approved by moderation', 'productId'),
  a11('product.rejected', 'listing', 'listing rejected by moderation', 'productId'),
  a11('product.out_of_stock', 'listing', 'listing ran out of stock', 'productId'),
  a11('mediation.opened', 'mediation', 'mediation opened on an order', 'orderId'),
  a11('mediation.closed', 'mediation', 'mediation closed', 'orderId'),
  a11('withdrawal.completed', 'withdrawal', 'withdrawal paid out', 'withdrawalId'),
  a11('balance.updated', 'balance', 'balance changed'),
  a11('review.received', 'review', 'buyer left a review', 'reviewId'),
];

export const EVENT_NAMES: readonly string[] = EVENTS.map((e) => e.name);

export function eventDef(name: string): EventDef | undefined {
  return EVENTS.find((e) => e.name === name);
}

/** The order id a notification is about (order events and mediation events), if any. */
export function orderIdOf(def: EventDef, data: Record<string, unknown>): number | undefined {
  if (!def.orderEvent || !def.idField) return undefined;
  const v = data[def.idField];
  return typeof v === 'number' ? v : undefined;
}

/**
 * The dedupe key of a notification.
 * - spec 6.2.4: an order event is the same notification when event name + order id match.
 * - svc decision for the A11 events without an order: event + the thing's id + timestamp,
 *   because the same listing can be approved or run out of stock twice for real, while a
 *   redelivery resends the same notification, timestamp included. balance.updated names no
 *   thing: event + timestamp + a hash of its data.
 */
export function dedupeKey(def: EventDef, n: { timestamp: string; data: Record<string, unknown> }): string {
  const orderId = orderIdOf(def, n.data);
  if (orderId !== undefined) return `${def.name}:order:${orderId}`;
  if (def.idField && n.data[def.idField] !== undefined)
    return `${def.name}:${def.idField}:${String(n.data[def.idField])}:${n.timestamp}`;
  const hash = createHash('sha256').update(JSON.stringify(n.data)).digest('hex').slice(0, 16);
  return `${def.name}:${n.timestamp}:${hash}`;
}

/** Sample data for `svc webhooks trigger` without --order: valid, and not a real order. */
export function sampleData(def: EventDef): Record<string, unknown> {
  const common = {
    id: 900001,
    orderCode: 'ORD-SAMPLE-900001',
    productId: 900101,
    productTitle: 'Sample listing',
    buyerId: 900201,
    buyerName: 'sample_buyer',
    sellerId: 900301,
  };
  if (def.name === 'order.delivered') {
    return {
      ...common,
      deliveryType: 'auto',
      itemsDelivered: 1,
      deliveredItems: [{ ref: 'SAMPLE-1', costCents: 250 }],
    };
  }
  if (def.group === 'order') return common;
  if (def.idField) return { [def.idField]: 900001 };
  return {};
}

/** Payload data built from an order as `GET /api/v2/orders/:id` returns it (A4), shaped like the service's. */
export function dataFromOrder(def: EventDef, o: Record<string, unknown>): Record<string, unknown> {
  if (def.idField === 'orderId') return { orderId: o.id };
  const pick = (k: string) => (o[k] === undefined || o[k] === null ? {} : { [k]: o[k] });
  const common = {
    id: o.id,
    orderCode: o.orderCode,
    ...pick('productId'),
    ...pick('productTitle'),
    ...pick('buyerId'),
    ...pick('buyerName'),
    ...pick('sellerId'),
  };
  if (def.name !== 'order.delivered') return common;
  const items = Array.isArray(o.deliveredItems) ? (o.deliveredItems as Record<string, unknown>[]) : [];
  // spec 6.4: refs and costs only, whatever else the order carries.
  const deliveredItems = items.map((d) => ({
    ...(d.ref !== undefined ? { ref: d.ref } : {}),
    ...(d.costCents !== undefined ? { costCents: d.costCents } : {}),
  }));
  const quantity = typeof o.quantity === 'number' ? o.quantity : deliveredItems.length;
  return { ...common, deliveryType: 'auto', itemsDelivered: quantity, deliveredItems };
}

/** zod issues as one line: `data.deliveredItems.0: Unrecognized key: "credential"`. */
export function describeIssues(err: z.ZodError, prefix = 'data'): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${[prefix, ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');
}
