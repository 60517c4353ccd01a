// the shapes a read checks answers and the config file with (src/api/answer-shapes.gen.ts,
// src/config/config-shape.gen.ts) are generated from the zod schemas and committed. A schema
// changed without regenerating fails here, naming the file: run `npm run gen:shapes` and commit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { z as Z } from 'zod';
import { describe } from '../../src/api/answer-fast-check.js';
import { SHAPES } from '../../src/api/answer-shapes.gen.js';
import * as R from '../../src/api/responses.js';
import { ROUTES } from '../../src/api/routes.js';
import { generatedShapes } from '../../scripts/gen-shapes.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

test('the committed shape files are what `npm run gen:shapes` makes of the schemas today', () => {
  const files = generatedShapes();
  assert.deepEqual(files.map((f) => f.path).sort(), ['src/api/answer-shapes.gen.ts', 'src/config/config-shape.gen.ts']);
  for (const { path, text } of files) {
    const committed = readFileSync(join(root, path), 'utf8');
    assert.ok(committed === text, `${path} is out of date with its zod schemas: run \`npm run gen:shapes\` and commit`);
  }
});

test('every route names a schema of responses.ts that has a committed entry', () => {
  for (const r of ROUTES) {
    if (!r.answer.schema) continue;
    assert.ok(r.answer.schema in R, `${r.name}: ${r.answer.schema} is a schema of responses.ts`);
    assert.ok(r.answer.schema in SHAPES, `${r.name}: ${r.answer.schema} has a generated entry`);
  }
  // the read path's schemas have a shape: no zod to say yes
  for (const name of ['Listing', 'Order', 'Pagination', 'ErrorBody'] as const) assert.ok(SHAPES[name](), name);
});

test('a schema change shows in its description (what the drift check compares)', async () => {
  const { z } = await import('zod');
  const before = describe(R.Pagination);
  assert.deepEqual(before, SHAPES.Pagination());
  const changed = z.looseObject({ page: z.number(), limit: z.number(), total: z.string(), totalPages: z.number() });
  assert.notDeepEqual(describe(changed), before);
  // kinds zod alone can judge have no shape: checks, refinements, coercion, recursion, strict objects
  assert.equal(describe(z.number().int()), null);
  assert.equal(describe(z.string().refine((s) => s.length > 0)), null);
  assert.equal(describe(z.coerce.number()), null);
  assert.equal(describe(z.strictObject({ a: z.number() })), null);
  const Tree: Z.ZodType = z.lazy(() => z.object({ kids: z.array(Tree) }));
  assert.equal(describe(Tree), null);
});
