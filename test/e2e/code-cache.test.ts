// Through the built bin/svc.js: a read loads only the chunks it runs (no server, no YAML,
// no Ink), and the per-Node-line code cache is written after a run that had none, used by the
// next, rewritten when V8 rejects it, and never changes output or exit code (missing, rejected,
// or a cache folder that cannot be written).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import {
  distReadProbe,
  ROOT,
  startTestSandbox,
  svc,
  svcEnv,
  tempDirs,
  type TestSandbox,
  writeFile,
} from './harness.js';
import { until } from './seller-setup.js';

/** The cache folder of this build and Node line under XDG_CACHE_HOME=home (one per flags key). */
function cacheFolders(home: string): string[] {
  const root = join(home, 'svc', 'code-cache');
  try {
    return readdirSync(root).map((d) => join(root, d));
  } catch {
    return [];
  }
}

/** A --jq run's caches, made under its own V8 flag (bin/svc.js), are filed apart. */
const JQ_TAG = '.jq';

/**
 * The V8 flags a run sets, recorded by a probe around node:v8 (svc loads it through
 * process.getBuiltinModule: the same module object), for NODE_OPTIONS.
 */
function flagsProbe(): { log: string; probe: string; flags(): string[] } {
  const dir = tempDirs().dir;
  const log = join(dir, 'flags.txt');
  const probe = writeFile(
    dir,
    'flags-probe.cjs',
    `const v8 = require('node:v8'); const set = v8.setFlagsFromString;
     v8.setFlagsFromString = (f) => { require('node:fs').appendFileSync(${JSON.stringify(log)}, f + '\\n'); set(f); };`,
  );
  return { log, probe, flags: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []) };
}

describe('lazy chunks and the code cache', { concurrency: false }, () => {
  let sb: TestSandbox;
  let env: Record<string, string>;
  before(async () => {
    sb = await startTestSandbox();
    env = svcEnv(sb, tempDirs());
  });
  after(() => sb.close());

  test('the lane is written as the function bin/svc.js compiles, its text a large object of V8', () => {
    // a read keeps one copy of the lane's text (not a second one made by wrapping it at each start),
    // and it is past V8's largest regular object (128 KiB): stored where the young generation is not
    const text = readFileSync(join(ROOT, 'dist', 'lane.cjs'), 'latin1');
    assert.ok(text.startsWith('(function (exports, require, module, __filename, __dirname) { '), text.slice(0, 80));
    assert.ok(text.length > 128 * 1024 + 16, `${text.length}`);
    const factory = runInThisContext(text, { filename: 'lane.cjs' });
    const mod = { exports: {} as { laneCommands?: () => { paths: string[] } } };
    factory.call(mod.exports, mod.exports, createRequire(join(ROOT, 'dist', 'lane.cjs')), mod, 'lane.cjs', '.');
    assert.ok(mod.exports.laneCommands?.().paths.includes('products list'));
  });

  test('a read reads only its chunks: no server (sandbox, receiver), no YAML, no Ink', async () => {
    const home = tempDirs().dir;
    const r = await svc(['products', 'list', '--json'], {
      env: { ...env, XDG_CACHE_HOME: home, NODE_OPTIONS: distReadProbe() },
    });
    assert.equal(r.code, 0, r.stderr);
    const read = [...r.stderr.matchAll(/^READ (.+)$/gm)].map((m) => m[1]!);
    // a read runs in the lane (dist/lane.cjs); the full CLI (commander, every verb) is not read
    assert.ok(read.includes('lane.cjs'), `${read}`);
    assert.ok(!read.includes('main.cjs'), 'the full CLI bundle is not read');
    assert.ok(!read.includes('ui.mjs'), 'the Ink bundle is not read');
    const code = read.filter((f) => f.endsWith('.cjs')).map((f) => readFileSync(join(ROOT, 'dist', f), 'latin1'));
    assert.ok(
      code.some((c) => c.includes('no listings match')),
      `the verb's code is among what was read: ${read}`,
    );
    // no server, no YAML, and in the lane no commander; nor the MCP SDK (svc mcp only)
    const markers = ['createServer', 'YAMLParseError', 'commander.unknownOption', 'StdioServerTransport'];
    for (const marker of markers) {
      assert.ok(!code.some((c) => c.includes(marker)), `a read loaded code with ${marker}`);
    }
    // and those markers are in the build, in chunks a read does not read
    const all = readdirSync(join(ROOT, 'dist', 'chunks')).map((f) =>
      readFileSync(join(ROOT, 'dist', 'chunks', f), 'latin1'),
    );
    for (const marker of markers)
      assert.ok(
        all.some((c) => c.includes(marker)),
        marker,
      );
  });

  test('missing: the first run writes the cache after its output, the next uses it; output the same', async () => {
    const home = tempDirs().dir;
    const off = await svc(['products', 'list', '--json'], {
      env: { ...env, SVC_CODE_CACHE: 'off', XDG_CACHE_HOME: home },
    });
    assert.equal(off.code, 0, off.stderr);
    assert.deepEqual(cacheFolders(home), [], 'SVC_CODE_CACHE=off writes nothing');
    const first = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.deepEqual([first.code, first.stdout, first.stderr], [0, off.stdout, '']);
    const [folder] = cacheFolders(home);
    assert.ok(folder, 'a cache folder was made');
    assert.match(folder, new RegExp(`-${process.version.replaceAll('.', '\\.')}-${process.arch}-`));
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    const files = readdirSync(folder);
    // a read loads nothing beyond the lane's bundle: its one cache file, of this kind of read
    assert.deepEqual(files, ['lane.cjs.json-env.v8']);
    const stamp = Object.fromEntries(files.map((f) => [f, statSync(join(folder, f)).mtimeMs]));
    const second = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.deepEqual([second.code, second.stdout, second.stderr], [0, off.stdout, '']);
    for (const f of files) assert.equal(statSync(join(folder, f)).mtimeMs, stamp[f], `${f} used, not rewritten`);
  });

  // A cache holds the functions of the run that made it: a read of another kind (another output,
  // the key from a profile) made with it compiles its own, so each kind has its own cache.
  test('each kind of read makes its own lane cache and keeps the others', async () => {
    const home = tempDirs().dir;
    const e = { ...env, XDG_CACHE_HOME: home };
    const json = await svc(['products', 'list', '--json'], { env: e });
    assert.equal(json.code, 0, json.stderr);
    const [folder] = cacheFolders(home);
    const stamp = statSync(join(folder!, 'lane.cjs.json-env.v8')).mtimeMs;
    const runs = [
      await svc(['products', 'list'], { env: e }),
      await svc(['products', 'list', '--jq', '.[0].id'], { env: e }),
      // (the README's form: the kind is read from the flags, here with the key still in the environment)
      await svc(['--profile', 'default', 'products', 'list', '-o', 'json'], { env: e }),
      await svc(['products', 'list', '--json', '--limit', '1'], { env: e }),
    ];
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const lane = readdirSync(folder!)
      .filter((f) => f.startsWith('lane.cjs.'))
      .sort();
    assert.deepEqual(lane, [
      `lane.cjs.jq-env${JQ_TAG}.v8`,
      'lane.cjs.json-env.v8',
      'lane.cjs.json-profile.v8',
      'lane.cjs.text-env.v8',
    ]);
    assert.equal(statSync(join(folder!, 'lane.cjs.json-env.v8')).mtimeMs, stamp, 'the first kind kept, not rewritten');
  });

  // --jq runs under a V8 flag (bin/svc.js), and V8 checks a cache against its flags:
  // such a run's caches are its own, made whole at its end, and used by the next such run.
  test('--jq makes its caches once, in the lane and in the full CLI, and the next runs use them', async () => {
    const home = tempDirs().dir;
    const e = { ...env, XDG_CACHE_HOME: home };
    const list = await svc(['products', 'list', '--json'], { env: e });
    const id = String(JSON.parse(list.stdout)[0].id);
    // the same command without --jq first: its full CLI cache, to compare with --jq's
    const json = await svc(['products', 'get', id, '--json'], { env: e });
    assert.equal(json.code, 0, json.stderr);
    const runs = [
      ['products', 'list', '--jq', '.[0].id'],
      ['products', 'get', id, '--jq', '.id'],
    ];
    const first = await Promise.all(runs.map((argv) => svc(argv, { env: e })));
    for (const r of first) assert.deepEqual([r.code, r.stdout.trim(), r.stderr], [0, id, '']);
    const [folder] = cacheFolders(home);
    const files = readdirSync(folder!).sort();
    assert.ok(files.includes(`lane.cjs.jq-env${JQ_TAG}.v8`) && files.includes(`main.cjs${JQ_TAG}.v8`), `${files}`);
    // made at the end of the run, whole: about as large as the same read's without --jq
    const size = (f: string) => statSync(join(folder!, f)).size;
    assert.ok(size(`main.cjs${JQ_TAG}.v8`) >= size('main.cjs.v8') * 0.9, `${size(`main.cjs${JQ_TAG}.v8`)}`);
    const stamp = Object.fromEntries(files.map((f) => [f, statSync(join(folder!, f)).mtimeMs]));
    for (let i = 0; i < 2; i++)
      for (const argv of runs) {
        const r = await svc(argv, { env: e });
        assert.deepEqual([r.code, r.stdout.trim(), r.stderr], [0, id, '']);
      }
    assert.deepEqual(readdirSync(folder!).sort(), files);
    for (const f of files) assert.equal(statSync(join(folder!, f)).mtimeMs, stamp[f], `${f} used, not rewritten`);
  });

  // --jq's runtime, read from jq-wasm and patched (src/output/jq-inline.ts), is kept in the cache
  // folder: later runs read it there instead of the 1.3 MB file.
  test("--jq keeps jq-wasm's patched runtime; a damaged or stuck one is prepared again, an earlier one at its place goes", async () => {
    const home = tempDirs().dir;
    const e = { ...env, XDG_CACHE_HOME: home };
    const jq = (expr: string) => svc(['products', 'list', '--jq', expr], { env: e });
    const first = await jq('.[0].id');
    assert.equal(first.code, 0, first.stderr);
    const [folder] = cacheFolders(home);
    const kept = () => readdirSync(folder!).filter((f) => f.startsWith('jq-runtime.') && !f.endsWith('.v8'));
    const [js, wasm] = [kept().find((f) => f.endsWith('.js')), kept().find((f) => f.endsWith('.wasm'))];
    assert.ok(js && wasm, `${readdirSync(folder!)}`);
    for (const f of [js, wasm]) assert.equal(statSync(join(folder!, f)).mode & 0o777, 0o600, f);
    const text = readFileSync(join(folder!, js), 'latin1');
    assert.ok(text.includes('__rawHolder.fn = rawImpl'), 'kept patched');
    const stamp = statSync(join(folder!, js)).mtimeMs;
    assert.deepEqual(await jq('.[1].id'), { ...(await jq('.[1].id')), code: 0 });
    assert.equal(statSync(join(folder!, js)).mtimeMs, stamp, 'read, not prepared again');
    // damaged: the run still answers, and the runtime is kept anew
    writeFileSync(join(folder!, js), 'this is not javascript (');
    const damaged = await jq('.[0].id');
    assert.deepEqual([damaged.code, damaged.stdout, damaged.stderr], [0, first.stdout, '']);
    assert.equal(readFileSync(join(folder!, js), 'latin1'), text, 'prepared again and kept');
    // damaged so that it never starts (its factory never settles): prepared again within the run,
    // not a run that waits on nothing and exits 1 with nothing printed
    writeFileSync(join(folder!, js), 'module.exports = () => new Promise(() => {});');
    const stuck = await jq('.[0].id');
    assert.deepEqual([stuck.code, stuck.stdout, stuck.stderr], [0, first.stdout, '']);
    assert.equal(readFileSync(join(folder!, js), 'latin1'), text, 'prepared again and kept');
    // an earlier file at the same place (a reinstall) and a write left half-done: replaced when this
    // one is kept; another install's (another place, the same build's cache folder) stays
    const prefix = `${js.split('.').slice(0, 2).join('.')}.`;
    const old = [`${prefix}1-2-3-4.js`, `${prefix}1-2-3-4.wasm`, `${wasm}.999.tmp`];
    const other = ['jq-runtime.elsewhere.1-2-3-4.js', 'jq-runtime.elsewhere.1-2-3-4.wasm'];
    for (const f of [...old, ...other]) writeFileSync(join(folder!, f), 'old');
    rmSync(join(folder!, js));
    const again = await jq('.[0].id');
    assert.deepEqual([again.code, again.stdout], [0, first.stdout]);
    assert.deepEqual(kept().sort(), [js, wasm, ...other].sort());
  });

  // `stock add` sets V8 flags for its memory during the run (src/jobs/memory.ts): what it owes then
  // is dropped and what compiles after is cached apart, so no run rewrites another's caches.
  test('stock add, which changes V8 flags during its run, rewrites no cache on its next run, nor does a read', async () => {
    const home = tempDirs().dir;
    const e = { ...env, XDG_CACHE_HOME: home };
    const list = await svc(['products', 'list', '--json'], { env: e });
    const id = String(JSON.parse(list.stdout)[0].id);
    const file = join(tempDirs().dir, 'keys.csv');
    writeFileSync(file, 'credential\nkey-a\nkey-b\n');
    const add = () => svc(['stock', 'add', id, '--file', file, '--dry-run'], { env: e });
    const me = () => svc(['me', '--json'], { env: e });
    for (const r of [await add(), await me()]) assert.equal(r.code, 0, r.stderr);
    const [folder] = cacheFolders(home);
    const files = readdirSync(folder!).sort();
    const stamp = Object.fromEntries(files.map((f) => [f, statSync(join(folder!, f)).mtimeMs]));
    for (const r of [await add(), await me(), await add()]) assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(readdirSync(folder!).sort(), files);
    for (const f of files) assert.equal(statSync(join(folder!, f)).mtimeMs, stamp[f], `${f} used, not rewritten`);
  });

  test("a lane command handed to the full CLI makes no cache for the lane; the lane's next read does", async () => {
    const home = tempDirs().dir;
    // a flag given twice: commander takes the last, the lane hands it over
    const twice = await svc(['products', 'list', '--json', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.equal(twice.code, 0, twice.stderr);
    const [folder] = cacheFolders(home);
    assert.ok(folder && readdirSync(folder).includes('main.cjs.v8'), 'the full CLI made its cache');
    assert.ok(
      !readdirSync(folder).some((f) => f.startsWith('lane.cjs.')),
      'not the lane, which only handed the command over',
    );
    const read = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.equal(read.code, 0, read.stderr);
    assert.ok(readdirSync(folder).includes('lane.cjs.json-env.v8'), 'a read the lane ran made it');
  });

  test('rejected (garbage in every cache file): same output and exit code, and the cache is made again', async () => {
    const home = tempDirs().dir;
    const first = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.equal(first.code, 0, first.stderr);
    const [folder] = cacheFolders(home);
    const garbage = Buffer.alloc(4096, 0x5a);
    for (const f of readdirSync(folder!)) writeFileSync(join(folder!, f), garbage);
    const again = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.deepEqual([again.code, again.stdout, again.stderr], [0, first.stdout, '']);
    for (const f of readdirSync(folder!)) assert.ok(!readFileSync(join(folder!, f)).equals(garbage), `${f} made again`);
    // a usage error keeps its exit code with a rejected cache too
    for (const f of readdirSync(folder!)) writeFileSync(join(folder!, f), garbage);
    const bad = await svc(['products', 'list', '--limit', 'x'], { env: { ...env, XDG_CACHE_HOME: home } });
    const badOff = await svc(['products', 'list', '--limit', 'x'], { env: { ...env, SVC_CODE_CACHE: 'off' } });
    assert.deepEqual([bad.code, bad.stdout, bad.stderr], [badOff.code, badOff.stdout, badOff.stderr]);
  });

  test("the README's form, global flags before the noun, runs in the lane", async () => {
    const trace = join(tempDirs().dir, 'chunks.txt');
    const argv = ['--profile', 'default', '--output=json', 'products', '--no-color', 'list', '--limit', '2'];
    const r = await svc(argv, { env: { ...env, SVC_TRACE_CHUNKS: trace } });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).length, 2);
    assert.deepEqual(readFileSync(trace, 'utf8').trim().split('\n'), ['lane.cjs']);
  });

  test('a read sets no V8 flag, one page or many, and keeps its cache', async () => {
    const { log, probe, flags } = flagsProbe();
    const flagsOf = async (extra: string[]) => {
      rmSync(log, { force: true });
      const r = await svc(['products', 'list', '--json', ...extra], {
        env: { ...env, NODE_OPTIONS: `--require ${probe}` },
      });
      assert.equal(r.code, 0, r.stderr);
      return flags();
    };
    assert.deepEqual(await flagsOf([]), [], 'a page');
    assert.deepEqual(await flagsOf(['--limit', '100']), [], 'a full page');
    assert.deepEqual(await flagsOf(['--all']), [], '--all');
    assert.deepEqual(await flagsOf(['--limit', '101']), [], 'a --limit past one page');
    // the lane's cache, made at the end of a read, is used as it is by the next
    const home = tempDirs().dir;
    const read = () => svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.equal((await read()).code, 0);
    const files = cacheFolders(home).flatMap((d) => readdirSync(d).map((f) => join(d, f)));
    const made = files.map((f) => statSync(f).mtimeMs);
    assert.equal((await read()).code, 0);
    assert.deepEqual(
      files.map((f) => statSync(f).mtimeMs),
      made,
      'kept as it is',
    );
  });

  test("--jq: a filter too long for the calling thread goes to jq's worker with V8's own flags back", async () => {
    const { probe, flags } = flagsProbe();
    const back = `--wasm-tiering-budget=13000000`;
    // stopped once the worker has its flags: the filter itself would run for hours
    const r = await svc(['products', 'list', '--jq', 'last(range(1e12))'], {
      env: { ...env, NODE_OPTIONS: `--require ${probe}` },
      killOn: until('the worker starts', () => flags().includes(back)),
    });
    assert.notEqual(r.code, 0);
    assert.deepEqual(flags(), ['--wasm-tiering-budget=2147483647', back]);
  });

  test("each build keeps its cache: another build's folder stays, one unused for 30 days goes", async () => {
    const home = tempDirs().dir;
    const root = join(home, 'svc', 'code-cache');
    const other = join(root, `0123456789abcdef-${process.version}-${process.arch}-x`);
    const gone = join(root, `fedcba9876543210-${process.version}-${process.arch}-x`);
    for (const d of [other, gone]) {
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, 'lane.cjs.json-env.v8'), 'cache of another build');
    }
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    utimesSync(gone, old, old);
    const r = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    assert.equal(r.code, 0, r.stderr);
    const folders = cacheFolders(home);
    assert.equal(folders.length, 2, 'this build made its own');
    assert.ok(folders.includes(other), "another build's cache is kept");
    assert.ok(!folders.includes(gone), 'a build unused for 30 days is gone');
  });

  test('a cache folder that cannot be made: same output and exit code, nothing on stderr', async () => {
    const home = tempDirs().dir;
    writeFileSync(join(home, 'svc'), 'a file where the folder would be');
    const r = await svc(['products', 'list', '--json'], { env: { ...env, XDG_CACHE_HOME: home } });
    const off = await svc(['products', 'list', '--json'], { env: { ...env, SVC_CODE_CACHE: 'off' } });
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, off.stdout, '']);
  });
});
