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

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  start(init: Omit<RequestLogEntry, 'seq' | 'status' | 'replayed' | 'applied' | 'fault'>): RequestLogEntry {
    const e: RequestLogEntry = { seq: ++this.seq, ...init, status: null, replayed: false, applied: false, fault: null };
    this.entries.push(e);
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    return e;
  }
  all(): RequestLogEntry[] {
    return this.entries.slice();
  }
  clear(): void {
    this.entries = [];
  }
}
