// Control routes under /_sandbox/ (cli-spec 5): not part of the real API, need no key, never
// rate-limited. They let tests and users simulate what only the platform or a buyer can do.
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { isRouteName, ROUTES } from '../api/routes.js';
import { fieldPath } from '../api/requests.js';
import { SandboxError, errorReply, notFound, type Reply } from './envelope.js';
import { FaultSpec } from './faults.js';
import { ORDER_STATUSES, SANDBOX_FEE_RATE } from '../api/assumptions.js';
import { purchase } from './purchase.js';
import { createUnpaid, payOrders } from './late-payment.js';
import type { Runtime } from './runtime.js';
import { parseJson, readBody } from './http-body.js';
import { SEED_IDS } from './seed.js';
import { nextId, type Account, type Listing, type Order, type Question } from './state.js';
import { listingInternal, listingV2, orderView } from './views.js';
import { questionView } from './handlers/questions.js';
import { changed } from './changes.js';

const Purchase = z.strictObject({
  productId: z.number().int(),
  variantIndex: z.number().int().min(0).optional(),
  quantity: z.number().int().min(1).max(1000).optional(),
  // an order not paid yet (pending_payment), made `createdAgoMs` ago; paid by POST pay.
  unpaid: z.literal(true).optional(),
  createdAgoMs: z.number().int().min(0).optional(),
});
const Pay = z.strictObject({ orderIds: z.array(z.number().int()).min(1).max(100) });
const Moderate = z.strictObject({
  productId: z.number().int(),
  action: z.enum(['approve', 'reject', 'take_down', 'reject_permanently']),
});
const Offline = z.strictObject({ on: z.boolean() });
const Seller = z.strictObject({
  account: z.enum(['main', 'other', 'unverified']).optional(),
  restricted: z.boolean().optional(),
  inDebt: z.boolean().optional(),
  emailVerified: z.boolean().optional(),
  questionsBlocked: z.boolean().optional(),
  inBeta: z.boolean().optional(),
  verified: z.boolean().optional(),
});
const Webhooks = z.strictObject({ urls: z.array(z.url()).max(5) });
const NewQuestion = z.strictObject({
  productId: z.number().int(),
  text: z.string().min(1),
  orderId: z.number().int().optional(),
});
// Many sales of the main account at once (profit over 100,000 sales), spread evenly over
// the last `days` days, each with deliveredItems carrying a ref and, for `costedEvery`-th items, a cost.
const NewOrders = z.strictObject({
  count: z.number().int().min(0).max(1_000_000).default(0),
  days: z.number().min(0).max(3650).default(365),
  productId: z.number().int().optional(),
  quantity: z.number().int().min(1).max(100).default(1),
  price: z.number().int().min(1).default(1000),
  costCents: z.number().int().min(0).default(250),
  /** How many of the `quantity` items carry a ref and a cost (the rest had neither: left out, spec 2.5). */
  delivered: z.number().int().min(0).max(100).optional(),
  status: z.enum(['delivered', 'completed', 'processing', 'in_mediation', 'cancelled']).default('delivered'),
  listOrder: z.enum(['oldest', 'newest', 'id-desc']).optional(),
});
// What only the platform does to an order (the mirror tests: a status that moves long after the sale).
const OrderStatus = z.strictObject({ id: z.number().int(), status: z.enum(ORDER_STATUSES) });
const Clock = z.strictObject({
  advanceMs: z.number().int().min(0).default(0),
  // a clock R times as fast from a real instant (svc's SVC_CLOCK_RATE and SVC_CLOCK_ANCHOR_MS)
  rate: z.number().positive().max(100_000).optional(),
  anchorMs: z.number().int().min(0).optional(),
});
// Another tool of the account spends requests of its day (spec 8: 5,000 a day per account, shared),
// all that is left by default, without sending them.
const SpendDay = z.strictObject({
  accountId: z.number().int().positive(),
  requests: z.number().int().min(1).optional(),
});
// forget stored idempotency records (spec 4.1.2 keeps them 24 h), all of them or
// those stored before `before`, without moving the sandbox's clock.
const ExpireKeys = z.strictObject({ before: z.string().datetime().optional() });
// Many approved, active single listings at once, for tests and benchmarks of bulk jobs.
const NewListings = z.strictObject({
  count: z.number().int().min(1).max(100_000),
  price: z.number().int().min(1).default(1000),
  stock: z.number().int().min(0).default(1),
  autoDelivery: z.boolean().default(false),
});

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new SandboxError(400, undefined, `${fieldPath(issue.path) || 'body'}: ${issue.message}`, {
    field: fieldPath(issue.path),
  });
}

const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });

function accountFor(rt: Runtime, which: 'main' | 'other' | 'unverified' | 'buyer' | undefined): Account {
  const id = SEED_IDS.accounts[which ?? 'main'];
  const a = rt.data.accounts.find((x) => x.id === id);
  if (!a) throw notFound('account');
  return a;
}

type ControlHandler = (rt: Runtime, body: unknown, param: string | undefined) => Reply;

const routes: Record<string, ControlHandler> = {
  'GET ': () => ok({ seedIds: SEED_IDS, routes: ROUTES.map((r) => r.name) }),
  'POST purchase': (rt, body) => {
    const { unpaid, createdAgoMs, ...req } = parse(Purchase, body);
    const order = unpaid ? createUnpaid(rt, { productId: req.productId, createdAgoMs }) : purchase(rt, req);
    const seller = rt.data.accounts.find((a) => a.id === order.sellerId)!;
    return ok(orderView(order, seller, 'v2'), 201);
  },
  'POST pay': (rt, body) => {
    const orders = payOrders(rt, parse(Pay, body).orderIds);
    const seller = accountFor(rt, 'main');
    return ok(orders.map((o) => orderView(o, seller, 'v2')));
  },
  'POST moderate': (rt, body) => {
    const b = parse(Moderate, body);
    const l = rt.data.listings.find((x) => x.id === b.productId);
    if (!l) throw notFound('listing');
    const next = {
      approve: 'approved',
      reject: 'rejected',
      take_down: 'taken_down',
      reject_permanently: 'permanently_rejected',
    } as const;
    l.status = next[b.action];
    if (b.action !== 'approve') {
      l.isActive = false;
      l.pausedByOfflineMode = false;
    }
    l.updatedAt = rt.clock.iso();
    changed(rt.data, 'listings', l);
    if (b.action === 'approve') rt.emit(l.accountId, 'product.approved', { productId: l.id });
    if (b.action === 'reject' || b.action === 'reject_permanently')
      rt.emit(l.accountId, 'product.rejected', { productId: l.id });
    return ok(listingV2(l));
  },
  // spec 3: Offline Mode pauses the active listings; turning it off reactivates all it paused.
  'POST offline': (rt, body) => {
    const { on } = parse(Offline, body);
    const account = accountFor(rt, 'main');
    account.offlineMode = on;
    let count = 0;
    for (const l of rt.data.listings) {
      if (l.accountId !== account.id) continue;
      if (on && l.isActive) {
        l.isActive = false;
        l.pausedByOfflineMode = true;
        changed(rt.data, 'listings', l);
        count++;
      } else if (!on && l.pausedByOfflineMode) {
        l.isActive = true;
        l.pausedByOfflineMode = false;
        changed(rt.data, 'listings', l);
        count++;
      }
    }
    return ok({ offlineMode: on, [on ? 'paused' : 'reactivated']: count });
  },
  'POST seller': (rt, body) => {
    const { account: which, ...flags } = parse(Seller, body);
    const a = accountFor(rt, which);
    for (const [k, v] of Object.entries(flags)) if (v !== undefined) (a as unknown as Record<string, unknown>)[k] = v;
    return ok({ ...a });
  },
  'POST faults': (rt, body) => {
    const spec = parse(FaultSpec, body);
    if (spec.match.route && !isRouteName(spec.match.route)) {
      throw new SandboxError(400, undefined, `unknown route name ${spec.match.route}`, { field: 'match.route' });
    }
    rt.faults.add(spec);
    return ok(spec, 201);
  },
  'GET faults': (rt) => ok(rt.faults.list()),
  'DELETE faults': (rt) => {
    rt.faults.clear();
    return ok({ cleared: true });
  },
  'GET requests': (rt) => ok(rt.requests.all()),
  'DELETE requests': (rt) => {
    rt.requests.clear();
    return ok({ cleared: true });
  },
  'POST reset': (rt) => {
    rt.reset();
    return ok({ reset: true });
  },
  'POST webhooks': (rt, body) => {
    const { urls } = parse(Webhooks, body);
    rt.webhooks.setEndpoints(urls);
    return ok({ endpoints: rt.webhooks.getEndpoints() });
  },
  'GET webhooks': (rt) => ({
    status: 200,
    body: { data: rt.webhooks.log(), endpoints: rt.webhooks.getEndpoints(), pending: rt.webhooks.pending() },
  }),
  'POST questions': (rt, body) => {
    const b = parse(NewQuestion, body);
    const l = rt.data.listings.find((x) => x.id === b.productId);
    if (!l) throw notFound('listing');
    const q: Question = {
      id: nextId(rt.data, 'question'),
      sellerId: l.accountId,
      productId: l.id,
      orderId: b.orderId ?? null,
      status: 'unanswered',
      text: b.text,
      answer: null,
      askerName: 'demo_buyer',
      createdAt: rt.clock.iso(),
      answeredAt: null,
    };
    rt.data.questions.push(q);
    return ok(questionView(q), 201);
  },
  'POST listings': (rt, body) => {
    const b = parse(NewListings, body);
    const main = accountFor(rt, 'main');
    const at = rt.clock.iso();
    const ids: number[] = [];
    for (let i = 0; i < b.count; i++) {
      const id = nextId(rt.data, 'listing');
      const l: Listing = {
        id,
        accountId: main.id,
        title: `Bench listing ${id}`,
        description: `Bench listing ${id}, made by /_sandbox/listings.`,
        price: b.price,
        game: 'valorant',
        category: 'skin',
        listingType: 'single',
        autoDeliverySeparator: '\n',
        imageUrls: [],
        isAutoDelivery: b.autoDelivery,
        isActive: !b.autoDelivery,
        pausedByOfflineMode: false,
        status: 'approved',
        stock: b.autoDelivery ? 0 : b.stock,
        credentials: [],
        variants: [],
        createdAt: at,
        updatedAt: at,
      };
      rt.data.listings.push(l);
      changed(rt.data, 'listings', l);
      ids.push(id);
    }
    return ok({ ids }, 201);
  },
  'POST orders': (rt, body) => {
    const b = parse(NewOrders, body);
    if (b.listOrder) rt.data.ordersListOrder = b.listOrder;
    const main = accountFor(rt, 'main');
    const buyer = accountFor(rt, 'buyer');
    const l = rt.data.listings.find((x) => x.id === (b.productId ?? SEED_IDS.products.singleAuto));
    if (!l) throw notFound('listing');
    const now = rt.clock.now();
    const span = b.days * 86_400_000;
    const first = rt.data.nextId.order;
    for (let i = 0; i < b.count; i++) {
      const id = nextId(rt.data, 'order');
      const price = b.price * b.quantity;
      const n = Math.min(b.delivered ?? b.quantity, b.quantity);
      const items = Array.from({ length: n }, (_, k) => ({ ref: `SEED-${id}-${k}`, costCents: b.costCents }));
      const o: Order = {
        id,
        orderCode: `ORD-${id}`,
        status: b.status,
        price,
        fee: Math.round(price * SANDBOX_FEE_RATE),
        quantity: b.quantity,
        productId: l.id,
        productTitle: l.title,
        variantIndex: null,
        buyerId: buyer.id,
        buyerName: buyer.username,
        sellerId: main.id,
        createdAt: new Date(now - span + Math.floor(((i + 1) * span) / b.count)).toISOString(),
        deliveredItems: b.status === 'processing' ? [] : items,
      };
      rt.data.orders.push(o);
      changed(rt.data, 'orders', o);
    }
    return ok({ created: b.count, firstId: first, lastId: rt.data.nextId.order - 1 }, 201);
  },
  'POST order-status': (rt, body) => {
    const b = parse(OrderStatus, body);
    const o = rt.data.orders.find((x) => x.id === b.id);
    if (!o) throw notFound('order');
    o.status = b.status;
    changed(rt.data, 'orders', o);
    return ok({ id: o.id, status: o.status });
  },
  'POST clock': (rt, body) => {
    const { advanceMs, rate, anchorMs } = parse(Clock, body);
    rt.data.clockOffsetMs += advanceMs;
    if (rate !== undefined) rt.clock.runAt(rate, anchorMs ?? Date.now());
    return ok({ now: rt.clock.iso(), offsetMs: rt.data.clockOffsetMs });
  },
  'POST rate/spend-day': (rt, body) => {
    const b = parse(SpendDay, body);
    return ok({ spent: rt.rates.spendDay(b.accountId, rt.clock.now(), b.requests) });
  },
  'POST idempotency/expire': (rt, body) => {
    const { before } = parse(ExpireKeys, body ?? {});
    return ok({ expired: rt.idem.expire(before ? Date.parse(before) : undefined) });
  },
  'GET state/products': (rt, _body, param) => {
    const l = rt.data.listings.find((x) => String(x.id) === param);
    if (!l) throw notFound('listing');
    return ok(listingInternal(l));
  },
};

export async function handleControl(rt: Runtime, req: IncomingMessage, url: URL): Promise<Reply> {
  const method = req.method ?? 'GET';
  const rest = url.pathname.replace(/^\/_sandbox\/?/, '').replace(/\/$/, '');
  const m = /^state\/products\/([^/]+)$/.exec(rest);
  const name = m ? 'state/products' : rest;
  const handler = routes[`${method} ${name}`];
  try {
    if (!handler) throw new SandboxError(404, undefined, `no control route ${method} ${url.pathname}`);
    const text = await readBody(req);
    const body = method === 'GET' || method === 'DELETE' ? undefined : parseJson(text);
    const reply = handler(rt, body, m?.[1]);
    rt.onChange();
    return reply;
  } catch (e) {
    if (e instanceof SandboxError) return errorReply('control', e);
    if (e instanceof Error) return errorReply('control', new SandboxError(400, undefined, e.message));
    throw e;
  }
}
