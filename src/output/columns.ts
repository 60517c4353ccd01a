// Column definitions: how a record becomes a row of a table, CSV or TSV.
import { formatCents, formatDecimal } from './money.js';
import { sanitizeInline } from './sanitize.js';

export type CellKind = 'text' | 'cents' | 'decimal' | 'bool' | 'number' | 'date' | 'list';

export interface Column<T = Record<string, unknown>> {
  header: string;
  /** A field name, or a function of the record. */
  value: keyof T | ((row: T) => unknown);
  kind?: CellKind;
  /** Widest the cell may be in a TTY table (longer text is cut with …). */
  max?: number;
}

export function cellValue<T>(col: Column<T>, row: T): unknown {
  return typeof col.value === 'function' ? col.value(row) : (row as Record<string, unknown>)[col.value as string];
}

/** The text of a cell, for humans (table) or machines (csv/tsv: raw numbers, cents stay cents). */
export function cellText<T>(col: Column<T>, row: T, forHumans: boolean): string {
  const v = cellValue(col, row);
  if (v === null || v === undefined) return '';
  if (forHumans) {
    switch (col.kind) {
      case 'cents': return formatCents(Number(v));
      case 'decimal': return formatDecimal(Number(v));
      case 'bool': return v ? 'yes' : 'no';
      case 'date': return String(v).replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
    }
  }
  if (Array.isArray(v)) return sanitizeInline(v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', '));
  if (typeof v === 'object') return sanitizeInline(JSON.stringify(v));
  return sanitizeInline(String(v));
}

export function isNumeric(kind: CellKind | undefined): boolean {
  return kind === 'cents' || kind === 'decimal' || kind === 'number';
}
