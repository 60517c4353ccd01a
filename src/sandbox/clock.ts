// The sandbox clock: real time plus an offset that `POST /_sandbox/clock` moves forward, so
// tests can reach the 24 h idempotency expiry (spec 4.1.2) and rate-window ends (A8) at once.
// It may also run R times faster from a real instant (`rate`, `anchorMs`), matching svc's
// SVC_CLOCK_RATE from the same anchor: a whole day of the quota (spec 8, reset at 00:00 UTC)
// lived by a resident `shop run` in seconds.
export class SandboxClock {
  private rate = 1;
  private anchorMs = 0;
  constructor(private readonly offset: () => number) {}
  now(): number {
    const real = Date.now();
    const run = this.rate === 1 ? real : this.anchorMs + (real - this.anchorMs) * this.rate;
    return run + this.offset();
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
  /** From real instant `anchorMs` on, the clock runs `rate` times as fast (1: real time again). */
  runAt(rate: number, anchorMs: number): void {
    this.rate = rate;
    this.anchorMs = anchorMs;
  }
}
