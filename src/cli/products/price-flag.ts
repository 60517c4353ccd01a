// A price typed on the command line (`--price 19.90`, `--price 19,90`) in cents, with the
// same rules as the input files (cli-spec 3: > 0, <= 100000000 cents, whole cents).
import { UsageError } from '../../api/errors.js';
import { readPrice } from '../../input/money.js';

export function priceFlag(text: string | undefined, flag = '--price'): number | undefined {
  if (text === undefined) return undefined;
  const price = readPrice(text, flag, 'decimal');
  if (!price.ok) throw new UsageError(price.problem);
  return price.cents;
}
