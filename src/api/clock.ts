// svc's one clock for decisions that depend on the passing of days: whether a
// journaled idempotency key is still within the service's 24 h (spec 4.1.2), and the times
// journals and pool ledgers record. SVC_CLOCK_OFFSET_MS moves it (tests only: "kill -9, wait a
// day, rerun" is tested by moving the clock, never by waiting); it is read once per process.
// SVC_CLOCK_RATE (tests only) makes it run R times faster from SVC_CLOCK_ANCHOR_MS (real epoch ms,
// default: the first read), and every wait svc schedules on it (the shop's passes, a spent day's
// hold, Retry-After, the receiver's lookups) lasts R times less: a whole day of `shop run` against
// a sandbox whose clock runs at the same rate from the same anchor takes seconds (spec 8: the
// day's quota resets at 00:00 UTC).
interface ClockSetting {
  offsetMs: number;
  rate: number;
  anchorMs: number;
}

let setting: ClockSetting | undefined;

function numberOf(raw: string | undefined, fallback: number): number {
  const n = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

function clockSetting(): ClockSetting {
  if (setting === undefined) {
    const rate = numberOf(process.env.SVC_CLOCK_RATE, 1);
    setting = {
      offsetMs: numberOf(process.env.SVC_CLOCK_OFFSET_MS, 0),
      rate: rate > 0 ? rate : 1,
      anchorMs: numberOf(process.env.SVC_CLOCK_ANCHOR_MS, Date.now()),
    };
  }
  return setting;
}

/** Milliseconds since the epoch, as svc's decisions see it. */
export function nowMs(): number {
  const s = clockSetting();
  const real = Date.now();
  return s.rate === 1 ? real + s.offsetMs : s.anchorMs + (real - s.anchorMs) * s.rate + s.offsetMs;
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}

/** How long to wait on the machine's timers for `ms` of svc's clock to pass. */
export function realDelayMs(ms: number): number {
  return ms / clockSetting().rate;
}

/** Tests in one process (test/jobs): move the clock by `ms` from now on; undefined goes back to the environment's. */
export function setClockOffsetForTests(ms: number | undefined): void {
  if (ms === undefined) setting = undefined;
  else setting = { ...clockSetting(), offsetMs: ms };
}
