// The doors through which one credential could still reach two buyers (svc decision "one
// identity"), end to end through the built CLI against a sandbox of its own: a credential svc
// uploaded to one listing and never sold, added to another listing (the service holds it in both,
// and each can deliver it); two imports of one listing at once through two spellings of the same
// service's address; and what `stock add --dry-run` prints of the requests its check spends.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { autoListing, requestCount, sandboxPerFile } from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s), { resetEach: true });

const MARKER = 'ZZRESENDDOORMARKER';
const SECRET = 'pool-secret-of-the-resend-doors-0123456789';

const listing = (tag: string, on: TestSandbox = sb, key?: string) => autoListing(on, `E2E resend ${tag}`, { key });

function lines(tag: string, from: number, to: number, eol = '\n'): string {
  const rows: string[] = [];
  for (let i = from; i <= to; i++) rows.push(`${tag}-${MARKER}-u${i}:p${i}`);
  return `${rows.join(eol)}${eol}`;
}

const requests = (pred: (r: any) => boolean) => requestCount(sb, pred);

describe('a credential uploaded to one listing and not sold', () => {
  test('`stock add` to another listing: refused with FILE:LINE naming where it is, nothing sent; --allow-resend sends it', async () => {
    const [a, b] = [await listing('ha'), await listing('hb')];
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: SECRET };
    const first = writeFile(dirs.dir, 'first.txt', lines('ho', 1, 3));
    const add = (id: number, file: string, extra: string[] = []) =>
      svc(['stock', 'add', String(id), '--file', file, '--format', 'lines', ...extra], { env });
    assert.equal((await add(a, first)).code, 0);
    // The same credentials, written on another machine's editor (CRLF, a BOM, trailing spaces), and one new.
    const again = writeFile(dirs.dir, 'again.txt', `\uFEFF${lines('ho', 2, 4, '  \r\n')}`);
    await sb.control('DELETE', 'requests');
    const moved = await add(b, again);
    assert.equal(moved.code, 2, moved.stderr);
    assert.match(moved.stderr, new RegExp(`again\\.txt:1: svc uploaded this credential to listing ${a} already`));
    assert.match(moved.stderr, /again\.txt:2: svc uploaded this credential/);
    assert.doesNotMatch(moved.stderr, /again\.txt:3:/);
    assert.match(moved.stderr, /2 problems in .*again\.txt; nothing was sent/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
    // The same listing again is not refused: the service skips what it holds (spec 2.5).
    const same = await add(a, again);
    assert.equal(same.code, 0, same.stderr);
    const meant = await add(b, again, ['--allow-resend']);
    assert.equal(meant.code, 0, meant.stderr);
    assert.match(
      meant.stderr,
      /3 credentials of .*again\.txt are held by another listing already and are sent here too/,
    );
  });

  test('a pool refill to one listing, then `stock add` of the pool file to another: refused', async () => {
    const [a, b] = [await listing('ra'), await listing('rb')];
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: SECRET };
    const pool = writeFile(dirs.dir, 'pool.txt', lines('rp', 1, 6));
    const refill = await svc(['stock', 'refill', String(a), '--pool', pool, '--target', '4'], { env });
    assert.equal(refill.code, 0, refill.stderr);
    await sb.control('DELETE', 'requests');
    const added = await svc(['stock', 'add', String(b), '--file', pool, '--format', 'lines'], { env });
    assert.equal(added.code, 2, added.stderr);
    assert.match(added.stderr, /4 problems in .*pool\.txt; nothing was sent/);
    assert.match(added.stderr, new RegExp(`pool\\.txt:4: svc uploaded this credential to listing ${a} already`));
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
  });
});

describe('one import of a listing at a time, however the address is spelled', () => {
  test('a second `stock add` through localhost while one runs through 127.0.0.1: refused, exit 2, nothing sent', async () => {
    const a = await listing('lk');
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: SECRET };
    const other = { ...env, SVC_BASE_URL: sb.url.replace('127.0.0.1', 'LOCALHOST') };
    assert.notEqual(other.SVC_BASE_URL, sb.url, 'the sandbox is reached by its loopback address');
    // The first import's upload is held by the sandbox until the second has been judged.
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 60_000 } });
    const uploading = sb.waitForRequest((e) => e.route === 'addStock', 'started');
    let judged!: () => void;
    const secondDone = new Promise<void>((r) => {
      judged = r;
    });
    const file1 = writeFile(dirs.dir, 'one.txt', lines('lk1', 1, 3));
    const file2 = writeFile(dirs.dir, 'two.txt', lines('lk2', 1, 3));
    const firstRun = svc(['stock', 'add', String(a), '--file', file1], { env, killOn: secondDone });
    await uploading;
    const second = await svc(['stock', 'add', String(a), '--file', file2], { env: other });
    judged();
    await firstRun;
    assert.equal(second.code, 2, second.stderr);
    assert.match(second.stderr, /another job is writing to listing/);
    assert.equal(await requests((r) => r.route === 'addStock'), 1, 'only the first import sent');
  });
});

describe('`stock add --dry-run` prints what its check spends', () => {
  test('the identity and sales-read requests in the plan equal the request log, on a fresh state folder and again', async () => {
    const [a, b] = [await listing('da'), await listing('db')];
    const first = tempDirs();
    const batch = writeFile(first.dir, 'batch.txt', lines('dr', 1, 4));
    const add = (env: Record<string, string>, extra: string[] = []) =>
      svc(['stock', 'add', String(b), '--file', batch, '--format', 'lines', '-o', 'json', ...extra], { env });
    // Uploaded to listing a by one machine, two sold: the other machine's check reads those sales.
    const env1 = { ...svcEnv(sb, first), SVC_POOL_SECRET: SECRET };
    const up = await svc(['stock', 'add', String(a), '--file', batch, '--format', 'lines'], { env: env1 });
    assert.equal(up.code, 0, up.stderr);
    await sb.control('POST', 'purchase', { productId: a, quantity: 2 });
    const env2 = { ...svcEnv(sb, tempDirs()), SVC_POOL_SECRET: SECRET };
    for (const round of ['first look', 'second look']) {
      await sb.control('DELETE', 'requests');
      const plan = await add(env2, ['--dry-run', '--allow-resend']);
      assert.equal(plan.code, 0, plan.stderr);
      const p = JSON.parse(plan.stdout);
      const log = (await sb.control('GET', 'requests')) as any[];
      const check = log.filter((r) => !['getProduct', 'usage', 'me'].includes(r.route));
      assert.equal(p.identityRequests, log.filter((r) => r.route === 'me').length, `${round}: GET /me`);
      assert.equal(p.salesRequests, check.length, `${round}: the sales read`);
      assert.ok(p.salesRequests > 0, `${round}: a dry run remembers nothing, so it reads the sales again`);
      assert.equal(p.resent, 2, `${round}: the two sold credentials, counted in the plan`);
      assert.match(
        plan.stderr,
        /the account sold 2 credentials uploaded with this pool secret from another state folder/,
      );
    }
    // A real run remembers the identity: the next plan spends no request on it, and says so.
    assert.equal((await add(env2, ['--allow-resend'])).code, 0);
    await sb.control('DELETE', 'requests');
    const again = await add(env2, ['--dry-run', '--allow-resend']);
    assert.equal(again.code, 0, again.stderr);
    const known = JSON.parse(again.stdout);
    assert.equal(known.identityRequests, 0);
    assert.equal(await requests((r) => r.route === 'me'), 0);
    const check = ((await sb.control('GET', 'requests')) as any[]).filter(
      (r) => !['getProduct', 'usage', 'me'].includes(r.route),
    );
    assert.equal(known.salesRequests, check.length, JSON.stringify(check.map((r) => r.route)));
  });
});

describe('an unfinished import is resumed only for the account that started it', () => {
  test('another service with a listing of the same id, another account: a new job, never the journal of the first', async () => {
    const a = await listing('ja');
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'keys.txt', lines('ja', 1, 3));
    const args = ['stock', 'add', String(a), '--file', file, '--format', 'lines'];
    // The first account's import is cut short while its one chunk is in flight: its journal stays unfinished.
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 60_000 } });
    const cut = await svc(args, {
      env: svcEnv(sb, dirs),
      killOn: sb.waitForRequest((e) => e.route === 'addStock', 'started'),
    });
    assert.equal(cut.signal, 'SIGKILL');
    const jobs = JSON.parse((await svc(['stock', 'jobs', '-o', 'json'], { env: svcEnv(sb, dirs) })).stdout);
    const jobId = jobs[0].id as string;
    // A second service (another account's sandbox), where a listing of the same id is this account's.
    const other = await startTestSandbox();
    try {
      let b = await listing('jb', other, other.keys.otherV2);
      while (b < a) b = await listing('jb', other, other.keys.otherV2);
      assert.equal(b, a, 'the second service has a listing of the same id');
      const env = { ...svcEnv(other, dirs, other.keys.otherV2) };
      const taken = await svc([...args, '--resume', jobId], { env });
      assert.equal(taken.code, 2, taken.stderr);
      assert.match(taken.stderr, /was started for another account than the one of the key in use/);
      const fresh = await svc([...args, '--yes'], { env });
      assert.equal(fresh.code, 0, fresh.stderr);
      assert.doesNotMatch(fresh.stderr, /resuming job/);
      const after = JSON.parse((await svc(['stock', 'jobs', '-o', 'json'], { env })).stdout);
      assert.equal(after.length, 2, 'a job of its own');
    } finally {
      await other.close();
    }
  });
});

describe('`stock add` and a refill of the account at the same time', () => {
  test('a refill started while an import uploads waits for it, then leaves its credentials alone', async () => {
    const [a, b] = [await listing('ca'), await listing('cb')];
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: SECRET };
    const pool = writeFile(dirs.dir, 'pool.txt', lines('cc', 1, 6));
    const batch = writeFile(dirs.dir, 'batch.txt', lines('cc', 1, 3));
    // The import's upload is held by the sandbox while the refill starts.
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 8_000 } });
    const uploading = sb.waitForRequest((e) => e.route === 'addStock', 'started');
    const importing = svc(['stock', 'add', String(a), '--file', batch], { env });
    await uploading;
    const refill = await svc(['stock', 'refill', String(b), '--pool', pool, '--target', '5'], { env });
    assert.equal(refill.code, 0, refill.stderr);
    assert.equal((await importing).code, 0);
    // Three of the pool's six are the import's: the refill may take only the other three.
    assert.match(refill.stderr, /pool .*pool\.txt ran out: 3 sent of the 5 needed/);
  });
});

describe('an import killed while its chunk is in flight', () => {
  test('a later refill of another listing leaves the in-flight credentials alone; a refused chunk frees them', async () => {
    const [a, b, c] = [await listing('ka'), await listing('kb'), await listing('kc')];
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: SECRET };
    const pool = writeFile(dirs.dir, 'pool.txt', lines('kk', 1, 6));
    const batch = writeFile(dirs.dir, 'batch.txt', lines('kk', 1, 3));
    // The service may or may not take a chunk whose answer never came: svc cannot know which.
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 60_000 } });
    const cut = await svc(['stock', 'add', String(a), '--file', batch], {
      env,
      killOn: sb.waitForRequest((e) => e.route === 'addStock', 'started'),
    });
    assert.equal(cut.signal, 'SIGKILL');
    await sb.control('DELETE', 'faults');
    const refill = await svc(['stock', 'refill', String(b), '--pool', pool, '--target', '5'], { env });
    assert.equal(refill.code, 0, refill.stderr);
    assert.match(refill.stderr, /pool .*pool\.txt ran out: 3 sent of the 5 needed/);
    // A chunk the service refuses as a whole is held nowhere: a later import elsewhere may send it.
    await sb.control('POST', 'faults', {
      match: { route: 'addStock' },
      fault: { type: 'status', status: 422, body: { error: { code: 'VALIDATION_ERROR', message: 'refused' } } },
    });
    const other = writeFile(dirs.dir, 'other.txt', lines('kr', 1, 2));
    const refused = await svc(['stock', 'add', String(a), '--file', other], { env });
    assert.notEqual(refused.code, 0);
    await sb.control('DELETE', 'faults');
    const again = await svc(['stock', 'add', String(c), '--file', other], { env });
    assert.equal(again.code, 0, again.stderr);
  });
});
