// GET /healthz says when confirmations are starved (the service asked to wait, or forged posts
// spent the day's room): 503 {"ok":false,"degraded":why}, so a monitor sees it; 200 otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startReceiver } from '../../src/webhooks/receiver.js';

test('/healthz: 200 {"ok":true}, then 503 with the reason while starved, then 200 again', async (t) => {
  let why: string | undefined;
  const r = await startReceiver({
    host: '127.0.0.1',
    port: 0,
    path: '/',
    health: true,
    degraded: () => why,
    accept: async () => 'received',
    afterAnswer: () => undefined,
    log: () => undefined,
  });
  t.after(() => r.close(0));
  const health = async () => {
    const res = await fetch(`http://127.0.0.1:${r.port}/healthz`);
    return { status: res.status, body: await res.json() };
  };
  assert.deepEqual(await health(), { status: 200, body: { ok: true } });
  why = 'the service asked to wait until 2026-11-28T06:00:00.000Z (Retry-After)';
  assert.deepEqual(await health(), { status: 503, body: { ok: false, degraded: why } });
  why = undefined;
  assert.deepEqual(await health(), { status: 200, body: { ok: true } });
});
