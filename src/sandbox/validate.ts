// Request validation: the strict zod schemas of src/api/requests.ts (spec 2.1: an unknown v2
// field is a 400) mapped to the A1 validation error naming the field, and the A2 list query.
import type { z } from 'zod';
import { LIMITS } from '../api/assumptions.js';
import { fieldPath } from '../api/requests.js';
import { validationError, type Page } from './envelope.js';

/** Parse a body with a request schema; the first issue becomes `{"error":"Validation error","field":...}`. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  let path: PropertyKey[] = [...issue.path];
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    // spec 2.1: name the unknown field itself, not its parent object.
    const key = issue.keys[0] ?? '';
    path = [...path, key];
    message = `unknown field ${fieldPath(path)}`;
  }
  throw validationError(fieldPath(path) || 'body', message);
}

export type Query = URLSearchParams;

/** A2: page (1-based, default 1) and limit (1..100, default 20; above 100 is a 400). */
function parsePaging(q: Query): { page: number; limit: number } {
  const page = intParam(q, 'page', 1);
  const limit = intParam(q, 'limit', LIMITS.pageSizeDefault);
  if (page < 1) throw validationError('page', 'page must be 1 or more');
  if (limit < 1 || limit > LIMITS.pageSizeMax)
    throw validationError('limit', `limit must be 1 to ${LIMITS.pageSizeMax}`);
  return { page, limit };
}

function intParam(q: Query, name: string, dflt: number): number {
  const raw = q.get(name);
  if (raw === null || raw === '') return dflt;
  if (!/^-?[0-9]+$/.test(raw)) throw validationError(name, `${name} must be an integer`);
  return Number(raw);
}

export function paginate<T>(items: T[], q: Query): { items: T[]; pagination: Page } {
  const { page, limit } = parsePaging(q);
  const total = items.length;
  return {
    items: items.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** A filter value restricted to a known set (A2); anything else is a 400 naming the parameter. */
export function enumParam<T extends string>(q: Query, name: string, allowed: readonly T[]): T | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw))
    throw validationError(name, `${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

export function idParam(q: Query, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^[0-9]+$/.test(raw)) throw validationError(name, `${name} must be an integer`);
  return Number(raw);
}

/** A2: `from`/`to` are ISO 8601 dates, inclusive; a bare date `to` covers that whole day. */
export function dateParam(q: Query, name: 'from' | 'to'): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw validationError(name, `${name} must be an ISO 8601 date`);
  if (name === 'to' && /^\d{4}-\d{2}-\d{2}$/.test(raw)) return t + 24 * 3600 * 1000 - 1;
  return t;
}

/** A path id that must be a positive integer; anything else is "not found". */
export function numericId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[0-9]+$/.test(raw)) return undefined;
  return Number(raw);
}
