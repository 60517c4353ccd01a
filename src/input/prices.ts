// The bulk-price input (cli-spec 3 "Prices CSV"): id, price or price_cents, optional variant.
// Every row is judged; the caller gets the valid rows and every problem (exit 2 if any).
import { parseNonNegativeInt, parsePositiveInt, readPrice } from './money.js';
import { quoteValue } from './problems.js';
import { readTableFile } from './table-file.js';
import type { ColumnSpec, ReadTableOptions, TableFileResult } from './table-rows.js';

export interface PriceRow {
  /** First physical line of the row (header = line 1). */
  line: number;
  id: number;
  /** Variant index: the row goes through the variants route (cli-spec 3). */
  variant?: number;
  priceCents: number;
  /** The input row as read, for the `--report` file (cli-spec 4). */
  raw: Record<string, string>;
}

export const PRICE_COLUMNS: ColumnSpec = {
  required: ['id'],
  optional: ['variant'],
  exclusive: [{ names: ['price', 'price_cents'], exactlyOne: true }],
  nameUnknown: true,
  expected: 'id, price or price_cents, variant',
};

export async function readPriceFile(path: string, opts: ReadTableOptions = {}): Promise<TableFileResult<PriceRow>> {
  // cli-spec 3: an id (and variant) appears once per file.
  return readTableFile(path, PRICE_COLUMNS, opts, (raw, report) => {
    const price = judgePriceRow(raw, report);
    if (!price) return undefined;
    const what = price.variant === undefined ? `id ${price.id}` : `id ${price.id} variant ${price.variant}`;
    return { value: price, key: `${price.id}/${price.variant ?? ''}`, what };
  });
}

/** The values of one row, or undefined after reporting each problem of the row. */
function judgePriceRow(raw: Record<string, string>, report: (message: string) => void): Omit<PriceRow, 'line' | 'raw'> | undefined {
  let ok = true;
  const fail = (message: string): void => { ok = false; report(message); };

  const idText = raw.id ?? '';
  const id = parsePositiveInt(idText);
  if (idText.trim() === '') fail('missing id');
  else if (id === undefined) fail(`id ${quoteValue(idText)} is not a positive whole number`);

  let variant: number | undefined;
  const variantText = (raw.variant ?? '').trim();
  if (variantText !== '') {
    variant = parseNonNegativeInt(variantText);
    if (variant === undefined) fail(`variant ${quoteValue(variantText)} is not a whole number >= 0`);
  }

  const unit = 'price_cents' in raw ? 'cents' : 'decimal';
  const price = readPrice(raw[unit === 'cents' ? 'price_cents' : 'price'] ?? '', unit === 'cents' ? 'price_cents' : 'price', unit);
  if (!price.ok) fail(price.problem);
  const priceCents = price.ok ? price.cents : undefined;
  if (!ok || id === undefined || priceCents === undefined) return undefined;
  return variant === undefined ? { id, priceCents } : { id, variant, priceCents };
}
