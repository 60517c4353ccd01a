// The bulk-price input (cli-spec 3 "Prices CSV"): id, price or price_cents, optional variant.
// Every row is judged; the caller gets the valid rows and every problem (exit 2 if any).
import { DecimalMarks, parseNonNegativeInt, parsePositiveInt, readPrice } from './money.js';
import { ProblemList, quoteValue } from './problems.js';
import { assertReadableFile, readError } from './source.js';
import { TableReader, tableOptions, type ColumnSpec, type ReadTableOptions, type TableFileResult } from './table-rows.js';

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
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const problems = new ProblemList(displayName);
  const table = new TableReader(path, PRICE_COLUMNS, problems, tableOptions(opts));
  const rows: PriceRow[] = [];
  const seen = new Map<string, number>(); // "id/variant" -> line: cli-spec 3 duplicate pairs
  const marks = new DecimalMarks();
  try {
    for await (const row of table.rows()) {
      const price = judgePriceRow(row.raw, (message) => problems.add(row.line, message), marks);
      if (!price) continue;
      const key = `${price.id}/${price.variant ?? ''}`;
      const first = seen.get(key);
      if (first !== undefined) {
        const what = price.variant === undefined ? `id ${price.id}` : `id ${price.id} variant ${price.variant}`;
        problems.add(row.line, `duplicate of line ${first} (${what} appears twice)`);
        continue;
      }
      seen.set(key, row.line);
      rows.push({ line: row.line, ...price, raw: row.raw });
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  return { rows, notes: table.notes, problems: problems.messages, problemCount: problems.count, columns: table.header?.columns ?? [] };
}

/** The values of one row, or undefined after reporting each problem of the row. */
function judgePriceRow(raw: Record<string, string>, report: (message: string) => void, marks: DecimalMarks): Omit<PriceRow, 'line' | 'raw'> | undefined {
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
  const price = readPrice(raw[unit === 'cents' ? 'price_cents' : 'price'] ?? '', unit === 'cents' ? 'price_cents' : 'price', unit, marks);
  if (!price.ok) fail(price.problem);
  const priceCents = price.ok ? price.cents : undefined;
  if (!ok || id === undefined || priceCents === undefined) return undefined;
  return variant === undefined ? { id, priceCents } : { id, variant, priceCents };
}
