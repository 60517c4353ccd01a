// Where `shop run` gets confirmed events (SEAMS.md: "through the hook/handler mechanism, not by
// reimplementing the receiver"): the listener's --forward-to target, served in-process on
// 127.0.0.1 at a random secret path. The listener has already deduped the notification and
// confirmed its order with GET /api/v2/orders/:id; this side trusts only `svc.confirmed` and
// `svc.order` (the service's answer), never the body's own fields (anyone can POST those).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '../../api/responses.js';

export interface IntakeHandlers {
  sale(order: Order): void;
  listing(id: number): void;
  mediation(order: Order): void;
  /** funds.released: the sale's value reached the balance. */
  payout?(order: Order): void;
}

const MAX_BYTES = 1024 * 1024;

export async function startIntake(h: IntakeHandlers): Promise<{ url: string; close(): Promise<void> }> {
  const path = `/shop-${randomBytes(18).toString('base64url')}`;
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      // The work is queued before the 2xx; the periodic pass catches up whatever a crash loses.
      try {
        route(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope, h);
      } catch {
        /* not JSON: nothing to do */
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

interface Envelope {
  event?: string;
  data?: { productId?: unknown };
  svc?: { confirmed?: boolean; order?: Order | null };
}

function route(e: Envelope, h: IntakeHandlers): void {
  const order = e.svc?.confirmed ? (e.svc.order ?? undefined) : undefined;
  if ((e.event === 'order.delivered' || e.event === 'sale.processing') && order) h.sale(order);
  else if (e.event === 'mediation.opened' && order) h.mediation(order);
  else if (e.event === 'funds.released' && order) h.payout?.(order);
  // Not confirmable (A11), but it only asks for a pass, which reads the service's own state.
  else if (e.event === 'product.out_of_stock' && Number.isSafeInteger(e.data?.productId))
    h.listing(e.data!.productId as number);
}
