// issue 26: a fast yes for answers that pass their schema. Checking each listing of a 50,000-row
// `products list --all` with zod cost a fifth of the run's CPU (safeParse builds a result and a
// copy of every object, then the response layer throws both away). `passes` walks the same
// zod schema (responses.ts, the one place the rules live) once, into plain closures that only
// say yes or no; a "no" or a schema it does not know goes to zod, which then says why
// (answers.ts check). So it can only be faster, never more lenient: it accepts exactly what
// zod accepts for the kinds it knows (test/api/answer-fast-check.test.ts compares the two).
import type { z } from 'zod';

type Check = (value: unknown) => boolean;

/** What a schema's definition says, for the kinds compiled here (zod 4's `_zod.def`). */
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
}

const compiled = new WeakMap<z.ZodType, Check | null>();

/** True when `value` certainly passes `schema`; false when it fails or the schema is unknown here. */
export function passes(schema: z.ZodType, value: unknown): boolean {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema, new Set()) ?? null;
    compiled.set(schema, check);
  }
  return check?.(value) === true;
}

const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v); // zod: no NaN, no ±Infinity
const isString: Check = (v) => typeof v === 'string';
const isBoolean: Check = (v) => typeof v === 'boolean';
const isAnything: Check = () => true;

/** A closure for `schema`, or undefined when it has a kind, a check or a coercion not handled. */
function compile(schema: z.ZodType, open: Set<z.ZodType>): Check | undefined {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if ((def.checks && def.checks.length > 0) || def.coerce) return undefined;
  switch (def.type) {
    case 'number':
      return isNumber;
    case 'string':
      return isString;
    case 'boolean':
      return isBoolean;
    case 'unknown':
    case 'any':
      return isAnything;
    case 'optional': {
      const inner = compile(def.innerType!, open);
      return inner && ((v) => v === undefined || inner(v));
    }
    case 'nullable': {
      const inner = compile(def.innerType!, open);
      return inner && ((v) => v === null || inner(v));
    }
    case 'lazy':
      if (open.has(schema)) return undefined; // a recursive schema: left to zod
      open.add(schema);
      try {
        return compile(def.getter!(), open);
      } finally {
        open.delete(schema);
      }
    case 'array': {
      const element = compile(def.element!, open);
      return element && ((v) => Array.isArray(v) && v.every(element));
    }
    case 'union': {
      const options = def.options!.map((o) => compile(o, open));
      if (options.some((o) => o === undefined)) return undefined;
      const all = options as Check[];
      return (v) => all.some((o) => o(v));
    }
    case 'object':
      return compileObject(def, open);
    default:
      return undefined;
  }
}

/** An object: every key of the shape checked (absent = undefined); unknown keys pass (loose or stripped). */
function compileObject(def: Def, open: Set<z.ZodType>): Check | undefined {
  // A catchall other than unknown (strictObject's never, a typed record) is left to zod.
  if (def.catchall && compile(def.catchall, open) !== isAnything) return undefined;
  const keys = Object.keys(def.shape!);
  const checks: Check[] = [];
  for (const key of keys) {
    const c = compile(def.shape![key]!, open);
    if (!c) return undefined;
    checks.push(c);
  }
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) if (!checks[i]!(o[keys[i]!])) return false;
    return true;
  };
}
