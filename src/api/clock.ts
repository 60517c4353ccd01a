// svc's one clock for decisions that depend on the passing of days: whether a
// journaled idempotency key is still within the service's 24 h (spec 4.1.2), and the times
// journals and pool ledgers record. SVC_CLOCK_OFFSET_MS moves it (tests only: "kill -9, wait a
// day, rerun" is tested by moving the clock, never by waiting); it is read once per process.
let offsetMs: number | undefined;

function offset(): number {
  if (offsetMs === undefined) {
    const raw = process.env.SVC_CLOCK_OFFSET_MS;
    const n = raw === undefined || raw.trim() === '' ? 0 : Number(raw);
    offsetMs = Number.isFinite(n) ? n : 0;
  }
  return offsetMs;
}

/** Milliseconds since the epoch, as svc's decisions see it. */
export function nowMs(): number {
  return Date.now() + offset();
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}

/** Tests in one process (test/jobs): move the clock by `ms` from now on; undefined goes back to the environment's. */
export function setClockOffsetForTests(ms: number | undefined): void {
  offsetMs = ms;
}
