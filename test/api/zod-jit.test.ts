// a run checks answers with zod's interpreted path for a schema's
// first parses and with its compiled fast path after; the verdict and the message are the same
// either way, and the switch happens (so `--all` over many pages keeps the compiled path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { checkAnswer } from '../../src/api/answers.js';
import { routeByName } from '../../src/api/routes.js';
import { jitOptions } from '../../src/api/zod-jit.js';

test('a schema is parsed interpreted first, compiled after 64 parses', () => {
  const schema = z.object({ a: z.number() });
  const modes = Array.from({ length: 70 }, () => jitOptions(schema).jitless);
  assert.deepEqual(modes.slice(0, 64), Array(64).fill(true));
  assert.deepEqual(modes.slice(64), Array(6).fill(false));
  assert.equal(jitOptions(z.object({})).jitless, true, 'counted per schema');
});

test('an answer gets the same verdict and message on either path', async () => {
  const route = routeByName('listProducts');
  const bad = { data: [{ id: 1, title: 'ok', price: '19,90', variants: [{ index: 'x' }] }] };
  const good = { data: [{ id: 1, title: 'ok', price: 1990, extra: { kept: true }, variants: null }] };
  const message = async (body: unknown) => {
    try {
      await checkAnswer(route, 'GET /api/v2/products', body);
      return 'ok';
    } catch (e) {
      return (e as Error).message;
    }
  };
  const first = [await message(bad), await message(good)];
  assert.match(first[0]!, /data\[0\]\.price is a string, expected a number/);
  assert.equal(first[1], 'ok');
  for (let i = 0; i < 70; i++) await message(bad); // past the switch: zod's compiled path from here on
  assert.deepEqual([await message(bad), await message(good)], first);
});
