// Times in answers: A3 says ISO 8601 strings; rate windows also come as Unix time
// (A8 X-RateLimit-Reset). One reader for both.
import { EPOCH_MS_THRESHOLD } from './assumptions.js';

/** Milliseconds since the epoch of an ISO 8601 string or a Unix time (seconds or ms); undefined if neither. */
export function timeToMs(v: unknown): number | undefined {
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) return undefined;
    return v >= EPOCH_MS_THRESHOLD ? v : v * 1000;
  }
  if (typeof v === 'string' && v.trim() !== '') {
    const ms = Date.parse(v);
    return Number.isFinite(ms) ? ms : undefined;
  }
  return undefined;
}

/** ISO 8601 of `timeToMs(v)`, or undefined. */
export function timeToIso(v: unknown): string | undefined {
  const ms = timeToMs(v);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}
