// `csv` credentials (cli-spec 3): columns credential, optional ref, optional cost (decimal) or
// cost_cents (integer), not both. Same CSV rules as the other files, except that values are
// kept as written (a password may start or end with a space) and unknown columns are named
// by position only: a file without a header has a credential on line 1.
import { LIMITS } from '../api/assumptions.js';
import { judgeItem, type CredentialEntry, type EntryReadContext } from './credential-checks.js';
import { readCsvTable, type Delimiter } from './csv-table.js';
import { centsProblem, DecimalMarks, parseDecimalCents, parseIntegerCents } from './money.js';
import { TableReader, type ColumnSpec } from './table-rows.js';

const CREDENTIAL_COLUMNS: ColumnSpec = {
  required: ['credential'],
  optional: ['ref'],
  exclusive: [{ names: ['cost', 'cost_cents'], exactlyOne: false }],
  nameUnknown: false,
  expected: 'credential, ref, cost or cost_cents',
};

/** Header mapping of a credential CSV, kept with each chunk so a re-read needs no header. */
export interface CsvLayout {
  delimiter: Delimiter;
  columns: string[];
}

/**
 * A row holds one credential (<= 5000 UTF-16 units, <= 3 UTF-8 bytes each, doubled quotes at
 * most 2 bytes each), a ref of 64 and a cost: anything past this many bytes is refused unread.
 */
const CREDENTIAL_CSV_MAX_RECORD_BYTES = LIMITS.credentialMaxChars * 3 + 4096;

export class CredentialCsvReader {
  layout: CsvLayout | undefined;
  /** Unknown columns ignored, `FILE:LINE: note`. */
  notes: string[] = [];
  private readonly marks = new DecimalMarks();

  constructor(
    private readonly path: string,
    private readonly ctx: EntryReadContext,
    private readonly known?: CsvLayout,
  ) {}

  async *entries(): AsyncGenerator<CredentialEntry> {
    const table = new TableReader(this.path, CREDENTIAL_COLUMNS, this.ctx.problems, {
      ...this.ctx,
      trimFields: false,
      maxRecordBytes: CREDENTIAL_CSV_MAX_RECORD_BYTES,
      ...(this.known ? { known: this.known } : {}),
    });
    this.notes = table.notes;
    for await (const row of table.rows()) {
      this.layout ??= table.header && { delimiter: table.header.delimiter, columns: table.header.columns };
      const entry: CredentialEntry = {
        line: row.line,
        lastLine: row.lastLine,
        startOffset: row.startOffset,
        endOffset: row.endOffset,
      };
      const item = this.judgeRow(row.raw, row.line);
      if (item) entry.item = item;
      yield entry;
    }
    this.layout ??= table.header && { delimiter: table.header.delimiter, columns: table.header.columns };
  }

  private judgeRow(raw: Record<string, string>, line: number): CredentialEntry['item'] {
    const problems = this.ctx.problems;
    const before = problems.count;
    const ref = (raw.ref ?? '').trim();
    let costCents: number | undefined;
    const costName = 'cost_cents' in raw ? 'cost_cents' : 'cost' in raw ? 'cost' : undefined;
    if (costName && (raw[costName] ?? '').trim() !== '') {
      const integer = costName === 'cost_cents';
      const parsed = integer ? parseIntegerCents(raw[costName]!) : parseDecimalCents(raw[costName]!, this.marks);
      // No value is quoted: in a shifted row the cost column may hold a password.
      if (parsed.ok) costCents = parsed.cents;
      else problems.add(line, centsProblem(costName, parsed.reason, '', integer, parsed.mark));
    }
    const item = judgeItem(
      {
        credential: raw.credential ?? '',
        ...(ref !== '' ? { ref } : {}),
        ...(costCents !== undefined ? { costCents } : {}),
      },
      line,
      problems,
      this.ctx,
    );
    return problems.count === before ? item : undefined;
  }
}

/** The header of a credential CSV, for re-reading a chunk whose plan did not keep it. */
export async function readCredentialCsvLayout(path: string): Promise<CsvLayout | undefined> {
  for await (const event of readCsvTable(path, {
    trimFields: false,
    maxRecordBytes: CREDENTIAL_CSV_MAX_RECORD_BYTES,
  })) {
    if (event.kind === 'header') return { delimiter: event.delimiter, columns: event.columns };
    if (event.kind === 'problem') return undefined;
  }
  return undefined;
}
