// svc decision "one identity": one spelling of a base URL (what ledgers, locks and mirrors are
// named by), and the key sent only over https or to this machine.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkKeyTransport, normalBaseUrl } from '../../src/api/base-url.js';
import { UsageError } from '../../src/api/errors.js';

describe('base URL spelling and the key on the wire', () => {
  test('a trailing slash, the case of the host and a default port spell the same service', () => {
    const one = 'http://127.0.0.1:4010';
    for (const spelled of ['http://127.0.0.1:4010/', 'HTTP://127.0.0.1:4010//', ' http://127.0.0.1:4010 '])
      assert.equal(normalBaseUrl(spelled), one);
    assert.equal(normalBaseUrl('https://Market.Example:443/'), 'https://market.example');
    assert.equal(normalBaseUrl('http://market.example:80/api/'), 'http://market.example/api');
    assert.equal(normalBaseUrl('https://market.example:8443'), 'https://market.example:8443');
  });

  test('plain http to another machine is refused unless --insecure-http; https and loopback go', () => {
    for (const url of ['http://market.example', 'http://10.0.0.5:4010', 'http://[2001:db8::1]/'])
      assert.throws(
        () => checkKeyTransport(url, false),
        (e: unknown) => e instanceof UsageError && /plain http/.test(e.message),
      );
    for (const url of ['https://market.example', 'http://127.0.0.1:4010', 'http://localhost:9', 'http://[::1]:9'])
      assert.doesNotThrow(() => checkKeyTransport(url, false));
    assert.doesNotThrow(() => checkKeyTransport('http://market.example', true));
  });
});
