// The sandbox clock: real time plus an offset that `POST /_sandbox/clock` moves forward, so
// tests can reach the 24 h idempotency expiry (spec 4.1.2) and rate-window ends (A8) at once.
export class SandboxClock {
  constructor(private readonly offset: () => number) {}
  now(): number {
    return Date.now() + this.offset();
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
}
