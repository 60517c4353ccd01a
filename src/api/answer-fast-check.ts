// a fast yes for answers that pass their schema. Checking each listing of a 50,000-row
// `products list --all` with zod cost a fifth of the run's CPU (safeParse builds a result and a
// copy of every object, then the response layer throws both away), and loading zod to say yes
// cost every read 15-20 ms. `describe` walks a zod schema (responses.ts, the one place the rules
// live) into a Shape (src/api/shape.ts): plain data, generated into *.gen.ts by
// `npm run gen:shapes` (scripts/gen-shapes.ts), checked without zod by compileShape. A schema
// with a kind, a check, a coercion or a recursion not handled here has no shape (null): zod
// checks it. So the shape is never more lenient than zod: it accepts exactly what zod accepts
// (test/api/answer-fast-check.test.ts compares the two on generated values).
// This file is for the generator and the tests: the CLI itself never loads it.
import type { z } from 'zod';
import type { Shape } from './shape.js';

/** What a schema's definition says, for the kinds described here (zod 4's `_zod.def`). */
interface Def {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  inclusive?: boolean;
  discriminator?: string;
  entries?: Record<string, string | number>;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The Shape of `schema`, or null when zod must check it (see the file's head). */
export function describe(schema: z.ZodType): Shape | null {
  return walk(schema, new Set()) ?? null;
}

function walk(schema: z.ZodType, open: Set<z.ZodType>): Shape | undefined {
  const def = defOf(schema);
  if ((def.checks && def.checks.length > 0) || def.coerce) return undefined;
  switch (def.type) {
    case 'number':
    case 'string':
    case 'boolean':
      return def.type;
    case 'unknown':
    case 'any':
      return 'unknown';
    case 'optional':
    case 'nullable': {
      const inner = walk(def.innerType!, open);
      return inner && (def.type === 'optional' ? { optional: inner } : { nullable: inner });
    }
    case 'lazy':
      if (open.has(schema)) return undefined; // a recursive schema: left to zod
      open.add(schema);
      try {
        return walk(def.getter!(), open);
      } finally {
        open.delete(schema);
      }
    case 'array': {
      const element = walk(def.element!, open);
      return element && { array: element };
    }
    case 'union': {
      // z.xor (exactly one) and discriminated unions have other rules: left to zod
      if (def.inclusive === false || def.discriminator !== undefined) return undefined;
      const options = def.options!.map((o) => walk(o, open));
      return options.every((o) => o !== undefined) ? { union: options } : undefined;
    }
    case 'enum':
      return enumShape(def.entries!);
    case 'object':
      return objectShape(def, open);
    case 'record':
      return recordShape(def, open);
    case 'default':
      return defaultShape(def, open);
    default:
      return undefined;
  }
}

/** Plain string or number values; a TypeScript numeric enum (reverse-mapped keys) is left to zod. */
function enumShape(entries: Record<string, string | number>): Shape | undefined {
  if (Object.keys(entries).some((k) => String(Number(k)) === k)) return undefined;
  return { enum: Object.values(entries) };
}

/** An object: every key of the shape checked; unknown keys kept (catchall unknown) or stripped. */
function objectShape(def: Def, open: Set<z.ZodType>): Shape | undefined {
  let loose = false;
  if (def.catchall) {
    // strictObject's never, a typed catchall: left to zod
    if (walk(def.catchall, open) !== 'unknown') return undefined;
    loose = true;
  }
  const fields: Record<string, Shape> = {};
  for (const [key, field] of Object.entries(def.shape!)) {
    const s = walk(field, open);
    if (!s) return undefined;
    fields[key] = s;
  }
  return loose ? { object: fields, loose: true } : { object: fields };
}

/** `z.record(z.string(), V)`: every own key but `__proto__` has a V. Other key types: zod. */
function recordShape(def: Def, open: Set<z.ZodType>): Shape | undefined {
  if (walk(def.keyType!, open) !== 'string') return undefined;
  const value = walk(def.valueType!, open);
  return value && { record: value };
}

/** `.default(v)` with a plain JSON value v, the same on every read (zod makes it per parse). */
function defaultShape(def: Def, open: Set<z.ZodType>): Shape | undefined {
  const value = def.defaultValue;
  if (!isJson(value) || JSON.stringify(def.defaultValue) !== JSON.stringify(value)) return undefined;
  const inner = walk(def.innerType!, open);
  return inner && { default: inner, value };
}

function isJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(isJson);
  if (typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
  return Object.values(v as object).every(isJson);
}
