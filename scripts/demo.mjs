// `npm run demo`: the main job against the built-in sandbox, as a seller would run it.
// Starts `svc sandbox` on a free port (its profile goes to a temporary config folder, so the
// real one is untouched), reprices listings from examples/prices.csv, imports the credentials
// of examples/credentials.csv, sells one unit to show ref and cost on the order, and stops.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const bin = join(root, 'bin', 'svc.js');
const dir = mkdtempSync(join(tmpdir(), 'svc-demo-'));
const env = { ...process.env, SVC_CONFIG_DIR: join(dir, 'config'), SVC_STATE_DIR: join(dir, 'state') };
delete env.SVC_API_KEY;
delete env.SVC_BASE_URL;
delete env.SVC_PROFILE;

const sandbox = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--json'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const started = await new Promise((resolve, reject) => {
  let out = '';
  sandbox.stdout.on('data', (d) => {
    out += d;
    const line = out.split('\n').find((l) => l.startsWith('{'));
    if (line) resolve(JSON.parse(line));
  });
  sandbox.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
});
console.log(`\nsandbox running at ${started.url} (profile "sandbox" in ${env.SVC_CONFIG_DIR})`);

let failed = 0;
function step(title, args) {
  console.log(`\n=== ${title}\n$ svc ${args.join(' ')}`);
  const r = spawnSync(process.execPath, [bin, '--profile', 'sandbox', ...args], { env, stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    failed++;
    console.log(`(exit ${r.status})`);
  }
}

try {
  step('Listings before', ['products', 'list', '-o', 'table']);
  step('Check the price file without sending anything', ['products', 'bulk-price', 'examples/prices.csv', '--dry-run']);
  step('Reprice from the spreadsheet', ['products', 'bulk-price', 'examples/prices.csv', '-o', 'table']);
  step('Import credentials with ref and cost into listing 111', [
    'stock',
    'add',
    '111',
    '--file',
    'examples/credentials.csv',
    '-o',
    'table',
  ]);
  step('A buyer purchases it: ref and cost come back on the order, never the credential', [
    'sandbox',
    'sell',
    '111',
    '-o',
    'table',
  ]);
  step('Listings after', ['products', 'list', '-o', 'table']);
} finally {
  sandbox.kill('SIGTERM');
  await new Promise((r) => sandbox.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
console.log(failed ? `\n${failed} step(s) failed` : '\ndemo done: sandbox stopped.');
process.exit(failed ? 1 : 0);
