// In-memory transport and virtual clock for request-core unit tests.
import type { Clock } from '../../src/api/rate-budget.js';
import {
  TransportError,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '../../src/api/transport.js';

export type Step =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { network: 'network' | 'timeout'; code?: string };

export class FakeClock implements Clock {
  t = 1_700_000_000_000;
  sleeps: number[] = [];
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += ms;
  }
}

export interface Recorded {
  req: TransportRequest;
  at: number;
}

/** Answers with the scripted steps in order; the last step repeats. */
export function scriptedTransport(steps: Step[], clock?: FakeClock): { transport: Transport; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const transport: Transport = async (req) => {
    calls.push({ req, at: clock?.now() ?? 0 });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if ('network' in step)
      throw new TransportError(
        step.network === 'timeout' ? 'no answer within 30 s' : `network error ${step.code ?? ''}`,
        step.network,
        step.code,
      );
    const res: TransportResponse = {
      status: step.status,
      headers: Object.fromEntries(Object.entries(step.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      body: step.body === undefined ? '' : JSON.stringify(step.body),
    };
    return res;
  };
  return { transport, calls };
}

export const V2_KEY = 'svc_v2_sk_TESTKEYtestkey0123456789abcdef';
export const V1_KEY = `svc_sk_${'ab'.repeat(32)}`;
// A valid answer for the routes these tests call (answers are checked): a listing as `data`, and A6 `results`.
export const ok = (data: unknown = { id: 1 }) => ({ status: 200, body: { data, results: [] } });
