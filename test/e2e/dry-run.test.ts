// --dry-run on every command of the tree, walked from the built help. Every command is
// classified in src/cli/shared/writes.ts (a new verb missing there fails here). A write with a
// plan prints it on stdout (as data: valid JSON with -o json) and sends nothing; a write without
// one refuses --dry-run with exit 2 and changes nothing (not the service, not the config).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DRY_RUN } from '../../src/cli/shared/writes.js';
import { KNOWN_V1, ROOT, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

const help = JSON.parse(readFileSync(join(ROOT, 'dist', 'help.json'), 'utf8')) as {
  texts: Record<string, string>;
  groups: string[];
};
/** Commands that run something: leaves of the tree, and groups with an action of their own. */
const commands = Object.keys(help.texts).filter(
  (k) => k !== '' && (!help.groups.includes(k) || k === 'sandbox' || k === 'products variants'),
);

let sb: TestSandbox;
let dir: string;
const files: Record<string, string> = {};
before(async () => {
  sb = await startTestSandbox();
  dir = tempDirs().dir;
  files.prices = writeFile(dir, 'prices.csv', 'id,price\n101,12.00\n');
  files.statuses = writeFile(dir, 'statuses.csv', 'id,active\n101,false\n');
  files.rules = writeFile(dir, 'rules.yaml', 'fee: 10%\nrules:\n  - match: all\n    catalog: +10%\n');
  files.creds = writeFile(dir, 'creds.txt', 'dry-run-account-1:pw\ndry-run-account-2:pw\n');
  files.shop = writeFile(
    dir,
    'shop.yaml',
    `rules:\n  - listing: 111\n    pool: creds.txt\n    target: 50\nnotify:\n  - name: hook\n    type: webhook\n    secretEnv: E2E_HOOK_URL\n`,
  );
  files.keyId = String((await sb.api('GET', '/api/api-keys', undefined, KNOWN_V1)).body.data[0].id);
});

/** The environment a command needs: the keys routes take a v1 key (spec 5); rotate, a stored one. */
async function envFor(path: string, dirs: ReturnType<typeof tempDirs>): Promise<Record<string, string>> {
  if (path === 'keys create' || path === 'keys revoke') return svcEnv(sb, dirs, KNOWN_V1);
  if (path === 'keys rotate') {
    const login = await svc(['auth', 'login'], {
      env: { ...svcEnv(sb, dirs, KNOWN_V1), SVC_API_KEY: '', SVC_KEYRING: 'off' },
      input: KNOWN_V1,
    });
    assert.equal(login.code, 0, login.stderr);
    const { SVC_API_KEY: _key, ...rest } = svcEnv(sb, dirs);
    return { ...rest, SVC_KEYRING: 'off' };
  }
  // the shop file's JSON webhook channel takes its URL from the environment.
  if (path.startsWith('shop ') || path.startsWith('notify '))
    return { ...svcEnv(sb, dirs), E2E_HOOK_URL: 'http://127.0.0.1:9/hook' };
  return svcEnv(sb, dirs);
}
after(async () => {
  await sb.close();
});

/** Arguments that make each write a valid run, so a dry run is judged on what it does, not on a usage error. */
function writeArgs(path: string): string[] {
  const table: Record<string, string[]> = {
    'products bulk-price': [files.prices!],
    'products bulk-status': [files.statuses!],
    'products reprice': ['--rules', files.rules!, '--allow-unknown-cost'],
    'products activate': ['101'],
    'products deactivate': ['101'],
    'products create': [
      '--title',
      'A dry run listing',
      '--description',
      'A listing that is never created.',
      '--price',
      '5.00',
      '--game',
      'valorant',
      '--category',
      'skin',
    ],
    'products update': ['101', '--price', '12.00'],
    'products variants set': ['109', '--index', '0', '--price', '1.00'],
    'stock add': ['111', '--file', files.creds!],
    'stock refill': ['111', '--pool', files.creds!, '--target', '50'],
    'reviews contest': ['3003', '--reason', 'The buyer never opened the account he rated.'],
    'questions answer': ['6001', '--text', 'Yes, it has.'],
    'keys create': ['--name', 'dry-run', '--version', 'v1'],
    'keys revoke': [files.keyId!],
    'keys rotate': [],
    'webhooks trigger': ['order.delivered', '--to', 'http://127.0.0.1:9/hook'],
    api: ['-X', 'PATCH', '/api/v2/products/101', '-F', 'price=1200'],
    'auth login': [],
    'auth logout': [],
    'auth use': ['sandbox'],
    sandbox: ['--port', '0'],
    'sandbox sell': ['111'],
    'sandbox moderate': ['104', 'approve'],
    'sandbox offline': ['on'],
    'sandbox fault': ['status'],
    'webhooks listen': [],
    'orders reconcile': ['--exec', 'true'],
    'questions inbox': [],
    mcp: ['--allow-writes', 'prices'],
    'shop sync': ['--config', files.shop!],
    'shop run': ['--config', files.shop!, '--port', '0'],
    'notify test': ['hook', '--config', files.shop!],
    'notify digest': ['--config', files.shop!],
    'notify set-secret': ['hook', '--type', 'webhook'],
    'notify remove': ['hook'],
    backup: ['dry-run.svcbak'],
    restore: ['dry-run.svcbak'],
  };
  const args = table[path];
  assert.ok(args, `no arguments for \`svc ${path}\` in this test: add them`);
  return args;
}

describe('--dry-run on every command', () => {
  test('every command of the tree says what it does with --dry-run', () => {
    assert.ok(commands.length > 40, commands.join(', '));
    const missing = commands.filter((c) => !(c in DRY_RUN));
    assert.deepEqual(missing, [], 'commands missing from src/cli/shared/writes.ts');
  });

  for (const path of commands.filter((c) => DRY_RUN[c] === 'plan')) {
    test(`${path} --dry-run: the plan on stdout (JSON with -o json), nothing sent`, async () => {
      const dirs = tempDirs();
      await sb.control('DELETE', 'requests');
      const env = await envFor(path, dirs);
      await sb.control('DELETE', 'requests');
      const r = await svc([...path.split(' '), ...writeArgs(path), '--dry-run', '-o', 'json'], { env });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.trim().length > 0, `no plan on stdout; stderr: ${r.stderr}`);
      assert.doesNotThrow(() => JSON.parse(r.stdout), `not JSON: ${r.stdout}`);
      assert.deepEqual(await sb.writeRequests(), [], 'a dry run sent a write');
    });
  }

  for (const path of commands.filter((c) => DRY_RUN[c] === 'refuse')) {
    test(`${path} --dry-run: refused, exit 2, nothing done`, async () => {
      const dirs = tempDirs();
      await sb.control('DELETE', 'requests');
      const r = await svc([...path.split(' '), ...writeArgs(path), '--dry-run'], {
        env: { ...svcEnv(sb, dirs), SVC_CONFIG_DIR: dirs.configDir },
      });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /has no dry run: nothing was done/);
      assert.deepEqual(await sb.writeRequests(), []);
      assert.equal(existsSync(join(dirs.configDir, 'config.json')), false, 'the config was written');
    });
  }
});
