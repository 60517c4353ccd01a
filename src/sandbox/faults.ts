// Injected faults (cli-spec 5): queued by `POST /_sandbox/faults`, consumed by the next
// matching API request(s). Not part of the real service.
import { z } from 'zod';

export const FaultSpec = z.strictObject({
  match: z
    .strictObject({
      method: z.string().min(1).optional(),
      route: z.string().min(1).optional(), // a route name of src/api/routes.ts
      path: z.string().min(1).optional(), // a substring of the request path
    })
    .default({}),
  fault: z.strictObject({
    type: z.enum(['drop-before', 'drop-after', 'delay', 'status']),
    ms: z.number().int().min(0).max(600_000).optional(),
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  times: z.number().int().min(1).default(1),
  /** Let this many matching requests through first (e.g. skip: 1 hits the second chunk). */
  skip: z.number().int().min(0).default(0),
});
export type FaultSpec = z.infer<typeof FaultSpec>;
export type Fault = FaultSpec['fault'];

export class FaultQueue {
  private queue: FaultSpec[] = [];

  add(spec: FaultSpec): void {
    this.queue.push(spec);
  }
  list(): FaultSpec[] {
    return this.queue.map((f) => ({ ...f }));
  }
  clear(): void {
    this.queue = [];
  }

  /** The first queued fault matching this request, consumed once. */
  take(method: string, routeName: string, path: string): Fault | undefined {
    const i = this.queue.findIndex(
      (f) =>
        (!f.match.method || f.match.method.toUpperCase() === method) &&
        (!f.match.route || f.match.route === routeName) &&
        (!f.match.path || path.includes(f.match.path)),
    );
    if (i < 0) return undefined;
    const spec = this.queue[i]!;
    if (spec.skip > 0) {
      spec.skip -= 1;
      return undefined;
    }
    spec.times -= 1;
    if (spec.times <= 0) this.queue.splice(i, 1);
    return spec.fault;
  }
}
