// what a zod schema accepts, as plain data (a "shape"), and the yes/no check made from
// it without loading zod. The shapes are generated from the zod schemas themselves (src/api/
// answer-fast-check.ts `describe`, `npm run gen:shapes`, committed as *.gen.ts; a test fails when
// they drift), so the rules stay written once, in zod: responses.ts and src/config/profile-schema.ts.
// A shape covers only kinds whose zod meaning is exact here; any other schema has no shape and is
// checked by zod. A read (`products list --json`) thereby checks its answer and its config file
// without loading zod's chunk (11-17 ms) or building its schemas (~5 ms); zod is loaded only to
// say why something is wrong.

/** Plain, JSON-able description of a schema (zod 4 kinds of the same names). */
export type Shape =
  | 'number' // finite (zod refuses NaN and ±Infinity)
  | 'string'
  | 'boolean'
  | 'unknown' // unknown or any: everything passes
  | { readonly optional: Shape }
  | { readonly nullable: Shape }
  | { readonly array: Shape }
  | { readonly union: readonly Shape[] }
  | { readonly enum: readonly (string | number)[] }
  /** Every key of `object` checked (absent = undefined); other keys kept (loose) or dropped (stripped). */
  | { readonly object: { readonly [key: string]: Shape }; readonly loose?: true }
  /** A record with plain string keys (`z.record(z.string(), V)`). */
  | { readonly record: Shape }
  /** `.default(value)`: undefined becomes a copy of `value` (JSON). */
  | { readonly default: Shape; readonly value: unknown };

export type Check = (value: unknown) => boolean;

const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isString: Check = (v) => typeof v === 'string';
const isBoolean: Check = (v) => typeof v === 'boolean';
const isAnything: Check = () => true;
// nullish() of a primitive, the most common field of an answer, in one call (bench/list-all).
const NULLISH: Record<string, Check> = {
  number: (v) => v == null || (typeof v === 'number' && Number.isFinite(v)),
  string: (v) => v == null || typeof v === 'string',
  boolean: (v) => v == null || typeof v === 'boolean',
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** zod's isPlainObject for what JSON.parse makes; anything else is a no here (zod decides). */
const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (!isObject(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** The yes/no closure of `shape`: true exactly when zod's parse of the same schema succeeds. */
export function compileShape(shape: Shape): Check {
  if (typeof shape === 'string') {
    if (shape === 'number') return isNumber;
    if (shape === 'string') return isString;
    if (shape === 'boolean') return isBoolean;
    return isAnything;
  }
  if ('optional' in shape) {
    // nullish(), the common case, in one closure: `v == null` is undefined or null.
    const s = shape.optional;
    if (typeof s === 'object' && 'nullable' in s) {
      if (typeof s.nullable === 'string' && NULLISH[s.nullable]) return NULLISH[s.nullable]!;
      const inner = compileShape(s.nullable);
      return (v) => v == null || inner(v);
    }
    const inner = compileShape(s);
    return (v) => v === undefined || inner(v);
  }
  if ('nullable' in shape) {
    const inner = compileShape(shape.nullable);
    return (v) => v === null || inner(v);
  }
  if ('array' in shape) {
    const element = compileShape(shape.array);
    return (v) => Array.isArray(v) && v.every(element);
  }
  if ('union' in shape) {
    const options = shape.union.map(compileShape);
    return (v) => options.some((o) => o(v));
  }
  if ('enum' in shape) {
    const values = new Set<unknown>(shape.enum);
    return (v) => values.has(v);
  }
  if ('object' in shape) return compileObject(shape.object);
  if ('record' in shape) {
    const value = compileShape(shape.record);
    return (v) => {
      if (!isPlain(v)) return false;
      // zod skips an own `__proto__` key of a record (JSON.parse makes one) without checking it
      for (const k of Object.keys(v)) if (k !== '__proto__' && !value(v[k])) return false;
      return true;
    };
  }
  const inner = compileShape(shape.default);
  return (v) => v === undefined || inner(v);
}

function compileObject(fields: { readonly [key: string]: Shape }): Check {
  const keys = Object.keys(fields);
  const checks = keys.map((k) => compileShape(fields[k]!));
  return (v) => {
    if (!isObject(v)) return false;
    for (let i = 0; i < keys.length; i++) if (!checks[i]!(v[keys[i]!])) return false;
    return true;
  };
}

/**
 * What zod's parse returns for a `value` that passes `shape` (compileShape said yes): the same
 * keys in the same order, stripped objects without their unknown keys, defaults filled in. Used
 * where the parsed value is kept (the config file), not for answers (their value is the body).
 */
export function parsedValue(shape: Shape, value: unknown): unknown {
  if (typeof shape === 'string' || 'enum' in shape) return value;
  if ('optional' in shape) return value === undefined ? value : parsedValue(shape.optional, value);
  if ('nullable' in shape) return value === null ? value : parsedValue(shape.nullable, value);
  if ('default' in shape) return value === undefined ? structuredClone(shape.value) : parsedValue(shape.default, value);
  if ('array' in shape) return (value as unknown[]).map((v) => parsedValue(shape.array, v));
  if ('union' in shape) {
    const first = shape.union.find((s) => compileShape(s)(value))!; // zod: the first option that passes
    return parsedValue(first, value);
  }
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if ('record' in shape) {
    for (const k of Object.keys(input)) if (k !== '__proto__') out[k] = parsedValue(shape.record, input[k]);
    return out;
  }
  for (const [k, s] of Object.entries(shape.object)) {
    if (k === '__proto__') continue;
    const present = k in input;
    // zod: an absent optional key stays absent; an absent defaulted key gets its default
    if (!present && typeof s === 'object' && 'optional' in s) continue;
    const v = parsedValue(s, input[k]);
    if (present || v !== undefined) out[k] = v;
  }
  if (shape.loose) for (const k in input) if (!Object.hasOwn(shape.object, k) && k !== '__proto__') out[k] = input[k];
  return out;
}
