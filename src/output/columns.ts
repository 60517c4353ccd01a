// Column definitions: how a record becomes a row of a table, CSV or TSV.
import { formatCents, formatDecimal } from './money.js';
import { localDecimal, statusWord, t } from '../i18n/index.js';
import { localTime } from './local-time.js';
import { sanitizeInline } from './sanitize.js';

/** `word`: svc's own word or message (`unchanged`, `paused`): in the run's language in a table only. */
export type CellKind = 'text' | 'cents' | 'decimal' | 'bool' | 'number' | 'date' | 'list' | 'word' | 'status';

export interface Column<T = Record<string, unknown>> {
  header: string;
  /** A field name, or a function of the record. */
  value: keyof T | ((row: T) => unknown);
  kind?: CellKind;
  /** Widest the cell may be in a TTY table (longer text is cut with …). */
  max?: number;
  /** On a narrow terminal, left out in this order (1 first) once free text is cut to its floor. */
  drop?: number;
}

function cellValue<T>(col: Column<T>, row: T): unknown {
  return typeof col.value === 'function' ? col.value(row) : (row as Record<string, unknown>)[col.value as string];
}

/**
 * The text of a cell, for humans (table: money with two decimals, dates without the T) or
 * machines (csv/tsv: money as integer cents for v1 and v2 alike, numbers raw). Whatever came
 * from the network goes through the one sanitiser.
 */
export function cellText<T>(col: Column<T>, row: T, forHumans: boolean): string {
  const v = cellValue(col, row);
  if (v === null || v === undefined) return '';
  return sanitizeInline(forHumans ? humanText(col.kind, v) : machineText(col.kind, v));
}

function humanText(kind: CellKind | undefined, v: unknown): string {
  switch (kind) {
    // the seller's number format (19,90 in pt-BR) and words, in tables only
    case 'cents':
      return localDecimal(formatCents(Number(v)));
    case 'decimal':
      return localDecimal(formatDecimal(Number(v)));
    case 'bool':
      return t(v ? 'yes' : 'no');
    case 'word':
      return t(plainText(v));
    case 'status':
      return statusWord(plainText(v));
    case 'number':
      // a fraction (a rating of 3.67) in the seller's format; whole numbers as they are
      return typeof v === 'number' && !Number.isInteger(v) ? localDecimal(String(v)) : plainText(v);
    case 'date':
      return localTime(sanitizeInline(String(v))); // local time; the header names the offset
    default:
      return plainText(v);
  }
}

function machineText(kind: CellKind | undefined, v: unknown): string {
  switch (kind) {
    case 'cents':
      return Number.isFinite(Number(v)) ? String(Math.round(Number(v))) : plainText(v);
    case 'decimal':
      return Number.isFinite(Number(v)) ? String(Math.round(Number(v) * 100)) : plainText(v);
    default:
      return plainText(v);
  }
}

function plainText(v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function isNumeric(kind: CellKind | undefined): boolean {
  return kind === 'cents' || kind === 'decimal' || kind === 'number';
}

export function isMoney(kind: CellKind | undefined): boolean {
  return kind === 'cents' || kind === 'decimal';
}
