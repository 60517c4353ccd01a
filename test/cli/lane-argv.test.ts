// The read lane (src/cli/lane) accepts a subset of what the full path (commander, the
// verbs' zod schemas) accepts, with the same result. Property: for generated argvs of every lane
// verb (flags in both forms, good and bad values, globals, junk), whenever the lane takes a
// command its output, stderr, exit code and the requests it sends are those of the full path
// (main.ts) for the same argv, against the same sandbox. The lane may refuse more (then the full
// path runs it); the common forms are checked to be the lane's, so the property is not vacuous.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { lane } from '../../src/cli/lane/index.js';
import { parseLaneArgs, splitCommand } from '../../src/cli/lane/argv.js';
import { LANE_VERBS } from '../../src/cli/lane/table.js';
import type { Transport } from '../../src/api/transport.js';
import { undiciTransport } from '../../src/api/transport.js';
import { main } from '../../src/main.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { start } from '../sandbox/helpers.js';
import { runs } from '../support/runs.js';
import { bufferIO } from './helpers.js';

let sb: SandboxHandle;
let env: NodeJS.ProcessEnv;
before(async () => {
  sb = await start({ seed: true });
  const dir = mkdtempSync(join(tmpdir(), 'svc-lane-'));
  env = {
    SVC_API_KEY: sb.keys.v2,
    SVC_BASE_URL: sb.url,
    SVC_CONFIG_DIR: join(dir, 'config'),
    SVC_STATE_DIR: join(dir, 'state'),
    TZ: 'UTC',
  };
});
after(() => sb.close());

/** A transport that records what is sent (method and path), over the real one. */
function recording(): { transport: Transport; sent: string[] } {
  const real = undiciTransport();
  const sent: string[] = [];
  return {
    sent,
    transport: (req) => {
      sent.push(`${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`);
      return real(req);
    },
  };
}

/** Timings and the rate budget left differ between two runs; nothing else may. */
const steady = (s: string) => s.replace(/\d+ms/g, 'Nms').replace(/remaining=\d+/g, 'remaining=N');

async function both(argv: string[]) {
  const a = bufferIO();
  const ra = recording();
  const laneCode = await lane(argv, { io: a.io, env, transport: ra.transport, signal: new AbortController().signal });
  if (laneCode === undefined) return undefined;
  const b = bufferIO();
  const rb = recording();
  const fullCode = await main(argv, { io: b.io, env, transport: rb.transport, signal: new AbortController().signal });
  return {
    lane: { code: laneCode, out: a.out(), err: steady(a.err()), sent: ra.sent },
    full: { code: fullCode, out: b.out(), err: steady(b.err()), sent: rb.sent },
  };
}

const GLOBAL_TOKENS: string[][] = [
  ['--json'],
  ['-o', 'json'],
  ['-o', 'jsonl'],
  ['-o', 'csv'],
  ['--output', 'tsv'],
  ['--output=csv'],
  ['-o', 'xml'],
  ['-q'],
  ['--quiet'],
  ['--no-color'],
  ['--wide'],
  ['-y'],
  ['--no-wait'],
  ['--verbose'],
  ['--timeout', '5'],
  ['--timeout', '0'],
  ['--timeout', '3601'],
  ['--timeout', '1.5'],
  ['--api', 'v2'],
  ['--api', 'v1'],
  ['--api', 'v3'],
  ['--profile', 'default'],
  ['--profile', 'nosuch'],
  ['--base-url', 'ftp://x'],
  ['--base-url', 'localhost:1'],
  ['--insecure-http'],
];
const JUNK: string[][] = [['--'], ['extra'], ['-x'], ['--nope'], ['--json=1'], ['-ojson'], ['--all=true'], ['']];
const COUNT_VALUES = ['1', '2', '5', '100', '0', '-1', '1e1', ' 3', '07', 'x', '3.0', '999999999999999999'];
const DATE_VALUES = ['2026-11-01', '2026-11-30T12:00:00Z', '2026-13-45', 'yesterday', '2026-11-01 10:00'];
const TEXT_VALUES = ['valorant', 'skin', 'a b', '101', 'x'.repeat(3), '-dash', ''];

/** Tokens of a verb's own options: each flag with good and bad values, in both forms. */
function verbTokens(options: Record<string, { flags: string; kind: string; choices?: readonly string[] }>) {
  const out: string[][] = [];
  for (const d of Object.values(options)) {
    const long = d.flags.split(/[ ,]+/).find((w) => w.startsWith('--'))!;
    if (d.kind === 'flag') {
      out.push([long]);
      continue;
    }
    const values =
      d.kind === 'count'
        ? COUNT_VALUES
        : d.kind === 'date'
          ? DATE_VALUES
          : d.choices
            ? [...d.choices, 'nope']
            : TEXT_VALUES;
    for (const v of values) out.push([long, v], [`${long}=${v}`]);
  }
  return out;
}

describe('the read lane against the full path', { concurrency: false }, () => {
  for (const [path, verb] of Object.entries(LANE_VERBS)) {
    test(`${path}: whatever the lane takes, it answers as the full path does`, async () => {
      const tokens = [...verbTokens(verb.options), ...GLOBAL_TOKENS, ...JUNK];
      // before the noun and between the noun and the verb: globals, junk, and a verb's own flag
      const early = [...GLOBAL_TOKENS, ...JUNK, ...verbTokens(verb.options).slice(0, 3)];
      const [noun, name] = path.split(' ') as [string, string];
      let taken = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...early), { maxLength: 2 }),
          fc.array(fc.constantFrom(...early), { maxLength: 1 }),
          fc.array(fc.constantFrom(...tokens), { maxLength: 4 }),
          async (pre, mid, picked) => {
            const argv = [...pre.flat(), noun, ...mid.flat(), name, ...picked.flat()];
            const r = await both(argv);
            if (!r) return;
            taken++;
            assert.deepEqual(r.lane, r.full, argv.join(' '));
          },
        ),
        // the bare `noun verb` is always among the cases, so a short run (a quarter in the inner
        // loop) cannot draw only commands the lane hands over and fail on luck
        { numRuns: runs(80), examples: [[[], [], []]] },
      );
      assert.ok(taken > 0, 'the lane took some of the generated commands');
    });
  }

  test('the common forms of a read are the lane’s', async () => {
    const verb = LANE_VERBS['products list']!;
    for (const rest of [
      [],
      ['--json'],
      ['-o', 'json', '--limit', '5'],
      ['--status', 'active', '--all', '-o', 'csv'],
      ['--limit=3', '--page', '2', '--output=jsonl'],
      ['--profile', 'shop', '--game', 'valorant', '--query', 'skin'],
      ['--api', 'v1', '--timeout', '10', '--no-wait', '-q'],
      ['--jq', '.[0]'],
      ['--jq=.[] | .id'],
    ])
      assert.ok(parseLaneArgs(rest, verb.options), rest.join(' '));
    for (const rest of [
      ['--jq', ''],
      ['--jq', '-x'],
      ['--jq', '.', '--jq', '.'],
      ['--dry-run'],
      ['--help'],
      ['--', '--json'],
      ['--json', '--json'],
      ['-o', 'json', '--output', 'csv'],
      ['--limit', '1e3'],
      ['--game', '-x'],
      ['extra'],
    ])
      assert.equal(parseLaneArgs(rest, verb.options), undefined, rest.join(' '));
    // the README's form: global flags before the noun, and between the noun and the verb
    const readme = splitCommand(['--profile', 'sandbox', 'products', '--json', 'list', '--limit', '5']);
    assert.deepEqual(readme, {
      path: 'products list',
      before: ['--profile', 'sandbox', '--json'],
      rest: ['--limit', '5'],
    });
    assert.ok(parseLaneArgs(readme.rest, verb.options, readme.before));
    assert.equal(parseLaneArgs([], verb.options, ['--limit', '5']), undefined, 'a verb flag before the verb');
    // --jq before the noun is a global flag as commander takes it: the lane's too
    assert.deepEqual(splitCommand(['--jq', '.', 'products', 'list']), {
      path: 'products list',
      before: ['--jq', '.'],
      rest: [],
    });
  });

  test('each lane verb is the verb commander registers: same options object, same run', async () => {
    const pairs = {
      'products list': () => import('../../src/cli/products/list.js'),
      'orders list': () => import('../../src/cli/orders/list.js'),
      'reviews list': () => import('../../src/cli/reviews/list.js'),
      'questions list': () => import('../../src/cli/questions/list.js'),
      'mediations list': () => import('../../src/cli/mediations/list.js'),
    };
    assert.deepEqual(Object.keys(pairs).sort(), Object.keys(LANE_VERBS).sort());
    for (const [path, full] of Object.entries(pairs)) {
      const { listVerb } = await full();
      const laneVerb = LANE_VERBS[path]!;
      assert.equal(listVerb.options, laneVerb.options, path);
      assert.equal(listVerb.run, laneVerb.run, path);
    }
  });

  test('SVC_LANE=off and a command outside the table are not the lane’s', async () => {
    const io = bufferIO().io;
    assert.equal(await lane(['products', 'list'], { io, env: { ...env, SVC_LANE: 'off' } }), undefined);
    assert.equal(await lane(['products', 'get', '101'], { io, env }), undefined);
    assert.equal(await lane(['--limit', '5', 'products', 'list'], { io, env }), undefined);
  });
});
