// the response layer's fast yes (the shapes generated from the zod schemas,
// src/api/answer-shapes.gen.ts, checked by src/api/shape.ts) must accept exactly what zod
// accepts, for every schema of responses.ts: compared here on generated answers, valid ones and
// ones with a field of the wrong kind, missing, null, NaN, an array for an object...
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { z } from 'zod';
import { SHAPES } from '../../src/api/answer-shapes.gen.js';
import * as R from '../../src/api/responses.js';
import { compileShape } from '../../src/api/shape.js';
import { runs } from '../support/runs.js';

interface Def {
  type: string;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  valueType?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A small deterministic random source (the same cases on every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const JUNK: unknown[] = [
  '',
  'text',
  '12',
  0,
  -1,
  1.5,
  Number.NaN,
  Infinity,
  -Infinity,
  true,
  false,
  null,
  undefined,
  [],
  [1],
  {},
  { id: 1 },
];

/** A value of `schema`'s kind; with probability `bad`, any field may be junk instead. */
function sample(schema: z.ZodType, r: () => number, bad: number, depth = 0): unknown {
  if (r() < bad) return JUNK[Math.floor(r() * JUNK.length)];
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
      return r() < 0.5 ? Math.floor(r() * 1000) : r() * 100;
    case 'string':
      return `s${Math.floor(r() * 100)}`;
    case 'boolean':
      return r() < 0.5;
    case 'optional':
      return r() < 0.2 ? undefined : sample(def.innerType!, r, bad, depth);
    case 'nullable':
      return r() < 0.2 ? null : sample(def.innerType!, r, bad, depth);
    case 'lazy':
      return sample(def.getter!(), r, bad, depth);
    case 'array':
      return depth > 3
        ? []
        : Array.from({ length: Math.floor(r() * 3) }, () => sample(def.element!, r, bad, depth + 1));
    case 'union':
      return sample(def.options![Math.floor(r() * def.options!.length)]!, r, bad, depth);
    case 'enum': {
      const values = Object.values(def.entries!);
      return values[Math.floor(r() * values.length)];
    }
    case 'record':
      return Object.fromEntries(
        Array.from({ length: Math.floor(r() * 3) }, (_, i) => [`k${i}`, sample(def.valueType!, r, bad, depth + 1)]),
      );
    case 'object': {
      const out: Record<string, unknown> = r() < 0.3 ? { extra: 'unknown field' } : {};
      for (const [k, v] of Object.entries(def.shape!)) {
        const value = sample(v, r, bad, depth + 1);
        if (value !== undefined || r() < 0.5) out[k] = value; // absent, or present as undefined
      }
      return out;
    }
    default:
      return {};
  }
}

/** The response layer's yes: the committed shape of the schema named `name`, compiled. */
function passes(name: string, value: unknown): boolean {
  const shape = (SHAPES as Record<string, (typeof SHAPES)[keyof typeof SHAPES]>)[name]?.();
  return shape ? compileShape(shape)(value) : false;
}

const schemas = Object.entries(R).filter(([, v]) => typeof v === 'object' && v !== null && '_zod' in v) as [
  string,
  z.ZodType,
][];

test('the fast check says yes exactly when zod does, for every schema of responses.ts', () => {
  assert.ok(schemas.length >= 15, `found ${schemas.length} schemas`);
  const r = rng(26);
  let fastYes = 0;
  let zodYes = 0;
  for (const [name, schema] of schemas) {
    for (let i = 0; i < runs(400); i++) {
      const value = sample(schema, r, i % 4 === 0 ? 0 : 0.04);
      const zod = schema.safeParse(value).success;
      const fast = passes(name, value);
      if (fast) assert.equal(zod, true, `${name}: fast yes, zod no for ${JSON.stringify(value)}`);
      // a schema with a shape: the same verdict both ways (only a shapeless one always asks zod)
      if (SHAPES[name as keyof typeof SHAPES]?.()) assert.equal(fast, zod, `${name}: ${JSON.stringify(value)}`);
      fastYes += fast ? 1 : 0;
      zodYes += zod ? 1 : 0;
    }
  }
  // Every schema but Usage (checks and a refinement) has a shape, so most yeses are fast.
  assert.ok(fastYes > zodYes * 0.8, `fast ${fastYes} of zod's ${zodYes} yeses`);
});

test('a listing with a wrong field is a no (zod then names it); a valid one is a yes', () => {
  const listing = { id: 1, title: 't', price: 100, variants: [{ index: 0, price: 5 }], imageUrls: [] };
  assert.equal(passes('Listing', listing), true);
  for (const [field, value] of [
    ['id', '1'],
    ['id', undefined],
    ['price', Number.NaN],
    ['price', '19.90'],
    ['isActive', 'yes'],
    ['variants', {}],
    ['variants', [{ index: 'a' }]],
    ['variants', [null]],
  ] as const) {
    const bad = { ...listing, [field]: value };
    assert.equal(passes('Listing', bad), false, `${field}: ${String(value)}`);
    assert.equal(R.Listing.safeParse(bad).success, false);
  }
  assert.equal(passes('Listing', [listing]), false);
  assert.equal(passes('Listing', null), false);
});
