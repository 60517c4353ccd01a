// Why an answer does not pass its schema, in zod's words. Loaded only by a
// "no" of the generated shape, or for a schema without one (answers.ts): a read that
// gets a good answer never loads zod or builds the response schemas.
import type { z } from 'zod';
import { describeValue } from './describe-value.js';
import * as R from './responses.js';
import type { SchemaName } from './routes.js';
import { jitOptions } from './zod-jit.js';

/**
 * Undefined when zod accepts `value`; otherwise what is wrong with the first bad field and where.
 * Plain data, not an error: the read lane's bundle (dist/lane.cjs) loads this chunk of the full
 * CLI's, and an error class of this chunk would not be the lane's own (answers.ts throws it).
 */
export function explain(name: SchemaName, value: unknown, at: string): { what: string; path: string } | undefined {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: any schema may be named; this chunk holds them all
  const schema: z.ZodType = R[name];
  const r = schema.safeParse(value, jitOptions(schema));
  if (r.success) return undefined;
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
  return { what, path: path || 'the answer' };
}

/** An error answer's body (A1), or undefined when it is not one zod accepts. */
export function errorBody(parsed: unknown): R.ErrorBody | undefined {
  return R.ErrorBody.safeParse(parsed).data;
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

function article(t: string): string {
  if (t === 'array' || t === 'object' || t === 'integer') return `an ${t}`;
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
