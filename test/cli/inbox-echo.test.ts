// the inbox says "published" only when the service's answer says the question is
// answered. In-process: the inbox's feed (src/cli/questions/inbox-feed.ts) over the real request
// core and undici, against the fake service (test/support/fake-service.ts), not the sandbox.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../../src/api/client.js';
import { serviceApi } from '../../src/api/resources/index.js';
import { closeTransport, undiciTransport } from '../../src/api/transport.js';
import { InboxFeed } from '../../src/cli/questions/inbox-feed.js';
import { json, sample, startFake, type FakeService } from '../support/fake-service.js';

const fakes: FakeService[] = [];
after(async () => {
  await closeTransport();
  await Promise.all(fakes.map((f) => f.close()));
});

async function feedAgainst(f: FakeService): Promise<InboxFeed> {
  const client = new ApiClient({
    baseUrl: f.url,
    keys: { v2: 'svc_v2_sk_INBOXTESTinboxtest0123' },
    transport: undiciTransport(),
    timeoutMs: 10_000,
  });
  return new InboxFeed(serviceApi(client, { signal: new AbortController().signal }));
}

test('an answer echoed as unanswered is not "published": skip, with the reason and a hint', async () => {
  const f = await startFake();
  fakes.push(f);
  f.on('answerQuestion', (req) => json({ data: sample.question(Number(req.params.id)) }));
  const out = await (await feedAgainst(f)).send(7, 'Yes, it is included.');
  assert.equal(out.ok, false);
  assert.ok(!out.ok && out.failure === 'skip');
  assert.match(!out.ok ? out.message : '', /accepted the answer to question #7 but returned it as "unanswered"/);
});

test('an answer echoed as answered is published', async () => {
  const f = await startFake();
  fakes.push(f);
  const out = await (await feedAgainst(f)).send(7, 'Yes, it is included.');
  assert.equal(out.ok, true);
});
