// the scripter's surface, against the sandbox. --jq over the whole result of a
// multi-page --all (not page by page); `svc api` GET, a v2 PATCH with its Idempotency-Key
// (printed with --verbose, reused with --idempotency-key), --paginate as one array, another host
// refused; errors as one JSON object on stderr; local times in tables, json unchanged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createListings, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { routeRequests } from './own-sandbox.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

let sb: TestSandbox;
let total: number;
before(async () => {
  sb = await startTestSandbox();
  await createListings(sb, 130); // with the seed: more than one page of 100
  total = (await sb.api('GET', '/api/v2/products?limit=1')).body.pagination.total;
});
after(async () => {
  await sb.close();
});

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

describe('--jq', () => {
  test('runs once over every page joined: one answer for a multi-page --all', async () => {
    const env = svcEnv(sb, tempDirs());
    assert.ok(total > 100, `more than one page (${total})`);
    const n = await svc(['products', 'list', '--all', '--jq', 'length'], { env });
    assert.equal(n.code, 0, n.stderr);
    assert.equal(n.stdout, `${total}\n`);
    const ids = await svc(['products', 'list', '--all', '--jq', '[.[].id] | [min, max] | @tsv'], { env });
    assert.equal(ids.stdout.trim().split('\n').length, 1, 'one result, not one per page');
    const titles = await svc(
      ['products', 'list', '--all', '--jq', '.[] | select(.title | startswith("E2E")) | .title'],
      {
        env,
      },
    );
    assert.equal(titles.stdout.trim().split('\n').length, 130, 'strings are raw, one a line');
    assert.match(titles.stdout, /^E2E listing 1$/m);
  });

  test('a bad expression is a usage error (exit 2), another -o is refused', async () => {
    const env = svcEnv(sb, tempDirs());
    const bad = await svc(['products', 'list', '--jq', '.['], { env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^error: --jq "\.\[": not a valid jq expression \(jq: "syntax error/m);
    const csv = await svc(['products', 'list', '-o', 'csv', '--jq', '.'], { env });
    assert.equal(csv.code, 2);
    assert.equal(csv.stdout, '');
  });
});

describe('svc api', () => {
  test('GET a route with the profile key: the answer as JSON', async () => {
    const env = svcEnv(sb, tempDirs());
    const r = await svc(['api', '/api/v2/me'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).data.username, 'demo_seller');
    const v1 = await svc(['api', 'api/v1/balance', '--jq', '.data | keys | length > 0'], { env });
    assert.equal(v1.code, 4, 'a v1 route needs a v1 key: said, exit 4');
  });

  test('--paginate joins every page into one array', async () => {
    const env = svcEnv(sb, tempDirs());
    const r = await svc(['api', '/api/v2/products', '--paginate'], { env });
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout);
    assert.ok(Array.isArray(rows));
    assert.equal(rows.length, total);
    assert.equal(new Set(rows.map((x: any) => x.id)).size, total);
  });

  test('a v2 PATCH carries an Idempotency-Key, printed with --verbose and reusable', async () => {
    const env = svcEnv(sb, tempDirs());
    const id = SEED_IDS.products.inactiveWithStock;
    const before = (await routeRequests(sb, 'updateProduct')).length;
    const r = await svc(['api', '-X', 'PATCH', `/api/v2/products/${id}`, '-F', 'price=1990', '--verbose'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).data.price, 1990);
    const key = /Idempotency-Key: ([A-Za-z0-9_-]{16,})/.exec(r.stderr)?.[1];
    assert.ok(key, r.stderr);
    const sent = (await routeRequests(sb, 'updateProduct')).slice(before);
    assert.deepEqual(
      sent.map((x) => x.idempotencyKey),
      [key],
    );
    // The same write again, given the retry word as the hint prints it: the service replays it,
    // nothing runs twice. One word (`=`): a key may start with '-' (base64url).
    const retry = / as (--idempotency-key=\S+) to retry this write/.exec(r.stderr)?.[1];
    assert.equal(retry, `--idempotency-key=${key}`, r.stderr);
    const again = await svc(['api', '-X', 'PATCH', `/api/v2/products/${id}`, '-F', 'price=1990', retry], { env });
    assert.equal(again.code, 0, again.stderr);
    const both = (await routeRequests(sb, 'updateProduct')).slice(before);
    assert.deepEqual(
      both.map((x) => x.idempotencyKey),
      [key, key],
    );
    // Another body with the same key: refused by the service, and said as the seller's to fix.
    const other = await svc(
      ['api', '-X', 'PATCH', `/api/v2/products/${id}`, '-F', 'price=2990', `--idempotency-key=${key}`],
      { env },
    );
    assert.equal(other.code, 1);
    assert.match(other.stderr, /IDEMPOTENCY_KEY_REUSED/);
    assert.match(other.stderr, /hint: a retry with --idempotency-key must send the same method, path and body/);
  });

  test('a key that starts with "-": the --verbose hint prints it as one word, and that word replays the write', async () => {
    const env = svcEnv(sb, tempDirs());
    const id = SEED_IDS.products.inactiveWithStock;
    const dashed = '-V0qAbCdEfGhIjKlMnOp'; // spec 4.1.1: 16-255 of A-Za-z0-9_-, a '-' first included
    const before = (await routeRequests(sb, 'updateProduct')).length;
    const patch = ['api', '-X', 'PATCH', `/api/v2/products/${id}`, '-F', 'price=1990'];
    const first = await svc([...patch, `--idempotency-key=${dashed}`, '--verbose'], { env });
    assert.equal(first.code, 0, first.stderr);
    const retry = / as (--idempotency-key=\S+) to retry this write/.exec(first.stderr)?.[1];
    assert.equal(retry, `--idempotency-key=${dashed}`, first.stderr);
    // Replayed, told in the seller's language with the same one word.
    const again = await svc([...patch, retry, '--verbose'], { env: { ...env, SVC_LANG: 'pt-BR' } });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, new RegExp(`\\(use --idempotency-key=${dashed} para repetir esta escrita\\)`));
    // As two words the key is read as options (-V is --version): the write is not done at all.
    const split = await svc([...patch, '--idempotency-key', dashed], { env });
    assert.doesNotMatch(split.stdout, /"price"/, split.stdout);
    const sent = (await routeRequests(sb, 'updateProduct')).slice(before);
    assert.deepEqual(
      sent.map((x) => x.idempotencyKey),
      [dashed, dashed],
    );
  });

  test('--input FILE is the body; a file that is not JSON is FILE:LINE, exit 2, nothing sent', async () => {
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const before = (await sb.writeRequests()).length;
    const bad = writeFile(dirs.dir, 'body.json', '{\n  "price": 19,90\n}\n');
    const r = await svc(['api', '-X', 'PATCH', '/api/v2/products/101', '--input', bad], { env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /body\.json:2: not JSON/);
    assert.equal((await sb.writeRequests()).length, before);
    // the same body on stdin, in pt-BR: the place is stdin, the words svc's (V8's own JSON wording
    // is English), the column where the JSON went wrong
    const piped = await svc(['api', '-X', 'PATCH', '/api/v2/products/101', '--input', '-'], {
      env: { ...env, LANG: 'pt_BR.UTF-8' },
      input: '{\n  "price": 19,90\n}\n',
    });
    assert.equal(piped.code, 2);
    assert.match(piped.stderr, /^erro: stdin:2: não é JSON \(coluna \d+\)$/m);
    assert.equal((await sb.writeRequests()).length, before);
    const dry = await svc(['api', '-X', 'PATCH', '/api/v2/products/101', '-F', 'price=1990', '--dry-run'], { env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^PATCH \/api\/v2\/products\/101 \{"price":1990\}$/m);
    assert.match(dry.stdout, /^Idempotency-Key: [A-Za-z0-9_-]{16,}$/m);
    assert.equal((await sb.writeRequests()).length, before, 'a dry run sends nothing');
  });

  test('another host, or a path outside the API, is refused before anything is sent', async () => {
    const env = svcEnv(sb, tempDirs());
    const other = await svc(['api', 'http://127.0.0.2:9/api/v2/me'], { env });
    assert.equal(other.code, 2);
    assert.match(other.stderr, /sends the profile's key to its own service only/);
    const outside = await svc(['api', '/_sandbox/requests'], { env });
    assert.equal(outside.code, 2);
    const dots = await svc(['api', '/api/v2/../_sandbox/requests'], { env });
    assert.equal(dots.code, 2);
    const same = await svc(['api', `${sb.url}/api/v2/me`, '--jq', '.data.username'], { env });
    assert.equal(same.stdout, 'demo_seller\n');
  });
});

describe('errors as data, local times', () => {
  test('with -o json a failure writes one JSON object as the last line of stderr; stdout empty', async () => {
    const env = svcEnv(sb, tempDirs());
    const r = await svc(['products', 'get', '987654', '-o', 'json'], { env });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const e = JSON.parse(lastLine(r.stderr)).error;
    assert.deepEqual(Object.keys(e), ['status', 'code', 'message', 'hint', 'exit']);
    assert.deepEqual([e.status, e.code, e.exit], [404, 'NOT_FOUND', 1]);
    const refused = await svc(['products', 'update', String(SEED_IDS.products.takenDown), '--price', '1', '--json'], {
      env,
    });
    const t = JSON.parse(lastLine(refused.stderr)).error;
    assert.deepEqual([t.status, t.code, t.exit], [410, 'LISTING_TAKEN_DOWN', 1]);
    assert.match(t.hint, /final/);
    const usage = await svc(['products', 'list', '--limit', 'x', '--json'], { env });
    assert.deepEqual(JSON.parse(lastLine(usage.stderr)).error.exit, 2);
    const plain = await svc(['products', 'get', '987654'], { env });
    assert.doesNotMatch(plain.stderr, /^\{/m, 'no JSON object without -o json');
  });

  test('tables show local time with the offset (TZ honoured); json keeps the API value', async () => {
    const env = { ...svcEnv(sb, tempDirs()), TZ: 'America/Sao_Paulo' };
    const id = String(SEED_IDS.orders.saleDelivered);
    const table = await svc(['orders', 'list', '--limit', '50', '-o', 'table'], { env });
    assert.equal(table.code, 0, table.stderr);
    const json = await svc(['orders', 'get', id, '-o', 'json'], { env });
    const created: string = JSON.parse(json.stdout).createdAt ?? JSON.parse(json.stdout).data?.createdAt;
    assert.match(created, /Z$/, 'json keeps the API value');
    const local = new Date(created);
    local.setUTCHours(local.getUTCHours() - 3);
    const expected = local.toISOString().slice(0, 19).replace('T', ' ');
    assert.match(table.stdout, new RegExp(`^\\s*${id}\\b.*${expected}$`, 'm'));
    assert.match(table.stdout, /CREATED \(-03:00\)/, 'the header names the offset');
  });
});
