// The bulk-price input (cli-spec 3 "Prices CSV"): id, price or price_cents, optional variant.
// Every row is judged; the caller gets the valid rows and every problem (exit 2 if any).
import { DecimalMarks, parseNonNegativeInt, parsePositiveInt, readPrice } from './money.js';
import { keyOf, PairKeys } from './pair-keys.js';
import { ProblemList, quoteValue } from './problems.js';
import { assertReadableFile, readError } from './source.js';
import {
  TableReader,
  tableOptions,
  type ColumnSpec,
  type ReadTableOptions,
  type TableFileResult,
} from './table-rows.js';

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

const PRICE_COLUMNS: ColumnSpec = {
  required: ['id'],
  optional: ['variant'],
  exclusive: [{ names: ['price', 'price_cents'], exactlyOne: true }],
  nameUnknown: true,
  // A Portuguese header reads as its column (cli-spec 3 names the English ones).
  aliases: {
    preço: 'price',
    preco: 'price',
    preço_cents: 'price_cents',
    preco_cents: 'price_cents',
    variante: 'variant',
  },
  expected: 'id, price or price_cents, variant',
};

/** What a dry run needs of a prices file: counts per route, no row (bounded memory). */
export interface PricePlanResult extends Omit<TableFileResult<PriceRow>, 'rows'> {
  /** Valid rows. */
  rows: number;
  /** Rows for the bulk-price route (no variant). */
  plain: number;
  /** Rows for the variants route, and its requests (rows grouped per listing). */
  variantRows: number;
  variantRequests: number;
}

/** Every row judged and kept: what a job sends (the rows carry their prices). */
export async function readPriceFile(path: string, opts: ReadTableOptions = {}): Promise<TableFileResult<PriceRow>> {
  const rows: PriceRow[] = [];
  const result = await scanPrices(path, opts, (row) => rows.push(row));
  return {
    rows,
    notes: result.notes,
    problems: result.problems,
    problemCount: result.problemCount,
    columns: result.columns,
    delimiter: result.delimiter,
  };
}

/**
 * Every row judged, none kept: the dry-run plan in memory that does not grow with the file
 *: the (id, variant) pairs cost 8 bytes a row (pair-keys.ts), nothing else stays.
 */
export async function planPriceFile(
  path: string,
  opts: ReadTableOptions & { perRequest: number },
): Promise<PricePlanResult> {
  const result = await scanPrices(path, opts, undefined, opts.perRequest);
  return {
    rows: result.pairs.plain + result.pairs.variantRows,
    plain: result.pairs.plain,
    variantRows: result.pairs.variantRows,
    variantRequests: result.pairs.variantRequests,
    notes: result.notes,
    problems: result.problems,
    problemCount: result.problemCount,
    columns: result.columns,
    delimiter: result.delimiter,
  };
}

async function scanPrices(
  path: string,
  opts: ReadTableOptions,
  onRow: ((row: PriceRow) => void) | undefined,
  perRequest = 100,
) {
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const problems = new ProblemList(displayName);
  const table = new TableReader(path, PRICE_COLUMNS, problems, tableOptions(opts));
  const pairs = new PairKeys();
  const marks = new DecimalMarks();
  try {
    for await (const batch of table.rowBatches()) {
      for (const row of batch) {
        const price = judgePriceRow(row.raw, row.line, problems, marks);
        if (!price) continue;
        pairs.add(price.id, price.variant);
        onRow?.({ line: row.line, ...price, raw: row.raw });
      }
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  const counts = pairs.finish(perRequest);
  // cli-spec 3: a pair twice is refused on each later line. Rare, so found again by a second
  // read only when the sorted pairs showed a repeat: no line is kept per row on the first.
  if (counts.repeated.size > 0) await reportRepeats(path, opts, counts.repeated, problems, table.header?.columns);
  return {
    pairs: counts,
    ...table.summary(),
  };
}

async function reportRepeats(
  path: string,
  opts: ReadTableOptions,
  repeated: Set<number | string>,
  problems: ProblemList,
  columns: string[] | undefined,
): Promise<void> {
  if (!columns) return;
  const silent = new ProblemList('');
  const table = new TableReader(path, PRICE_COLUMNS, silent, tableOptions(opts));
  const first = new Map<number | string, number>();
  const marks = new DecimalMarks();
  try {
    for await (const row of table.rows()) {
      const price = judgePriceRow(row.raw, row.line, silent, marks);
      if (!price) continue;
      const key = keyOf(price.id, price.variant);
      if (!repeated.has(key)) continue;
      const at = first.get(key);
      if (at === undefined) {
        first.set(key, row.line);
        continue;
      }
      const what = price.variant === undefined ? `id ${price.id}` : `id ${price.id} variant ${price.variant}`;
      problems.add(row.line, `duplicate of line ${at} (${what} appears twice)`);
    }
  } catch (err) {
    throw readError(err, opts.displayName ?? path);
  }
}

/** The values of one row, or undefined after reporting each problem of the row on `line`. */
function judgePriceRow(
  raw: Record<string, string>,
  line: number,
  problems: ProblemList,
  marks: DecimalMarks,
): Omit<PriceRow, 'line' | 'raw'> | undefined {
  let ok = true;
  const idText = raw.id ?? '';
  const id = parsePositiveInt(idText);
  if (id === undefined) {
    ok = false;
    problems.add(line, idText.trim() === '' ? 'missing id' : `id ${quoteValue(idText)} is not a positive whole number`);
  }

  let variant: number | undefined;
  const variantText = raw.variant;
  if (variantText !== undefined && variantText !== '' && variantText.trim() !== '') {
    variant = parseNonNegativeInt(variantText);
    if (variant === undefined) {
      ok = false;
      problems.add(line, `variant ${quoteValue(variantText.trim())} is not a whole number >= 0`);
    }
  }

  const cents = raw.price_cents !== undefined;
  const price = readPrice(
    (cents ? raw.price_cents : raw.price) ?? '',
    cents ? 'price_cents' : 'price',
    cents ? 'cents' : 'decimal',
    marks,
  );
  if (!price.ok) {
    ok = false;
    problems.add(line, price.problem);
  }
  if (!ok || id === undefined || !price.ok) return undefined;
  return variant === undefined ? { id, priceCents: price.cents } : { id, variant, priceCents: price.cents };
}
