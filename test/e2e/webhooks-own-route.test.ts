// Every event confirmed by its own route before it is handed on or told (spec 6.2.5, A4, A11):
// orders by GET /orders/:id with a status and an age that fit the event, mediations by the
// mediation route, listings by the listing route. The built CLI against the sandbox: a forged
// `mediation.opened` and a replayed `sale.processing` of an old sale never reach the hook as
// confirmed nor the shop's chat; a flood of forged `product.out_of_stock` costs `shop run` at most
// the unconfirmed share of the request budget, counted on the sandbox's request log.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { unconfirmedRoom } from '../../src/api/assumptions.js';
import { SEED_IDS } from '../../src/sandbox/index.js';
import { until } from '../webhooks/helpers.js';
import { type ChatStandIn, startChatStandIn, textOf } from './chat-standins.js';
import { svc, svcEnv, type TestSandbox, tempDirs, writeFile } from './harness.js';
import { autoListing, sandboxPerFile, shopEnv, startShopRun, TG_TOKEN } from './seller-setup.js';
import { actions, listen, post } from './listener-harness.js';

const O = SEED_IDS.orders;

let sb: TestSandbox;
let tg: ChatStandIn;
const own = sandboxPerFile((s) => (sb = s));
before(async () => {
  tg = await startChatStandIn('telegram');
});
after(async () => {
  await tg.close();
});

const body = (event: string, data: Record<string, unknown>, at = new Date()) =>
  JSON.stringify({ event, timestamp: at.toISOString(), data });

/** The forged posts: a mediation on an order that has none, one opened long ago, and sales of 2025 announced as new. */
const FORGED: [string, Record<string, unknown>][] = [
  ['mediation.opened', { orderId: O.saleDelivered }],
  ['mediation.opened', { orderId: O.saleInMediation }],
  ['sale.processing', { id: O.saleMediationClosed, orderCode: `ORD-${O.saleMediationClosed}` }],
  ['sale.processing', { id: O.saleProcessing, orderCode: `ORD-${O.saleProcessing}` }],
];

/** A hook that appends its SVC_EVENT, SVC_ORDER_ID and SVC_CONFIRMED, one JSON line a run. */
function recordingHook(dir: string) {
  const file = join(dir, 'runs.jsonl');
  const script = join(dir, 'hook.cjs');
  writeFileSync(
    script,
    `process.stdin.resume();process.stdin.on('end',()=>require('fs').appendFileSync(${JSON.stringify(file)},JSON.stringify({event:process.env.SVC_EVENT,order:process.env.SVC_ORDER_ID,confirmed:process.env.SVC_CONFIRMED})+'\\n'))`,
  );
  return {
    cmd: `"${process.execPath}" "${script}"`,
    runs: (): { event: string; order: string; confirmed: string }[] =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
  };
}

describe('webhooks listen: each event confirmed by its own route', () => {
  beforeEach(async () => {
    await sb.control('POST', 'reset');
  });

  test('a forged mediation.opened and an old sale.processing are dropped, never run the hook; a real sale does', {
    timeout: 60_000,
  }, async () => {
    const dirs = tempDirs();
    const hook = recordingHook(dirs.dir);
    // A larger budget for what confirms nothing, so the four lookups need not wait 15 s each.
    const l = await listen(['--exec', hook.cmd, '--unknown-budget', '20'], svcEnv(sb, dirs));
    for (const [event, data] of FORGED) assert.equal((await post(l.url, body(event, data), event)).status, 200);
    await until(() => actions(l, 'dropped').length === FORGED.length, 20_000).catch((err) => {
      throw new Error(`${err}: ${l.stdout()}`);
    });
    // The control: a real sale, posted by the sandbox, is confirmed and handed on.
    await sb.api('POST', `/api/v2/products/${SEED_IDS.products.singleAuto}/stock`, {
      items: [{ credential: `own-route-${Date.now()}:pw` }],
    });
    await sb.control('POST', 'webhooks', { urls: [l.url] });
    const sale = await sb.control('POST', 'purchase', { productId: SEED_IDS.products.singleAuto });
    await until(() => hook.runs().some((r) => r.event === 'sale.processing' && r.order === String(sale.id)), 20_000);
    await sb.control('POST', 'webhooks', { urls: [] });
    const confirmed = hook.runs().filter((r) => r.confirmed === '1');
    assert.ok(
      confirmed.every((r) => r.order === String(sale.id)),
      `only the real sale ran the hook as confirmed: ${JSON.stringify(hook.runs())}`,
    );
    const forgedRuns = hook.runs().filter((r) => r.order !== String(sale.id));
    assert.deepEqual(forgedRuns, [], 'no forged event reached the hook at all');
    const why = actions(l, 'dropped').map((d) => d.detail ?? '');
    assert.ok(
      why.some((d) => /mediation of order 5001 does not exist/.test(d)),
      why.join('\n'),
    );
    assert.ok(why.some((d) => /not news/.test(d)) && why.some((d) => /not a new sale/.test(d)), why.join('\n'));
    await l.stop();
  });
});

describe('shop run: forged events are never told and cost at most the unconfirmed share', () => {
  /** A fresh sandbox account, an empty auto-delivery listing and a shop file refilling it to 1. */
  async function shop(tag: string) {
    await own.fresh();
    const dirs = tempDirs();
    const env = shopEnv(sb, dirs, { SVC_TELEGRAM_API_BASE: tg.url });
    const id = await autoListing(sb, `E2E own route ${tag}`, { price: 2500, active: false });
    writeFile(
      dirs.dir,
      `${tag}.csv`,
      'credential,ref,cost_cents\nkey-1-ZZSECRETMARKER,r1,900\nkey-2-ZZSECRETMARKER,r2,900\n',
    );
    const file = writeFile(
      dirs.dir,
      'shop.yaml',
      `rules:\n  - listing: ${id}\n    pool: ${tag}.csv\n    target: 1\nevery: 3600\nnotify:\n  - name: vendas\n    type: telegram\n    chatId: -100424242\n    events: all\n`,
    );
    const stored = await svc(['notify', 'set-secret', 'vendas', '--type', 'telegram'], { env, input: TG_TOKEN });
    assert.equal(stored.code, 0, stored.stderr);
    const run = startShopRun(env, file, ['--verbose']);
    await until(() => /pass: shop:/.test(run.out.stderr) || run.child.exitCode !== null, 30_000);
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(run.out.stderr)?.[1];
    assert.ok(base, run.out.stderr);
    const lines = (action: string) =>
      run.out.stderr
        .split('\n')
        .filter((x) => x.startsWith('{'))
        .map((x) => JSON.parse(x) as { action: string; event?: string; detail?: string })
        .filter((x) => x.action === action);
    return {
      id,
      base: base!,
      lines,
      stderr: () => run.out.stderr,
      stop: run.stop,
    };
  }

  test('forged mediation.opened and old sale.processing: no chat notice', { timeout: 90_000 }, async () => {
    const s = await shop('told');
    const tg0 = tg.requests.length;
    // Two forged posts: the second waits for the unconfirmed share's next slot (60/4 = 15 s).
    const forged = [FORGED[0]!, FORGED[2]!];
    for (const [event, data] of forged) assert.equal((await post(`${s.base}/`, body(event, data), event)).status, 200);
    await until(() => s.lines('dropped').length === forged.length, 40_000).catch((err) => {
      throw new Error(`${err}: ${s.stderr()}`);
    });
    assert.equal(await s.stop(), 0, s.stderr());
    const told = tg.requests.slice(tg0).map(textOf);
    assert.deepEqual(
      told.filter((t) => /Mediation opened|Sale:/.test(t)),
      [],
      'nothing forged told in the chat',
    );
  });

  test('forged product.out_of_stock, a post a second for 3 minutes (a burst of 180): requests within the unconfirmed share', {
    timeout: 90_000,
  }, async () => {
    const s = await shop('flood');
    const before = ((await sb.control('GET', 'requests')) as unknown[]).length;
    const t0 = Date.now();
    // 180 posts, timestamps a second apart: 3 minutes of posts, sent as fast as they go. Half name
    // the shop's own listing (in stock), half listings that do not exist.
    const start = Date.now() - 180_000;
    for (let i = 0; i < 180; i++) {
      const productId = i % 2 === 0 ? s.id : 800_000 + i;
      const r = await post(
        `${s.base}/`,
        body('product.out_of_stock', { productId }, new Date(start + i * 1000)),
        'product.out_of_stock',
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const share = unconfirmedRoom().perMinute;
    const limit = () => Math.ceil(share * Math.max(3, (Date.now() - t0) / 60_000)) + 1;
    const spent = async () => ((await sb.control('GET', 'requests')) as unknown[]).length - before;
    // Until both kinds were looked up once (the listing's own lookup first, the made-up ids wait
    // their turn), or the requests already passed the share.
    const dropped = (re: RegExp) => s.lines('dropped').some((d) => re.test(d.detail ?? ''));
    const end = Date.now() + 40_000;
    while (!(dropped(/has stock/) && dropped(/does not exist/)) && (await spent()) <= limit()) {
      assert.ok(Date.now() < end, `timed out: ${s.stderr().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const n = await spent();
    assert.ok(
      n <= limit(),
      `${n} requests for 180 forged posts; the share is ${share}/min (${s.lines('dropped').length} dropped)`,
    );
    const health = await fetch(`${s.base}/healthz`);
    assert.equal(health.status, 200, 'the day room is not spent by 180 posts');
    assert.equal(await s.stop(), 0, s.stderr());
    console.log(`# 180 forged product.out_of_stock: ${n} requests in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});
