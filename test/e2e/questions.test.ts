// questions list / get / answer against the sandbox, with each refusal of the
// answer route (spec 7.2) handled as the spec says, and the inbox's refusal without a TTY.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type RunOptions, type TestSandbox } from './harness.js';
import { ownSandbox, routeRequests } from './own-sandbox.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const Q = SEED_IDS.questions;
const P = SEED_IDS.products;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
let shared: TestSandbox;
before(async () => {
  shared = await startTestSandbox();
});
after(async () => {
  await shared.close();
});
const run = (args: string[], sb: TestSandbox = shared, opts: RunOptions = {}) =>
  svc(args, { ...opts, env: { ...svcEnv(sb, tempDirs()), ...opts.env } });
const answers = (sb: TestSandbox) => routeRequests(sb, 'answerQuestion');
const question = async (sb: TestSandbox, id: number) => (await sb.api('GET', `/api/v2/questions/${id}`)).body.data;

describe('questions', { concurrency: true }, () => {
  describe('questions list and get', { concurrency: true }, () => {
    test("list prints the seller's questions only", async () => {
      const r = await run(['questions', 'list', '--all', '--json']);
      assert.equal(r.code, 0, r.stderr);
      const ids = JSON.parse(r.stdout).map((q: any) => q.id);
      assert.equal(ids.length, 7);
      assert.ok(!ids.includes(Q.other));
    });

    test('--status, --product and --order are sent as the A2 filters', async () => {
      const ids = async (...a: string[]) =>
        JSON.parse((await run(['questions', 'list', ...a, '--json'])).stdout).map((q: any) => q.id);
      assert.deepEqual(await ids('--status', 'answered'), [Q.answered]);
      assert.deepEqual(await ids('--product', String(P.activeManual)), [Q.unanswered, Q.answered]);
      assert.deepEqual(await ids('--order', String(SEED_IDS.orders.saleDelivered)), [Q.withOrder]);
    });

    test('a non-numeric --product is a usage error', async () => {
      const r = await run(['questions', 'list', '--product', 'abc']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /--product must be a positive whole number/);
    });

    test('get shows the question and its answer', async () => {
      const r = await run(['questions', 'get', String(Q.answered), '-o', 'table']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /question\s+Is the e-mail changeable\?/);
      assert.match(r.stdout, /answer\s+Yes, full access\./);
    });

    test("get of another seller's question: 404 with a hint, exit 1", async () => {
      const r = await run(['questions', 'get', String(Q.other)]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /hint: no question with this id on your listings/);
    });

    test('question text with terminal escapes and controls is printed without them', () =>
      ownSandbox(async (sb) => {
        const q = await sb.control('POST', 'questions', {
          productId: P.activeManual,
          text: 'Hi\u001b]0;pwned\u0007 \u001b[2J\u001b[31mthere\u001b[0m\r\nsecond\u0008 line',
        });
        for (const args of [
          ['questions', 'list', '--all', '-o', 'table'],
          ['questions', 'list', '--all', '-o', 'tsv'],
          ['questions', 'get', String(q.id), '-o', 'table'],
        ]) {
          const r = await run(args, sb);
          assert.equal(r.code, 0, r.stderr);
          assert.ok(!CONTROL.test(r.stdout.replace(/\n/g, '')), `${args.join(' ')} printed a control character`);
          assert.match(r.stdout, /Hi there second line/);
        }
      }));
  });

  describe('questions answer', { concurrency: true }, () => {
    test('publishes the answer with one request', () =>
      ownSandbox(async (sb) => {
        const r = await run(
          ['questions', 'answer', String(Q.unanswered), '--text', 'Yes, the bundle is included.', '--json'],
          sb,
        );
        assert.equal(r.code, 0, r.stderr);
        assert.equal(JSON.parse(r.stdout).status, 'answered');
        assert.equal((await question(sb, Q.unanswered)).answer, 'Yes, the bundle is included.');
        assert.equal((await answers(sb)).length, 1);
      }));

    test('--file reads the answer from a file, --file - from stdin', () =>
      ownSandbox(async (sb) => {
        const dirs = tempDirs();
        const file = writeFile(dirs.dir, 'a.txt', 'From a file.\n');
        assert.equal((await run(['questions', 'answer', String(Q.unanswered), '--file', file], sb)).code, 0);
        assert.equal((await question(sb, Q.unanswered)).answer, 'From a file.');
        assert.equal(
          (await run(['questions', 'answer', String(Q.withOrder), '--file', '-'], sb, { input: 'From stdin.\n' })).code,
          0,
        );
        assert.equal((await question(sb, Q.withOrder)).answer, 'From stdin.');
      }));

    test('both or neither of --text and --file, or an empty text, is a usage error and nothing is sent', () =>
      ownSandbox(async (sb) => {
        for (const extra of [[], ['--text', 'a', '--file', 'x.txt'], ['--text', '  ']]) {
          const r = await run(['questions', 'answer', String(Q.unanswered), ...extra], sb);
          assert.equal(r.code, 2, extra.join(' '));
        }
        assert.equal((await answers(sb)).length, 0);
      }));

    test('ALREADY_ANSWERED: exit 1, the hint says nothing was resent, and it was sent once only', () =>
      ownSandbox(async (sb) => {
        const r = await run(['questions', 'answer', String(Q.answered), '--text', 'Again'], sb);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /\(409 ALREADY_ANSWERED\)/);
        assert.match(r.stderr, /hint: question 6002 already has an answer, so nothing was resent/);
        assert.equal((await answers(sb)).length, 1);
        assert.equal((await question(sb, Q.answered)).answer, 'Yes, full access.');
      }));

    test('PRODUCT_UNAVAILABLE: exit 1 with the hint, sent once', () =>
      ownSandbox(async (sb) => {
        const r = await run(['questions', 'answer', String(Q.onPaused), '--text', 'Back soon.'], sb);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /\(409 PRODUCT_UNAVAILABLE\)/);
        assert.match(r.stderr, /hint: the listing of question 6005 is paused, inactive, under review or deleted/);
        assert.equal((await answers(sb)).length, 1);
      }));

    test('SECURITY_VIOLATION: exit 1 asking for a revised text; the revised run goes out with a NEW idempotency key', () =>
      ownSandbox(async (sb) => {
        const bad = await run(
          ['questions', 'answer', String(Q.unanswered), '--text', 'Mail me at seller@example.com'],
          sb,
        );
        assert.equal(bad.code, 1);
        assert.match(bad.stderr, /\(422 SECURITY_VIOLATION\)/);
        assert.match(bad.stderr, /hint: the answer was not published: remove e-mail addresses, links, phone numbers/);
        assert.match(bad.stderr, /new idempotency key/);
        const good = await run(['questions', 'answer', String(Q.unanswered), '--text', 'Yes, it is included.'], sb);
        assert.equal(good.code, 0, good.stderr);
        const sent = await answers(sb);
        assert.deepEqual(
          sent.map((x) => x.status),
          [422, 200],
        );
        assert.notEqual(sent[0].idempotencyKey, sent[1].idempotencyKey);
      }));

    for (const [code, flag] of [
      ['EMAIL_NOT_VERIFIED', { emailVerified: false }],
      ['QUESTIONS_BLOCKED', { questionsBlocked: true }],
    ] as const) {
      test(`${code}: exit 4 with its hint, not retried`, () =>
        ownSandbox(async (sb) => {
          await sb.control('POST', 'seller', flag);
          const r = await run(['questions', 'answer', String(Q.unanswered), '--text', 'Yes.'], sb);
          assert.equal(r.code, 4);
          assert.match(r.stderr, new RegExp(`\\(403 ${code}\\)`));
          assert.match(r.stderr, /^hint: /m);
          assert.equal((await answers(sb)).length, 1);
        }));
    }

    // timeScale 0.25: the 5-a-minute window lasts 15 s, so Retry-After is at most 15 s. The CLI's
    // first try must land inside the window the test filled: a 3 s window (0.05) was missed when two
    // suites ran at once on two CPUs and a CLI took longer than that to start.
    test('QUESTION_ANSWER_RATE_LIMIT: waits Retry-After and resends with the SAME idempotency key', () =>
      ownSandbox(
        async (sb) => {
          const ids: number[] = [];
          for (let i = 0; i < 6; i++)
            ids.push((await sb.control('POST', 'questions', { productId: P.activeManual, text: `Question ${i}?` })).id);
          for (const id of ids.slice(0, 5))
            assert.equal((await sb.api('POST', `/api/v2/questions/${id}/answer`, { answer: 'Yes.' })).status, 200);
          await sb.control('DELETE', 'requests');
          const r = await run(['questions', 'answer', String(ids[5]), '--text', 'Yes, sixth.'], sb);
          assert.equal(r.code, 0, r.stderr);
          const sent = await answers(sb);
          assert.deepEqual(
            sent.map((x) => x.status),
            [429, 200],
          );
          assert.equal(sent[0].idempotencyKey, sent[1].idempotencyKey);
          assert.equal((await question(sb, ids[5]!)).answer, 'Yes, sixth.');
        },
        { timeScale: 0.25 },
      ));

    // A real minute: --no-wait never waits, and the window cannot run out before the CLI asks.
    test('QUESTION_ANSWER_RATE_LIMIT with --no-wait: exit 5 with the hint', () =>
      ownSandbox(
        async (sb) => {
          const ids: number[] = [];
          for (let i = 0; i < 6; i++)
            ids.push((await sb.control('POST', 'questions', { productId: P.activeManual, text: `Question ${i}?` })).id);
          for (const id of ids.slice(0, 5)) await sb.api('POST', `/api/v2/questions/${id}/answer`, { answer: 'Yes.' });
          const r = await run(['questions', 'answer', String(ids[5]), '--text', 'Yes.', '--no-wait'], sb);
          assert.equal(r.code, 5);
          assert.match(r.stderr, /\(429 QUESTION_ANSWER_RATE_LIMIT\)/);
          assert.match(r.stderr, /hint: at most 5 answers a minute and 20 an hour/);
        },
        { timeScale: 1 },
      ));

    test("another seller's question: 404 with a hint, exit 1", () =>
      ownSandbox(async (sb) => {
        const r = await run(['questions', 'answer', String(Q.other), '--text', 'Hi.'], sb);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /hint: no question 6008 on your listings/);
      }));

    test('--dry-run sends nothing', () =>
      ownSandbox(async (sb) => {
        const r = await run(['questions', 'answer', String(Q.unanswered), '--text', 'Yes.', '--dry-run'], sb);
        assert.equal(r.code, 0);
        assert.match(r.stdout, /dry run: nothing sent\nPOST \/api\/v2\/questions\/6001\/answer /);
        assert.equal((await answers(sb)).length, 0);
      }));
  });

  describe('questions inbox', () => {
    test('refuses to start without a terminal: exit 2, points to `questions answer`, sends nothing', () =>
      ownSandbox(async (sb) => {
        const r = await run(['questions', 'inbox'], sb);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /needs a terminal/);
        assert.match(r.stderr, /svc questions answer ID --text/);
        assert.equal(((await sb.control('GET', 'requests')) as any[]).length, 0);
      }));
  });
});
