// The listener's live log (src/ui/webhook-log.tsx) rendered to a string: what a seller sees.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import React from 'react';
import { render } from 'ink';
import { startWebhookLog } from '../../src/ui/index.js';
import { WebhookLog, type WebhookLogState } from '../../src/ui/webhook-log.js';

function renderToString(state: WebhookLogState): string {
  // Every write is kept: under CI=true Ink ends with an extra write of its own (a lone newline),
  // so the last write alone is not the frame.
  let out = '';
  const stdout = Object.assign(new EventEmitter(), {
    columns: 140,
    rows: 30,
    isTTY: false,
    write: (s: string) => {
      out += s;
      return true;
    },
  });
  const instance = render(React.createElement(WebhookLog, { state }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    patchConsole: false,
  });
  instance.unmount();
  return out.replace(/\u001b\[[0-9;]*m/g, '');
}

test('the live log shows each action with event, order and time, and sender text stripped of escapes', () => {
  const text = renderToString({
    url: 'http://127.0.0.1:8787/',
    mode: 'confirming order events · forward to http://127.0.0.1:3000/hook',
    pending: 1,
    stopping: false,
    batch: 1,
    seen: true,
    counts: { received: 2, forwarded: 1 },
    lines: [
      {
        at: '2026-11-21T10:00:01.000Z',
        action: 'received',
        event: 'order.delivered',
        orderId: 7001,
        ms: 3,
        status: 200,
      },
      {
        at: '2026-11-21T10:00:02.000Z',
        action: 'failed',
        event: 'sale.processing',
        orderId: 7001,
        ms: 12,
        attempt: 2,
        retryInS: 1,
        detail: 'handler exited 3: \u001b[31mboom\u001b]0;title\u0007',
      },
    ],
  });
  assert.match(text, /listening on http:\/\/127\.0\.0\.1:8787\//);
  assert.match(text, /10:00:01\s+received\s+order\.delivered\s+#7001\s+3ms\s+200/);
  assert.match(text, /attempt 2 · retry in 1s · handler exited 3: boom/);
  assert.doesNotMatch(text, /title/);
  assert.match(text, /2 received · 0 duplicates · 1 handed on .* 1 pending/);
});

// every event stays in the scrollback. Each line is written once, above the redrawn
// counters (<Static>); the old window redrew the latest 20 lines on every event, so a line was
// written many times and the first ones left the screen.
test('the live log prints every event once, into the scrollback, however many there are', async () => {
  let out = '';
  const stdout = Object.assign(new EventEmitter(), {
    columns: 140,
    rows: 12,
    isTTY: true,
    // A write's callback runs, as a stream's does: ink 8 waits on an empty write before its exit
    // promise resolves.
    write: (s: string, done?: unknown) => {
      out += s;
      if (typeof done === 'function') done();
      return true;
    },
  });
  const io = { stdout, stderr: stdout, stdin: process.stdin } as unknown as Parameters<typeof startWebhookLog>[0];
  const log = startWebhookLog(io, { url: 'http://127.0.0.1:8787/', mode: 'forward' });
  const n = 60;
  for (let i = 0; i < n; i++) {
    log.add({
      at: '2026-11-21T10:00:01.000Z',
      action: 'received',
      event: 'order.delivered',
      orderId: 10_000 + i,
      ms: 1,
    });
    if (i % 7 === 0) log.setPending(i);
  }
  await log.done();
  const text = out.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  for (let i = 0; i < n; i++) {
    const times = text.split(`#${10_000 + i}`).length - 1;
    assert.equal(times, 1, `order #${10_000 + i} written ${times} times`);
  }
  assert.match(text, /60 received/);
});
