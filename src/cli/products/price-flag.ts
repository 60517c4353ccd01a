// A price typed on the command line (`--price 19.90`, `--price 19,90`) in cents, with the
// same rules as the input files (cli-spec 3: > 0, <= 100000000 cents, whole cents).
import { LIMITS, PRICE_MIN_CENTS } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import { centsProblem, parseDecimalCents } from '../../input/money.js';

export function priceFlag(text: string | undefined, flag = '--price'): number | undefined {
  if (text === undefined) return undefined;
  const parsed = parseDecimalCents(text);
  if (!parsed.ok) throw new UsageError(centsProblem(flag, parsed.reason, `"${text}"`, false));
  if (parsed.cents < PRICE_MIN_CENTS) throw new UsageError(`${flag} must be greater than 0`);
  if (parsed.cents > LIMITS.priceMaxCents) throw new UsageError(`${flag} is above the maximum of ${LIMITS.priceMaxCents / 100} (spec 8)`);
  return parsed.cents;
}
