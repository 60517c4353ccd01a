// `--events a,b` (webhooks listen, orders reconcile): a comma list of event names, each one of
// `known`; unknown or empty is a usage error (exit 2) in the verb's own words.
import { z } from 'zod';

export function eventList(known: readonly string[], refuse: (bad: string[]) => string) {
  return z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return undefined;
      const names = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = names.filter((n) => !known.includes(n));
      if (names.length === 0 || bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: refuse(bad) });
        return z.NEVER;
      }
      return new Set(names);
    });
}
