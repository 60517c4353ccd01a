// The `products variants set ID --file F.csv` input (cli-spec 2): index, price or price_cents,
// stock; at least one of price and stock per row. Same CSV rules as the prices file.
import { DecimalMarks, parseNonNegativeInt, readPrice } from './money.js';
import { ProblemList, quoteValue } from './problems.js';
import { assertReadableFile, readError } from './source.js';
import {
  TableReader,
  tableOptions,
  type ColumnSpec,
  type ReadTableOptions,
  type TableFileResult,
} from './table-rows.js';

export interface VariantRow {
  line: number;
  index: number;
  priceCents?: number;
  stock?: number;
  raw: Record<string, string>;
}

const VARIANT_COLUMNS: ColumnSpec = {
  required: ['index'],
  optional: ['stock'],
  exclusive: [{ names: ['price', 'price_cents'], exactlyOne: false }],
  nameUnknown: true,
  expected: 'index, price or price_cents, stock',
};

export async function readVariantFile(path: string, opts: ReadTableOptions = {}): Promise<TableFileResult<VariantRow>> {
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const problems = new ProblemList(displayName);
  const table = new TableReader(path, VARIANT_COLUMNS, problems, tableOptions(opts));
  const rows: VariantRow[] = [];
  const seen = new Map<number, number>();
  const marks = new DecimalMarks();
  try {
    for await (const row of table.rows()) {
      const v = judgeVariantRow(row.raw, (m) => problems.add(row.line, m), marks);
      if (!v) continue;
      const first = seen.get(v.index);
      if (first !== undefined) {
        problems.add(row.line, `duplicate of line ${first} (variant ${v.index} appears twice)`);
        continue;
      }
      seen.set(v.index, row.line);
      rows.push({ line: row.line, ...v, raw: row.raw });
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  return {
    rows,
    ...table.summary(),
  };
}

function judgeVariantRow(
  raw: Record<string, string>,
  report: (m: string) => void,
  marks: DecimalMarks,
): Omit<VariantRow, 'line' | 'raw'> | undefined {
  let ok = true;
  const fail = (m: string) => {
    ok = false;
    report(m);
  };
  const indexText = (raw.index ?? '').trim();
  const index = parseNonNegativeInt(indexText);
  if (indexText === '') fail('missing index');
  else if (index === undefined) fail(`index ${quoteValue(indexText)} is not a whole number >= 0`);

  let priceCents: number | undefined;
  const name = 'price_cents' in raw ? 'price_cents' : 'price';
  const priceText = (raw[name] ?? '').trim();
  if (priceText !== '') {
    const price = readPrice(priceText, name, name === 'price_cents' ? 'cents' : 'decimal', marks);
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
