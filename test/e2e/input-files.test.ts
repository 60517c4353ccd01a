// issue 13, must show: real-world input files through the built CLI against the sandbox.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createListings, getListing, ROOT, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => { sb = await startTestSandbox(); });
after(async () => { await sb.close(); });

const MARKER = 'ZZSECRETMARKER';

async function autoListing(): Promise<number> {
  const res = await sb.api('POST', '/api/v2/products', {
    title: 'E2E auto-delivery keys', description: 'Keys delivered automatically by the tests.', price: 500,
    game: 'valorant', category: 'key', isAutoDelivery: true,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.id;
}

describe('credentials normalised before dedupe and upload', () => {
  test('`alpha:1   ` beside `alpha:1` adds one credential; stderr names the trim and the dropped line', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${MARKER}alpha:1   \r\n${MARKER}alpha:1\n${MARKER}beta:2\n`);
    const r = await svc(['stock', 'add', String(id), '--file', file, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.added, 2);
    assert.equal(out.inStock, 2);
    assert.match(r.stderr, /1 credential trimmed of leading\/trailing whitespace/);
    assert.match(r.stderr, /1 duplicate of an earlier credential of the file dropped \(line 2\)/);
    assert.ok(!(r.stdout + r.stderr).includes(MARKER));
  });

  test('a zero-width space inside a credential: FILE:LINE, exit 2, nothing sent', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${MARKER}a:1\n${MARKER}\u200Bb:2\n`);
    await sb.control('DELETE', 'requests');
    const r = await svc(['stock', 'add', String(id), '--file', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /creds\.txt:2: credential contains an invisible zero-width character \(U\+200B\)/);
    assert.equal((await sb.writeRequests()).filter((q) => q.route === 'addStock').length, 0);
    const kept = await svc(['stock', 'add', String(id), '--file', file, '--keep-whitespace', '-o', 'json'], { env: svcEnv(sb, tempDirs()) });
    assert.equal(kept.code, 0, kept.stderr);
    assert.equal(JSON.parse(kept.stdout).added, 2);
  });
});

describe('spreadsheet exports', () => {
  test('a LibreOffice pt-BR export (`;`, 1.234,50, title/notes columns, `;;` rows) applies; the note names the ignored columns', async () => {
    const ids = await createListings(sb, 3);
    const dirs = tempDirs();
    const real = join(ROOT, 'test', 'input', 'fixtures', 'spreadsheet', 'libreoffice-pt-BR-semicolon.csv');
    // the fixture's ids are 101..103: the same sheet with this sandbox's ids
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(real, 'utf8').replace(/^101;/m, `${ids[0]};`).replace(/^102;/m, `${ids[1]};`).replace(/^103;/m, `${ids[2]};`);
    const file = writeFile(dirs.dir, 'precos.csv', text);
    const r = await svc(['products', 'bulk-price', file, '--yes', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /precos\.csv:1: 2 unknown columns ignored: title, notes/);
    assert.deepEqual([(await getListing(sb, ids[0]!)).price, (await getListing(sb, ids[1]!)).price, (await getListing(sb, ids[2]!)).price], [123450, 1990, 2500000]);
    const strict = await svc(['products', 'bulk-price', file, '--strict-columns', '--yes'], { env: svcEnv(sb, tempDirs()) });
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /precos\.csv:1: unknown columns title, notes/);
  });
});
