// The `products variants set ID --file F.csv` input (cli-spec 2): index, price or price_cents,
// stock; at least one of price and stock per row. Same CSV rules as the prices file.
import { parseNonNegativeInt, readPrice } from './money.js';
import { quoteValue } from './problems.js';
import { readTableFile } from './table-file.js';
import type { ColumnSpec, ReadTableOptions, TableFileResult } from './table-rows.js';

export interface VariantRow {
  line: number;
  index: number;
  priceCents?: number;
  stock?: number;
  raw: Record<string, string>;
}

export const VARIANT_COLUMNS: ColumnSpec = {
  required: ['index'],
  optional: ['stock'],
  exclusive: [{ names: ['price', 'price_cents'], exactlyOne: false }],
  nameUnknown: true,
  expected: 'index, price or price_cents, stock',
};

export async function readVariantFile(path: string, opts: ReadTableOptions = {}): Promise<TableFileResult<VariantRow>> {
  return readTableFile(path, VARIANT_COLUMNS, opts, (raw, report) => {
    const v = judgeVariantRow(raw, report);
    return v && { value: v, key: v.index, what: `variant ${v.index}` };
  });
}

function judgeVariantRow(raw: Record<string, string>, report: (m: string) => void): Omit<VariantRow, 'line' | 'raw'> | undefined {
  let ok = true;
  const fail = (m: string) => { ok = false; report(m); };
  const indexText = (raw.index ?? '').trim();
  const index = parseNonNegativeInt(indexText);
  if (indexText === '') fail('missing index');
  else if (index === undefined) fail(`index ${quoteValue(indexText)} is not a whole number >= 0`);

  let priceCents: number | undefined;
  const name = 'price_cents' in raw ? 'price_cents' : 'price';
  const priceText = (raw[name] ?? '').trim();
  if (priceText !== '') {
    const price = readPrice(priceText, name, name === 'price_cents' ? 'cents' : 'decimal');
    if (price.ok) priceCents = price.cents;
    else fail(price.problem);
  }
  let stock: number | undefined;
  const stockText = (raw.stock ?? '').trim();
  if (stockText !== '') {
    stock = parseNonNegativeInt(stockText);
    if (stock === undefined) fail(`stock ${quoteValue(stockText)} is not a whole number >= 0`);
  }
  if (ok && priceText === '' && stockText === '') fail('nothing to change: give a price or a stock');
  if (!ok || index === undefined) return undefined;
  return { index, ...(priceCents !== undefined ? { priceCents } : {}), ...(stock !== undefined ? { stock } : {}) };
}
