// The one response layer (issue 14): every successful answer is checked against its documented
// shape (api-assumptions A1, A4, A6, A7; the zod schemas of responses.ts) before a verb sees
// it. Lenient where the spec is (A4: unknown fields pass, optional fields may be missing or
// null), strict where a wrong value would be used as a number or an id: a string `costCents`
// is an error (exit 1) naming the route and the field, never a silent 0, never a crash.
import type { z } from 'zod';
import { passes } from './answer-fast-check.js';
import { BadAnswerError } from './errors.js';
import * as R from './responses.js';
import { jitOptions } from './zod-jit.js';
import type { AnyRoute } from './routes.js';

/**
 * Check the parsed body of a 2xx answer of `route` (sent to `where`, e.g. `GET /api/v2/orders`)
 * against what the route table says it answers (routes.ts). Returns nothing; throws
 * BadAnswerError with the first offending field.
 */
export function checkAnswer(route: AnyRoute, where: string, body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadAnswerError(where, `is ${describeValue(body)}, expected a JSON object (A1 envelope)`, 'the answer');
  }
  const b = body as Record<string, unknown>;
  const { shape, schema } = route.answer;
  if (shape === 'none' || !schema) return;
  if (shape === 'results') {
    check(where, schema, b, '');
    return;
  }
  if (shape === 'optional' && (b.data === undefined || b.data === null)) return;
  if (!('data' in b)) throw new BadAnswerError(where, 'is missing', 'data');
  if (shape === 'page' || shape === 'array') {
    if (!Array.isArray(b.data))
      throw new BadAnswerError(where, `is ${describeValue(b.data)}, expected an array`, 'data');
    for (const [i, item] of b.data.entries()) check(where, schema, item, `data[${i}]`);
    if (b.pagination !== undefined && b.pagination !== null) check(where, R.Pagination, b.pagination, 'pagination');
    return;
  }
  check(where, schema, b.data, 'data');
}

function check(where: string, schema: z.ZodType, value: unknown, at: string): void {
  if (passes(schema, value)) return; // issue 26: the same yes without zod's copy (answer-fast-check.ts)
  const r = schema.safeParse(value, jitOptions(schema));
  if (r.success) return;
  const issue = r.error.issues[0]!;
  const path = joinPath(at, issue.path);
  const actual = valueAt(value, issue.path);
  const expected = (issue as { expected?: string }).expected;
  const what =
    actual === undefined
      ? 'is missing'
      : expected
        ? `is ${describeValue(actual)}, expected ${article(expected)}`
        : `is ${describeValue(actual)}: ${issue.message}`;
  throw new BadAnswerError(where, what, path || 'the answer');
}

function joinPath(at: string, path: PropertyKey[]): string {
  let out = at;
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** A type name for the message; never the value itself (untrusted, possibly huge). */
function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isFinite(v) ? 'a number' : 'not a finite number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    case 'undefined':
      return 'missing';
    default:
      return typeof v;
  }
}

function article(t: string): string {
  if (t === 'array' || t === 'object' || t === 'integer') return `an ${t}`;
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
