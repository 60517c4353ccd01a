// The one response layer: every successful answer is checked against its documented
// shape (api-assumptions A1, A4, A6, A7; the zod schemas of responses.ts) before a verb sees
// it. Lenient where the spec is (A4: unknown fields pass, optional fields may be missing or
// null), strict where a wrong value would be used as a number or an id: a string `costCents`
// is an error (exit 1) naming the route and the field, never a silent 0, never a crash.
// the yes comes from the shapes generated from those schemas (answer-shapes.gen.ts,
// src/api/shape.ts), without zod; a no, or a schema without a shape, loads zod
// (answer-explain.ts, a lazy chunk) to confirm it and name the field.
import { SHAPES } from './answer-shapes.gen.js';
import { describeValue } from './describe-value.js';
import { BadAnswerError } from './errors.js';
import type { AnyRoute, SchemaName } from './routes.js';
import { compileShape, type Check } from './shape.js';

/**
 * Check the parsed body of a 2xx answer of `route` (sent to `where`, e.g. `GET /api/v2/orders`)
 * against what the route table says it answers (routes.ts). Resolves when it passes; rejects
 * with BadAnswerError naming the first offending field.
 */
export async function checkAnswer(route: AnyRoute, where: string, body: unknown): Promise<void> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadAnswerError(where, `is ${describeValue(body)}, expected a JSON object (A1 envelope)`, 'the answer');
  }
  const b = body as Record<string, unknown>;
  const { shape, schema } = route.answer;
  if (shape === 'none' || !schema) return;
  if (shape === 'results') return check(where, schema, b, '');
  if (shape === 'optional' && (b.data === undefined || b.data === null)) return;
  if (!('data' in b)) throw new BadAnswerError(where, 'is missing', 'data');
  if (shape === 'page' || shape === 'array') {
    if (!Array.isArray(b.data))
      throw new BadAnswerError(where, `is ${describeValue(b.data)}, expected an array`, 'data');
    const pass = checkOf(schema);
    for (let i = 0; i < b.data.length; i++) if (!pass(b.data[i])) await explain(where, schema, b.data[i], `data[${i}]`);
    if (b.pagination !== undefined && b.pagination !== null)
      await check(where, 'Pagination', b.pagination, 'pagination');
    return;
  }
  return check(where, schema, b.data, 'data');
}

const checks = new Map<SchemaName, Check>();
const never: Check = () => false;

/** The shape's yes/no of schema `name`; a schema without a shape always asks zod. */
function checkOf(name: SchemaName): Check {
  let c = checks.get(name);
  if (!c) {
    const shape = SHAPES[name]();
    c = shape ? compileShape(shape) : never;
    checks.set(name, c);
  }
  return c;
}

async function check(where: string, name: SchemaName, value: unknown, at: string): Promise<void> {
  if (!checkOf(name)(value)) await explain(where, name, value, at);
}

/** zod's verdict and wording (answer-explain.ts), loaded on the first no of a run. */
async function explain(where: string, name: SchemaName, value: unknown, at: string): Promise<void> {
  const bad = (await import('./answer-explain.js')).explain(name, value, at);
  if (bad) throw new BadAnswerError(where, bad.what, bad.path);
}
