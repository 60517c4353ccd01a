// cli-spec 4: "No credential and no key is ever written to the journal."
import * as fs from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuthError, ValidationError } from '../../src/api/errors.js';
import { runJob } from '../../src/jobs/engine.js';
import { planChunks } from '../../src/jobs/plan.js';
import type { JobSpec, SendChunk } from '../../src/jobs/types.js';
import { tempStateDir } from './helpers.js';

const API_KEY = 'svc_v2_sk_Zq8uTn3LxV0bW9cR2mPa4s';
const CREDENTIALS = ['user1@mail.test:hunter2-secret', 'gamer_two:Pa55word!xyz', 'third-login:qwerty-9876'];

function stockSpec(): JobSpec {
  const refs = CREDENTIALS.map((_, i) => ({ line: i + 1 }));
  return {
    kind: 'stock',
    command: 'svc stock add 7 --file creds.txt',
    target: 'listing 7',
    input: { path: '/tmp/creds.txt', displayName: 'creds.txt', sha256: 'd'.repeat(64), size: 99 },
    chunks: planChunks([{ items: refs }], 2, (items) => ({ startOffset: items[0]!.line * 10, endOffset: 99 })),
    totalItems: refs.length,
  };
}

/** A stock sender holding the key and the credentials, as the real one does. */
function sendWithSecrets(sent: string[]): SendChunk {
  return async (chunk, key) => {
    const body = { items: chunk.items.map((r) => CREDENTIALS[r.line - 1]!) };
    sent.push(JSON.stringify({ headers: { 'x-api-key': API_KEY, 'Idempotency-Key': key }, body }));
    return { items: chunk.items.map((r) => ({ line: r.line, status: 'ok' })), summary: { added: chunk.items.length } };
  };
}

function assertNoSecrets(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(!text.includes(API_KEY), 'the API key is in the journal');
  for (const c of CREDENTIALS)
    assert.ok(!text.includes(c), `credential ${CREDENTIALS.indexOf(c) + 1} is in the journal`);
}

test('the journal holds neither the API key nor any credential the sender used', async (t) => {
  const stateDir = tempStateDir(t);
  const sent: string[] = [];
  const result = await runJob(stockSpec(), sendWithSecrets(sent), { stateDir });
  assert.equal(result.state, 'done');
  assert.ok(sent.join('').includes(CREDENTIALS[2]!), 'the sender did see the credentials');
  assertNoSecrets(result.journalPath);
});

test('a key echoed in a service message is masked before it is journaled', async (t) => {
  const stateDir = tempStateDir(t);
  let first = true;
  const send: SendChunk = async (_chunk) => {
    if (first) {
      first = false;
      throw new ValidationError({ status: 400, message: `bad request for key ${API_KEY}` });
    }
    throw new AuthError({ status: 401, message: `key ${API_KEY} revoked` });
  };
  const result = await runJob(stockSpec(), send, { stateDir });
  assert.equal(result.state, 'aborted');
  assertNoSecrets(result.journalPath);
  assert.match(fs.readFileSync(result.journalPath, 'utf8'), /\[redacted key\]/);
});
