// Durations on the command line (--window, --since, --stuck-after, --catch-up-every):
// a whole number with a unit, `90s`, `30m`, `6h`, `7d`; several may follow each other (`1h30m`).
import { z } from 'zod';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (!/^(\d+(ms|s|m|h|d))+$/.test(t)) return undefined;
  let ms = 0;
  for (const [, n, unit] of t.matchAll(/(\d+)(ms|s|m|h|d)/g)) ms += Number(n) * UNIT_MS[unit!]!;
  return ms;
}

/** A zod schema for a duration option, in milliseconds. */
export function Duration() {
  return z.string().transform((s, ctx) => {
    const ms = parseDuration(s);
    if (ms === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a duration like 90s, 30m, 6h or 7d' });
      return z.NEVER;
    }
    return ms;
  });
}
