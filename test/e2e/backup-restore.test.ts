// Moving a shop to another machine: `svc backup` on one HOME, `svc restore` on a fresh one, then a
// sale and a refill there sends nothing twice (the restored ledger knows what was uploaded and
// sold). A wrong passphrase and one flipped byte are refused with nothing written; a live state
// is refused without --force; what is restored is 0600 in 0700 folders.
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { INPUTS_LIST, KNOWN_V2, svc, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { autoListing, refsOf as refsOfListings, sandboxPerFile, TG_TOKEN } from './seller-setup.js';

const MARKER = 'ZZPOOLMARKER';
const PASSPHRASE = 'moving-day-passphrase-42';

let sb: TestSandbox;
const own = sandboxPerFile((s) => (sb = s));

/** A machine: its own HOME (config and state where the path functions put them), a work folder. */
function machine() {
  const { dir } = tempDirs();
  const home = join(dir, 'home');
  const work = join(dir, 'work');
  mkdirSync(work, { recursive: true });
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    SVC_BASE_URL: sb.url,
    SVC_KEYRING: 'off',
  };
  return {
    env,
    home,
    work,
    config: join(home, '.config', 'svc'),
    state: join(home, '.local', 'state', 'svc'),
    run: (args: string[], extra: Record<string, string> = {}, input?: string) =>
      svc(args, { env: { ...env, ...extra }, cwd: work, input }),
  };
}

const listing = () => autoListing(sb, 'E2E backup');
/** The refs of every credential the listing holds and every one its sales delivered, tags off. */
const refsOf = (id: number) => refsOfListings(sb, [id], { held: true });

/** Every file and folder under `dir` with its mode. */
function modes(dir: string): { path: string; mode: number; folder: boolean }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const path = join(e.parentPath, e.name);
    return { path, mode: statSync(path).mode & 0o777, folder: e.isDirectory() };
  });
}

describe('svc backup and svc restore', () => {
  test('backup, a fresh HOME, restore, a sale, a refill: nothing sent twice; wrong passphrase and a flipped byte refused', {
    timeout: 120_000,
  }, async () => {
    const id = await listing();
    const a = machine();
    const pass = { SVC_BACKUP_PASSPHRASE: PASSPHRASE };
    assert.equal((await a.run(['auth', 'login', '--profile', 'shop'], {}, KNOWN_V2)).code, 0);
    const told = await a.run(['notify', 'set-secret', 'vendas', '--type', 'telegram'], {}, TG_TOKEN);
    assert.equal(told.code, 0, told.stderr);
    const rows = ['credential,ref,cost'];
    for (let i = 1; i <= 20; i++) rows.push(`bk-${MARKER}-u${i}:p${i},bk.${i},0.25`);
    writeFile(a.work, 'pool.csv', `${rows.join('\n')}\n`); // an input: the secret scan skips it
    const refill = ['--profile', 'shop', 'stock', 'refill', String(id), '--pool', 'pool.csv', '--target', '10'];
    const r1 = await a.run([...refill, '-o', 'json']);
    assert.equal(r1.code, 0, r1.stderr);
    await sb.control('POST', 'purchase', { productId: id, quantity: 4 });

    const backed = await a.run(['backup', 'shop.svcbak', '--include', 'pool.csv'], pass);
    assert.equal(backed.code, 0, backed.stderr);
    const archive = readFileSync(join(a.work, 'shop.svcbak'));
    assert.equal(statSync(join(a.work, 'shop.svcbak')).mode & 0o777, 0o600);
    for (const secret of [KNOWN_V2, TG_TOKEN, MARKER]) assert.equal(archive.includes(secret), false, 'encrypted');

    const b = machine();
    const moved = join(b.work, 'shop.svcbak');
    writeFileSync(moved, archive);
    // A wrong passphrase, then one flipped byte (the header, the middle, the tag): refused, nothing written.
    const wrong = await b.run(['restore', moved], { SVC_BACKUP_PASSPHRASE: 'not-the-passphrase' });
    assert.equal(wrong.code, 2, wrong.stderr);
    assert.match(wrong.stderr, /wrong passphrase, or the file was changed or damaged/);
    for (const at of [9, Math.floor(archive.length / 2), archive.length - 1]) {
      const flipped = Buffer.from(archive);
      flipped[at]! ^= 0x01;
      writeFileSync(join(b.work, 'flipped.svcbak'), flipped);
      const r = await b.run(['restore', 'flipped.svcbak'], pass);
      assert.equal(r.code, 2, `byte ${at}: ${r.stderr}`);
    }
    assert.equal(existsSync(b.config) || existsSync(b.state) || existsSync(join(b.work, 'pool.csv')), false);

    appendFileSync(INPUTS_LIST, `${join(b.work, 'pool.csv')}\n`); // the same input, restored
    // The passphrase from a file saved on Windows: a BOM and CRLF are not part of it.
    writeFileSync(join(b.work, 'pass.txt'), `\uFEFF${PASSPHRASE}\r\n`);
    const restored = await b.run(['restore', moved, '--passphrase-file', 'pass.txt']);
    assert.equal(restored.code, 0, restored.stderr);
    for (const e of [...modes(b.config), ...modes(b.state)])
      assert.equal(e.mode, e.folder ? 0o700 : 0o600, `${e.path}: ${e.mode.toString(8)}`);
    assert.equal(readFileSync(join(b.work, 'pool.csv'), 'utf8'), `${rows.join('\n')}\n`);
    const again = await b.run(['restore', moved], pass);
    assert.equal(again.code, 2, 'a live state is refused without --force');
    assert.match(again.stderr, /already holds svc's files/);

    // On the new machine: three more sales, then the refill tops up to 10 with entries never sent.
    await sb.control('POST', 'purchase', { productId: id, quantity: 3 });
    const held = async () => (await sb.control('GET', `state/products/${id}`)).credentialRefs.length as number;
    assert.equal(await held(), 3);
    await sb.control('DELETE', 'requests');
    const r2 = await b.run([...refill, '-o', 'json']);
    assert.equal(r2.code, 0, r2.stderr);
    assert.doesNotMatch(r2.stderr, /rebuil|found sold|state folder/i);
    const writes = (await sb.writeRequests()).filter((r: { route: string }) => r.route === 'addStock');
    assert.equal(writes.length, 1, 'one upload');
    assert.equal(await held(), 10, 'exactly the seven sold since are replaced');
    const refs = (await refsOf(id)).filter((r) => r.startsWith('bk.'));
    assert.deepEqual(
      refs.filter((r, i) => refs.indexOf(r) !== i),
      [],
      'an entry was uploaded twice',
    );
    assert.equal(refs.length, 17);
    // The notify secret came along, in the 0600 file (no keyring on the new machine).
    const notify = JSON.parse(readFileSync(join(b.config, 'notify-secrets.json'), 'utf8'));
    assert.equal(notify.channels.vendas.secret, TG_TOKEN);
  });

  test('kill -9 during a refill, backup, restore on a fresh HOME, sales, the clock past 24 h: the refill there re-sends nothing sold', {
    timeout: 120_000,
  }, async () => {
    const DAY_MS = 24 * 3600 * 1000;
    // An account of its own: the first test's sales carry tags of another pool secret.
    await own.fresh();
    const id = await listing();
    const a = machine();
    const key = { SVC_API_KEY: KNOWN_V2 }; // no profile: the pool secret is made in the state folder
    const rows = ['credential,ref,cost'];
    for (let i = 1; i <= 5000; i++) rows.push(`kb-${MARKER}-u${i}:p${i},kb.${i},0.25`);
    writeFile(a.work, 'pool.csv', `${rows.join('\n')}\n`);
    const refill = ['stock', 'refill', String(id), '--pool', 'pool.csv', '--target', '4500'];
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 400 }, times: 3 });
    let seen = 0;
    const inFlight = sb.waitForRequest((e) => e.route === 'addStock' && ++seen === 2);
    const killed = await svc(refill, { env: { ...a.env, ...key }, cwd: a.work, killOn: inFlight });
    assert.equal(killed.signal, 'SIGKILL');
    await sb.control('DELETE', 'faults');
    await sb.idle(); // the chunk in flight at the kill lands; the journal on A never heard its answer
    const pass = { SVC_BACKUP_PASSPHRASE: PASSPHRASE };
    assert.equal((await a.run(['backup', 'shop.svcbak', '--include', 'pool.csv'], pass)).code, 0);

    const b = machine();
    appendFileSync(INPUTS_LIST, `${join(b.work, 'pool.csv')}\n`);
    const restored = await b.run(['restore', join(a.work, 'shop.svcbak')], pass);
    assert.equal(restored.code, 0, restored.stderr);
    for (let left = 3000; left > 0; left -= 1000)
      await sb.control('POST', 'purchase', { productId: id, quantity: 1000 });
    await sb.control('POST', 'idempotency/expire', {});
    await sb.control('POST', 'clock', { advanceMs: DAY_MS + 3_600_000 });
    const again = await b.run([...refill, '-o', 'json'], { ...key, SVC_CLOCK_OFFSET_MS: String(DAY_MS + 3_600_000) });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /past the service's 24 h: \d+ sales read, 1000 of its entries sold since are left out/);
    const refs = (await refsOf(id)).filter((r) => r.startsWith('kb.'));
    assert.deepEqual(refs.filter((r, i) => refs.indexOf(r) !== i).slice(0, 5), [], 'an entry was uploaded twice');
    assert.equal(refs.length, 5000);
  });
});
