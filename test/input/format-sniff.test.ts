// what `--file -` (no extension) says it is, from its first lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { looksLikeHeader, sniffCredentialFormat } from '../../src/input/format-sniff.js';

function sniff(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sniff-'));
  try {
    const file = join(dir, 'in');
    writeFileSync(file, text);
    return sniffCredentialFormat(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('CSV: a credential header (any delimiter, BOM), or rows of credential, ref and cost', () => {
  assert.equal(sniff('credential,ref,cost\nacct0:pw,BATCH-0,"1,50"\n'), 'csv');
  assert.equal(sniff('\uFEFFCredential;Ref;Cost_Cents\r\nx;R;150\r\n'), 'csv');
  assert.equal(sniff('credential\nkey-1\n'), 'csv');
  assert.equal(sniff('acct0:pw,BATCH-0,"1,50"\nacct1:pw,BATCH-1,2\n'), 'csv');
  assert.equal(sniff('acct0:pw;;1,50\n'), 'csv');
});

test('JSONL: a first line starting with {', () => {
  assert.equal(sniff('{"credential":"k"}\n'), 'jsonl');
  assert.equal(sniff('  {"credential":"k"}\n'), 'jsonl');
});

test('one credential per line stays lines, commas and digits included', () => {
  assert.equal(sniff('user1:pass1\nuser2:pass2\n'), undefined);
  assert.equal(sniff('AAAA-BBBB-CCCC\nDDDD-EEEE-FFFF\n'), undefined);
  assert.equal(sniff('login: a, b\npassword: c\n---\n'), undefined);
  assert.equal(sniff('key,with,commas\nplain\nplain2\n'), undefined);
  assert.equal(sniff(''), undefined);
});

test('a header line is recognised whole, not a credential that starts with the word', () => {
  assert.ok(looksLikeHeader('credential,ref,cost'));
  assert.ok(looksLikeHeader('"credential","ref","cost_cents"'));
  assert.ok(!looksLikeHeader('credential:hunter2'));
  assert.ok(!looksLikeHeader('credentials'));
  // the fast no leaves every way a header may start to the regex
  for (const start of ['', ' ', '\t', '\uFEFF', '\u00A0', '"']) {
    assert.ok(looksLikeHeader(`${start}Credential;ref`), JSON.stringify(start));
    assert.ok(looksLikeHeader(`${start}CREDENTIAL`), JSON.stringify(start));
  }
  assert.ok(!looksLikeHeader('user:credential'));
});
