// a read checks the config file with the shape generated from its zod schema
// (src/config/config-shape.gen.ts, src/api/shape.ts), without loading zod, and keeps what that
// check gives. So the shape must say yes and no exactly where zod does and give the value zod's
// parse gives (unknown keys dropped, `profiles` defaulted, same key order: conf writes it back).
// Compared here on generated files, as JSON.parse reads them (an own `__proto__` key included).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileShape, parsedValue } from '../../src/api/shape.js';
import { CONFIG_FILE_SHAPE } from '../../src/config/config-shape.gen.js';
import { ConfigFile } from '../../src/config/profile-schema.js';
import { runs } from '../support/runs.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const JUNK = ['""', '"x"', '0', '1.5', 'true', 'null', '[]', '{}', '["a"]', '{"a":1}'];
const STRINGS = ['baseUrl', 'v1Key', 'v1KeyStoredAt', 'v2Key', 'v2KeyStoredAt', 'webhookPath', 'poolSecret'];

/** The text of a config file: mostly valid, with junk at any place with probability `bad`. */
function configText(r: () => number, bad: number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const junk = () => pick(JUNK);
  const field = (good: string) => (r() < bad ? junk() : good);
  const profile = () => {
    const parts: string[] = [];
    for (const k of STRINGS) if (r() < 0.4) parts.push(`"${k}":${field(`"s${Math.floor(r() * 9)}"`)}`);
    for (const k of ['v1KeyInKeyring', 'v2KeyInKeyring']) if (r() < 0.3) parts.push(`"${k}":${field('false')}`);
    if (r() < 0.3) parts.push(`"v1Prefix":${field(pick(['"/api/v1"', '"/api/service"', '"/api/v2"']))}`);
    if (r() < 0.2) parts.push(`"${pick(['extra', '__proto__', 'toString', 'constructor'])}":${junk()}`);
    return `{${parts.join(',')}}`;
  };
  const top: string[] = [];
  if (r() < 0.5) top.push(`"defaultProfile":${field('"work"')}`);
  if (r() < 0.8) {
    const names = Array.from({ length: Math.floor(r() * 4) }, (_, i) =>
      pick(['default', 'work', `p${i}`, '__proto__']),
    );
    top.push(`"profiles":${r() < bad ? junk() : `{${names.map((n) => `"${n}":${field(profile())}`).join(',')}}`}`);
  }
  if (r() < 0.2) top.push(`"${pick(['extra', '__proto__', 'hasOwnProperty'])}":${junk()}`);
  return r() < bad / 2 ? junk() : `{${top.join(',')}}`;
}

const passes = compileShape(CONFIG_FILE_SHAPE);

test('the config file shape gives the verdict and the value zod gives, on generated files', () => {
  const r = rng(2026);
  let yes = 0;
  let no = 0;
  const n = runs(2000);
  for (let i = 0; i < n; i++) {
    const text = configText(r, i % 3 === 0 ? 0 : 0.05);
    const raw: unknown = JSON.parse(text);
    const zod = ConfigFile.safeParse(raw);
    assert.equal(passes(raw), zod.success, text);
    if (!zod.success) {
      no++;
      continue;
    }
    yes++;
    const fast = parsedValue(CONFIG_FILE_SHAPE, raw);
    assert.deepEqual(fast, zod.data, text);
    assert.equal(JSON.stringify(fast), JSON.stringify(zod.data), `key order: ${text}`);
  }
  assert.ok(yes > n / 10 && no > n / 10, `both verdicts seen: ${yes} yes, ${no} no`);
});

test('a missing config file (read as {}) gets a fresh profiles object each time', () => {
  const a = parsedValue(CONFIG_FILE_SHAPE, {}) as { profiles: Record<string, unknown> };
  const b = parsedValue(CONFIG_FILE_SHAPE, {}) as { profiles: Record<string, unknown> };
  assert.deepEqual(a, { profiles: {} });
  a.profiles.x = {};
  assert.deepEqual(b, { profiles: {} }, 'the default is not shared between reads');
  assert.equal(passes(undefined), false, 'a file that is not JSON (read as undefined) is not valid');
});
