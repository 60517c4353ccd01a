// Who counts as one sender for the per-address shares: an IPv6 host is given a whole /64 and can
// post from any address in it, so its /64 is one sender; IPv4 addresses are their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { senderGroup } from '../../src/webhooks/senders.js';

test('IPv6 addresses of one /64 are one sender; another /64 is another', () => {
  const a = senderGroup('2001:db8:0:1::5');
  assert.equal(a, '2001:db8:0:1::/64');
  assert.equal(senderGroup('2001:DB8:0:1:ffff:1:2:3'), a);
  assert.equal(senderGroup('2001:db8:0:1:0:0:0:9'), a);
  assert.notEqual(senderGroup('2001:db8:0:2::5'), a);
  assert.equal(senderGroup('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(senderGroup('::1'), '0:0:0:0::/64');
});

test('IPv4 addresses stay their own sender', () => {
  assert.equal(senderGroup('192.0.2.7'), '192.0.2.7');
  assert.notEqual(senderGroup('192.0.2.8'), senderGroup('192.0.2.7'));
});
