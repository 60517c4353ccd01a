// --from / --to of orders (A2: ISO 8601 dates, inclusive, by createdAt). Checked before
// anything is sent, so a typo is a usage error (exit 2), not a 400 from the service. zod-free
//: the `date` option kind (option-kinds.ts) and the read lane use the same test.
import { UsageError } from '../../api/errors.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** What a bad date is told (the zod schema of the `date` kind says it, verb.ts). */
export const ISO_DATE_MESSAGE = 'must be an ISO 8601 date like 2026-11-01 or 2026-11-01T12:00:00Z';

/** An ISO 8601 date or date-time that is a real day. */
export function isIsoDate(s: string): boolean {
  return ISO_DATE.test(s) && !Number.isNaN(Date.parse(s));
}

/** The range must not run backwards (a bare `to` date covers its whole day, A2). */
export function checkRange(from: string | undefined, to: string | undefined): void {
  if (from === undefined || to === undefined) return;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(to) ? Date.parse(to) + 86_400_000 - 1 : Date.parse(to);
  if (Date.parse(from) > end) throw new UsageError(`--from ${from} is after --to ${to}`, 'swap the two dates');
}
