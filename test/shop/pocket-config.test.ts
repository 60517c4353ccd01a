// shop.yaml's pocket-shop keys: telegram allowlist, digest, language, a WhatsApp channel, a JSON
// webhook with a plain url: and headers; each problem at its own line.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadShopConfig } from '../../src/shop/config.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-pocket-config-'));
writeFileSync(join(dir, 'pool.csv'), 'credential\n');
const file = (name: string, lines: string[]) => {
  const p = join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};
const RULES = ['rules:', '  - listing: 111', '    pool: pool.csv', '    target: 5'];

test('the pocket keys read: the bot allowlist, the digest, the language, WhatsApp, a webhook url and headers', async () => {
  const p = file('good.yaml', [
    ...RULES,
    'language: en',
    'notify:',
    '  - name: vendas',
    '    type: telegram',
    '    chatId: -1001234567890',
    '    threadId: 7',
    '  - name: zap',
    '    type: whatsapp',
    '    baseUrl: http://192.168.0.10:8080',
    '    instance: loja',
    '    to: "5511987654321"',
    '    events: [sale, digest]',
    '  - name: erp',
    '    type: webhook',
    '    url: https://erp.example.com/svc',
    '    headers: { Authorization: ERP_TOKEN }',
    'telegram:',
    '  channel: vendas',
    '  users: [4242, "4343"]',
    'digest:',
    '  at: "21:00"',
    '  weekly: sunday',
  ]);
  const r = await loadShopConfig(p);
  assert.ok(r.ok, !r.ok ? r.problems.join('\n') : '');
  const c = r.config;
  assert.equal(c.language, 'en');
  assert.deepEqual([...c.bot!.users], ['4242', '4343']);
  assert.equal(c.bot!.commandsPerMinute, 20);
  assert.deepEqual(c.digest, { at: '21:00', zone: 'America/Sao_Paulo', weekly: 'sunday' });
  assert.equal(c.channels[0]!.threadId, 7);
  assert.deepEqual(
    { baseUrl: c.channels[1]!.baseUrl, instance: c.channels[1]!.instance, to: c.channels[1]!.to },
    { baseUrl: 'http://192.168.0.10:8080', instance: 'loja', to: '5511987654321' },
  );
  assert.equal(c.channels[2]!.url, 'https://erp.example.com/svc');
  assert.deepEqual(c.channels[2]!.headers, { Authorization: 'ERP_TOKEN' });
});

test('each pocket problem at its line: a bad zone and hour, a bot on no telegram channel, WhatsApp over plain http on the internet, a language', async () => {
  const p = file('bad.yaml', [
    ...RULES, // 1-4
    'language: fr', // 5
    'notify:', // 6
    '  - name: zap', // 7
    '    type: whatsapp', // 8
    '    baseUrl: http://evolution.example.com', // 9
    '    instance: loja', // 10
    '    to: "5511987654321"', // 11
    'telegram:', // 12
    '  channel: zap', // 13
    '  users: [4242]', // 14
    'digest:', // 15
    '  at: "25:00"', // 16
    '  zone: America/Atlantis', // 17
  ]);
  const r = await loadShopConfig(p);
  assert.equal(r.ok, false);
  const lines = !r.ok ? r.problems.map((x) => x.slice(p.length + 1)) : [];
  assert.ok(
    lines.some((l) => l.startsWith('5: language:')),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((l) => l.startsWith('9: notify.0.baseUrl: baseUrl must be https')),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((l) => l.startsWith('16: digest.at:')),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((l) => l.startsWith('17: digest.zone:')),
    lines.join('\n'),
  );
  const again = await loadShopConfig(
    file('bot.yaml', [
      ...RULES,
      'notify:',
      '  - name: zap',
      '    type: discord',
      'telegram:',
      '  channel: zap',
      '  users: [4242]',
    ]),
  );
  assert.deepEqual(!again.ok ? again.problems.map((x) => x.slice(x.indexOf(':', 1) + 1)) : [], [
    '9: telegram.channel: "zap" is not a telegram channel of notify',
  ]);
});
