// what came from the network is untrusted in every output form. Buyer-written text in
// the sandbox, and a small server that is not the sandbox for what the sandbox never sends
// (escapes in an order's date and a buyer's name, an OSC 52 clipboard write in a 400's message).
// Spreadsheet formulas are neutralised in csv and tsv unless the cell is a number; JSON keeps the
// data exact with bidi and C1 characters escaped; a terminal never gets an escape or a bidi
// override. And one rule for money: csv/tsv hold integer cents under a `_cents` header, v1 too.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { KNOWN_V1, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';

const OSC52 = '\u001b]52;c;ZXZpbA==\u0007';
const HOSTILE = [
  "-2+3+cmd|' /C calc'!A0",
  '=HYPERLINK("http://x.test","click")',
  `rlo \u202egpj.exe ${OSC52} c1 \u009b31m alm \u061c end`,
];
const FORBIDDEN_ON_TERMINAL = /[\u001b\u009b\u202e\u061c\u0007]/;

let sb: TestSandbox;
let env: Record<string, string>;
let fake: Server;
let fakeUrl: string;

before(async () => {
  sb = await startTestSandbox();
  const product = (await sb.api('GET', '/api/v2/products?limit=1')).body.data[0].id;
  for (const text of HOSTILE) await sb.control('POST', 'questions', { productId: product, text });
  env = svcEnv(sb, tempDirs());
  fake = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url?.startsWith('/api/v2/orders/9001')) {
      return send(200, {
        success: true,
        data: {
          id: 9001,
          orderCode: 'ORD-9001',
          type: 'sale',
          status: 'delivered',
          productId: 1,
          productTitle: `title \u202etxt.exe`,
          buyerName: `buyer${OSC52}`,
          quantity: 1,
          price: 1000,
          fee: 100,
          createdAt: `2025-01-01T00:00:00Z\u001b[2J\u001b[3J`,
        },
      });
    }
    if (req.method === 'POST' && req.url?.startsWith('/api/v2/questions/')) {
      req.resume();
      return send(400, {
        success: false,
        error: 'Bad Request',
        code: 'INVALID',
        message: `refused ${OSC52} \u202eevil`,
      });
    }
    send(404, { success: false, error: 'Not Found', code: 'NOT_FOUND', message: 'not found' });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
after(async () => {
  await sb.close();
  await new Promise((r) => fake.close(r));
});

/** The cells of the question-text column, parsed from csv or tsv output. */
function questionCells(out: string, format: 'csv' | 'tsv'): string[] {
  const lines = out.trimEnd().split('\n');
  const sep = format === 'csv' ? ',' : '\t';
  const header = lines[0]!.split(sep);
  const col = header.indexOf('question');
  assert.ok(col >= 0, lines[0]);
  return lines.slice(1).map((l) => (format === 'csv' ? parseCsvLine(l) : l.split('\t'))[col]!);
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cur);
      cur = '';
    } else cur += c;
  }
  cells.push(cur);
  return cells;
}

describe('untrusted text in every output form', () => {
  for (const format of ['csv', 'tsv'] as const) {
    test(`${format}: a cell a spreadsheet would run as a formula starts with a quote`, async () => {
      const r = await svc(['questions', 'list', '-o', format], { env });
      assert.equal(r.code, 0, r.stderr);
      const cells = questionCells(r.stdout, format);
      for (const bad of HOSTILE.slice(0, 2)) {
        assert.ok(cells.includes(`'${bad}`), `${bad} not neutralised in ${JSON.stringify(cells)}`);
      }
      assert.doesNotMatch(r.stdout, FORBIDDEN_ON_TERMINAL);
    });
  }

  test('json keeps the text exact, with bidi, C1 and escape characters escaped', async () => {
    const r = await svc(['questions', 'list', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, FORBIDDEN_ON_TERMINAL);
    assert.match(r.stdout, /\\u202egpj\.exe/);
    assert.match(r.stdout, /\\u009b31m/);
    assert.match(r.stdout, /\\u061c/);
    const texts = (JSON.parse(r.stdout) as { text: string }[]).map((q) => q.text);
    for (const bad of HOSTILE) assert.ok(texts.includes(bad), `${JSON.stringify(bad)} changed`);
  });

  test('a table shows no escape and no bidi override', async () => {
    const r = await svc(['questions', 'list', '-o', 'table'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, FORBIDDEN_ON_TERMINAL);
    assert.match(r.stdout, /rlo gpj\.exe/);
  });

  test("a server that is not ours: escapes in an order's date and name, and in a 400's message, never reach the terminal", async () => {
    const fakeEnv = { ...env, SVC_BASE_URL: fakeUrl };
    const got = await svc(['orders', 'get', '9001', '-o', 'table'], { env: fakeEnv });
    assert.equal(got.code, 0, got.stderr);
    assert.doesNotMatch(got.stdout + got.stderr, FORBIDDEN_ON_TERMINAL);
    assert.match(got.stdout, /2025-01-01 00:00:00/);
    const answered = await svc(['questions', 'answer', '1', '--text', 'Yes.'], { env: fakeEnv });
    assert.notEqual(answered.code, 0);
    assert.match(answered.stderr, /refused/);
    assert.doesNotMatch(answered.stderr, FORBIDDEN_ON_TERMINAL);
  });
});

describe('money in csv and tsv (cli-spec 8)', () => {
  for (const api of ['v2', 'v1'] as const) {
    test(`${api}: integer cents under price_cents`, async () => {
      const keyEnv = api === 'v1' ? { ...env, SVC_API_KEY: KNOWN_V1 } : env;
      for (const format of ['csv', 'tsv'] as const) {
        const r = await svc(['products', 'get', '101', '-o', format, '--api', api], { env: keyEnv });
        assert.equal(r.code, 0, r.stderr);
        const [header, row] = r.stdout.trimEnd().split('\n');
        const sep = format === 'csv' ? ',' : '\t';
        const cols = header!.split(sep);
        const price = cols.indexOf('price_cents');
        assert.ok(price >= 0, header);
        assert.equal(row!.split(sep)[price], '25000', `${api} ${format}: ${r.stdout}`);
      }
    });
  }
});
