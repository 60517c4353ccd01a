// A second server for the tests that is NOT the sandbox: a small configurable fake
// built only from the documented response shapes (src/api/responses.ts, api-assumptions A1-A8),
// with hostile variants a server that follows the spec (or a broken proxy in front of one) may
// produce: ISO times, huge totalPages, missing pagination, wrong types, huge bodies, silence.
//
//   const fake = await startFake();                       // port 0, in-process
//   fake.on('usage', () => json({ data: { minute: { limit: 60, remaining: 59, reset: '2026-…Z' } } }));
//   svc(['usage'], { env: fakeEnv(fake, dirs) });
//   fake.count('listProducts')                            // requests the CLI sent to a route
//
// Every route of src/api/routes.ts has a default, valid answer; a test replaces the ones its
// point is about. Nothing here knows the sandbox's code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { matchRoute, type RouteDef } from '../../src/api/routes.js';

interface FakeRequest {
  route: string;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  page: number;
  limit: number;
}

export type Reply =
  /** A JSON answer (status 200 unless said). */
  | { kind: 'json'; status: number; headers: Record<string, string>; body: unknown }
  /** A JSON-looking body of `bytes` bytes, streamed (never held whole by the fake). */
  | { kind: 'huge'; status: number; bytes: number }
  /** The connection is accepted and the request read; no answer is ever sent. */
  | { kind: 'silence' }
  /** Headers are sent, then the body never ends. */
  | { kind: 'stall' };

export type Handler = (req: FakeRequest) => Reply | Promise<Reply>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  kind: 'json',
  status,
  headers,
  body,
});
export const huge = (bytes: number, status = 200): Reply => ({ kind: 'huge', status, bytes });
export const silence = (): Reply => ({ kind: 'silence' });
export const stall = (): Reply => ({ kind: 'stall' });

// ---- documented shapes (api-assumptions A4), valid by default ----------------------------
const ISO = '2026-01-15T10:00:00.000Z';
export const sample = {
  listing: (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    title: `Listing ${id}`,
    description: 'A listing of the fake service.',
    price: 1000,
    effectivePrice: 1000,
    game: 'valorant',
    category: 'skin',
    listingType: 'single',
    status: 'approved',
    isActive: true,
    pausedByOfflineMode: false,
    isAutoDelivery: true,
    stock: 0,
    autoDeliveryStock: 5,
    variants: [],
    createdAt: ISO,
    updatedAt: ISO,
    ...extra,
  }),
  order: (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    orderCode: `ORD-${id}`,
    type: 'sale',
    status: 'completed',
    price: 1000,
    fee: 100,
    quantity: 1,
    productId: 1,
    productTitle: 'Listing 1',
    variantIndex: null,
    buyerId: 7,
    buyerName: 'buyer',
    sellerId: 1,
    createdAt: ISO,
    deliveredItems: [{ ref: `R-${id}`, costCents: 300 }],
    ...extra,
  }),
  game: (i: number, extra: Record<string, unknown> = {}) => ({
    id: `game-${i}`,
    name: `Game ${i}`,
    slug: `game-${i}`,
    minPrice: 100,
    ...extra,
  }),
  review: (id: number) => ({
    id,
    orderId: id,
    productId: 1,
    rating: 5,
    comment: 'fine',
    buyerName: 'buyer',
    createdAt: ISO,
    contested: false,
  }),
  question: (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    productId: 1,
    orderId: null,
    status: 'unanswered',
    text: 'Is it fast?',
    answer: null,
    askerName: 'buyer',
    createdAt: ISO,
    answeredAt: null,
    ...extra,
  }),
  usage: (
    reset: unknown = Math.floor(Date.now() / 1000) + 30,
    dayReset: unknown = Math.floor(Date.now() / 1000) + 3600,
  ) => ({
    minute: { limit: 60, remaining: 59, reset },
    day: { limit: 5000, remaining: 4990, reset: dayReset },
  }),
};

/** A list answer of `total` generated items, paged honestly (A1 `P`), unless told otherwise. */
export function pagedList(
  make: (id: number) => unknown,
  total: number,
  opts: {
    /** The totalPages the answer claims (default: the honest one). */
    totalPages?: number;
    /** Leave `pagination` out (it is optional in A1). */
    noPagination?: boolean;
    /** Keep answering full pages for ever (with the claimed totalPages). */
    endless?: boolean;
  } = {},
): Handler {
  return (req) => {
    const start = (req.page - 1) * req.limit;
    const n = opts.endless ? req.limit : Math.max(0, Math.min(req.limit, total - start));
    const data = Array.from({ length: n }, (_, i) => make(start + i + 1));
    const body: Record<string, unknown> = { data };
    if (!opts.noPagination) {
      body.pagination = {
        page: req.page,
        limit: req.limit,
        total: opts.endless ? Number.MAX_SAFE_INTEGER : total,
        totalPages: opts.totalPages ?? Math.max(1, Math.ceil(total / req.limit)),
      };
    }
    return json(body);
  };
}

function v1(body: Record<string, unknown>): Record<string, unknown> {
  return { success: true, ...body };
}

const DEFAULTS: Record<string, Handler> = {
  me: () =>
    json({
      data: {
        accountId: 1,
        sellerId: 1,
        username: 'fake',
        keyId: 1,
        keyPrefix: 'svc_v2_sk_',
        keyCreatedAt: ISO,
        scopes: [],
        version: 'v2',
      },
    }),
  usage: () => json({ data: sample.usage() }),
  balance: () => json({ data: { available: 1000, pending: 0, blocked: 0 } }),
  stats: () => json({ data: { totalSales: 3, rating: 4.9, level: 2, activeListings: 3 } }),
  v1Balance: () => json(v1({ data: { available: 10, pending: 0, blocked: 0 } })),
  v1Stats: () => json(v1({ data: { totalSales: 3, rating: 4.9, level: 2, activeListings: 3 } })),
  catalogGames: pagedList((i) => sample.game(i), 3),
  v1Games: (req) => pagedList((i) => sample.game(i), 3)(req),
  listProducts: pagedList((i) => sample.listing(i), 3),
  v1ListProducts: pagedList((i) => sample.listing(i, { price: 10 }), 3),
  getProduct: (req) => json({ data: sample.listing(Number(req.params.id)) }),
  v1GetProduct: (req) => json(v1({ data: sample.listing(Number(req.params.id), { price: 10 }) })),
  createProduct: (req) => json({ data: { ...sample.listing(100), ...(req.body as object) } }, 201),
  updateProduct: (req) => json({ data: { ...sample.listing(Number(req.params.id)), ...(req.body as object) } }),
  listOrders: pagedList((i) => sample.order(i), 3),
  v1ListOrders: pagedList((i) => sample.order(i, { price: 10, fee: 1 }), 3),
  getOrder: (req) => json({ data: sample.order(Number(req.params.id)) }),
  listReviews: pagedList((i) => sample.review(i), 2),
  reviewStats: () => json({ data: { count: 2, average: 5, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 2 } } }),
  listContestations: pagedList(() => ({}), 0),
  listMediations: pagedList(() => ({}), 0),
  listQuestions: pagedList((i) => sample.question(i), 1),
  getQuestion: (req) => json({ data: sample.question(Number(req.params.id)) }),
  answerQuestion: (req) =>
    json({
      data: sample.question(Number(req.params.id), {
        status: 'answered',
        answer: (req.body as any)?.answer,
        answeredAt: ISO,
      }),
    }),
  addStock: (req) => {
    const n = Array.isArray((req.body as any)?.items) ? (req.body as any).items.length : 0;
    return json({ data: { added: n, duplicates: 0, total: n } });
  },
  bulkPrice: (req) => json({ results: ((req.body as any)?.items ?? []).map((x: any) => ({ id: x.id, status: 'ok' })) }),
  bulkStatus: (req) =>
    json({ results: ((req.body as any)?.items ?? []).map((x: any) => ({ id: x.id, status: 'ok' })) }),
  listKeys: () => json(v1({ data: [] })),
};

export interface FakeService {
  url: string;
  /** Replace the answer of a route (by its name in src/api/routes.ts). */
  on(route: string, handler: Handler): void;
  /** Requests received per route, in order. */
  requests: FakeRequest[];
  count(route: string): number;
  /** Resolves once a request of `route` has been received (a state to wait for, not a duration). */
  received(route: string): Promise<FakeRequest>;
  close(): Promise<void>;
}

export async function startFake(): Promise<FakeService> {
  const handlers = new Map<string, Handler>(Object.entries(DEFAULTS));
  const requests: FakeRequest[] = [];
  const waiters: { route: string; resolve: (r: FakeRequest) => void }[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    void serve(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const m = /^\/api\/(v2|v1|service|api-keys)(\/.*)?$/.exec(url.pathname);
    const family = m ? (m[1] === 'v2' ? 'v2' : m[1] === 'api-keys' ? 'keys' : 'v1') : undefined;
    const found = family ? matchRoute(family, req.method ?? 'GET', m![2] ?? '') : undefined;
    if (!found || 'methodNotAllowed' in found) {
      send(
        res,
        json({ error: 'Not found', code: 'NOT_FOUND', message: `no route ${req.method} ${url.pathname}` }, 404),
      );
      return;
    }
    const route: RouteDef = found.route;
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const fr: FakeRequest = {
      route: route.name,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      params: found.params,
      headers: req.headers,
      body,
      page: Number(url.searchParams.get('page') ?? 1),
      limit: Number(url.searchParams.get('limit') ?? 20),
    };
    requests.push(fr);
    for (const w of waiters.splice(0)) {
      if (w.route === route.name) w.resolve(fr);
      else waiters.push(w);
    }
    const h = handlers.get(route.name) ?? (() => json({ data: {} }));
    send(res, await h(fr));
  }

  function send(res: ServerResponse, reply: Reply): void {
    if (reply.kind === 'silence') return; // the request was read; nothing is ever written
    if (reply.kind === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      return;
    }
    if (reply.kind === 'huge') {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      // `{"data":[{"pad":"xxxx…"},…]}` until `bytes`, written as the socket drains.
      const item = `{"id":1,"pad":"${'x'.repeat(64 * 1024)}"},`;
      let left = reply.bytes;
      res.write('{"data":[');
      const pump = (): void => {
        while (left > 0) {
          left -= item.length;
          if (res.destroyed) return;
          if (!res.write(item)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('{"id":2}]}');
      };
      res.on('close', () => {
        left = 0;
      });
      pump();
      return;
    }
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
      'retry-after': '0',
      ...reply.headers,
    });
    res.end(text);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    on: (route, handler) => {
      handlers.set(route, handler);
    },
    requests,
    count: (route) => requests.filter((r) => r.route === route).length,
    received: (route) => {
      const seen = requests.find((r) => r.route === route);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ route, resolve }));
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
