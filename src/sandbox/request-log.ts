// The request log of `GET /_sandbox/requests`: what tests assert on (did a retry replay, did a
// write execute once). It never holds an API key, a body or a credential.
export interface RequestLogEntry {
  seq: number;
  method: string;
  path: string;
  query: string;
  route: string | null;
  status: number | null; // null: the connection was dropped before an answer
  idempotencyKey: string | null;
  replayed: boolean;
  applied: boolean; // a write executed (2xx from the handler)
  fault: string | null;
  at: string;
}

const MAX_ENTRIES = 10_000;

export type RequestPhase = 'started' | 'answered';
type Watcher = { phase: RequestPhase; pred: (e: RequestLogEntry) => boolean; resolve: (e: RequestLogEntry) => void };

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;
  private inFlight = 0;
  private watchers: Watcher[] = [];
  private idleWaiters: Array<() => void> = [];

  start(init: Omit<RequestLogEntry, 'seq' | 'status' | 'replayed' | 'applied' | 'fault'>): RequestLogEntry {
    const e: RequestLogEntry = { seq: ++this.seq, ...init, status: null, replayed: false, applied: false, fault: null };
    this.entries.push(e);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    this.inFlight++;
    return e;
  }

  /** The request's route is known (it is being handled): watchers of 'started' see it now. */
  routed(e: RequestLogEntry): void {
    this.notify('started', e);
  }

  /** The request was answered (or its connection dropped): its entry is final. */
  finish(e: RequestLogEntry): void {
    this.inFlight--;
    this.notify('answered', e);
    if (this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
  }

  /**
   * Resolves with the first request (from now on) of that phase that matches: tests wait for a
   * state of the service (a chunk is in flight, a request was answered), never for a time.
   */
  waitFor(pred: (e: RequestLogEntry) => boolean, phase: RequestPhase = 'started'): Promise<RequestLogEntry> {
    return new Promise((resolve) => this.watchers.push({ phase, pred, resolve }));
  }

  /** Resolves once no API request is in flight (at once when none is). */
  idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private notify(phase: RequestPhase, e: RequestLogEntry): void {
    this.watchers = this.watchers.filter((w) => {
      if (w.phase !== phase || !w.pred(e)) return true;
      w.resolve(e);
      return false;
    });
  }
  all(): RequestLogEntry[] {
    return this.entries.slice();
  }
  clear(): void {
    this.entries = [];
  }
}
