// Ledgers an earlier version named by the pool secret and the base URL as spelled are folded into
// the account's one ledger (svc decision "one identity"): what they knew is still known.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { adoptUrlLedgers, urlLedgerFound } from '../../src/state/ledger-adopt.js';
import { accountLedgerPath, addedLogPath, readLedger, urlLedgerPath } from '../../src/state/pool-ledger.js';

const secret = Buffer.alloc(32, 7);
const at = '2026-01-01T00:00:00.000Z';

describe('ledgers of the URL-named era', () => {
  test('both spellings of the URL, and their added logs, are read as the account ledger after adoption', () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'svc-adopt-'));
    mkdirSync(join(stateDir, 'pools'), { recursive: true });
    const url = 'http://127.0.0.1:4010';
    const plain = urlLedgerPath(stateDir, secret, url);
    const slash = urlLedgerPath(stateDir, secret, `${url}/`);
    writeFileSync(plain, `${JSON.stringify({ t: 'sold', order: 7001, ids: ['AAAAbbbbbbbbbbbbbb'], at })}\n`);
    writeFileSync(slash, `${JSON.stringify({ t: 'sold', order: 7002, ids: ['AAAAcccccccccccccc'], at })}\n`);
    writeFileSync(
      addedLogPath(slash, 'x1'),
      `${JSON.stringify({ t: 'added', listing: 5, variant: null, ids: ['AAAAdddddddddddddd'], at })}\n`,
    );
    const file = accountLedgerPath(stateDir, 'account 1 seller 1');
    assert.equal(urlLedgerFound(stateDir, secret, url), plain, 'read where it lies before the first write');
    adoptUrlLedgers(stateDir, secret, url, file);
    assert.ok(!existsSync(plain) && !existsSync(slash), 'moved beside the account ledger');
    const state = readLedger(file, 'AAAA');
    assert.deepEqual([...state.sold.keys()].sort(), ['AAAAbbbbbbbbbbbbbb', 'AAAAcccccccccccccc']);
    assert.deepEqual([...state.added.keys()], ['AAAAdddddddddddddd']);
    assert.equal(urlLedgerFound(stateDir, secret, url), undefined);
  });
});
