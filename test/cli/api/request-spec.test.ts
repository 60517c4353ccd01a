// what `svc api` sends, decided before anything is sent. A table of paths and what
// they become; the refusals (another host, outside the API, a .. segment, a bad key) as errors.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../../../src/api/errors.js';
import { apiPath, checkGivenKey, parseFields, routeFor } from '../../../src/cli/api/request-spec.js';

const BASE = 'http://127.0.0.1:4010';

describe('svc api: the request', () => {
  test('paths become routes of the table when they match, ad-hoc routes of the family otherwise', () => {
    const cases: [string, string, string, string, boolean][] = [
      // method, path, route name, family, write
      ['GET', '/api/v2/me', 'me', 'v2', false],
      ['PATCH', '/api/v2/products/101', 'updateProduct', 'v2', true],
      ['GET', '/api/v2/products?status=approved', 'listProducts', 'v2', false],
      ['GET', '/api/v1/balance', 'v1Balance', 'v1', false],
      ['GET', '/api/service/balance', 'v1Balance', 'v1', false],
      ['DELETE', '/api/api-keys/3', 'revokeKey', 'keys', false],
      ['POST', '/api/v2/something/new', 'api POST /api/v2/something/new', 'v2', true],
      ['DELETE', '/api/v2/things/1', 'api DELETE /api/v2/things/1', 'v2', true],
    ];
    for (const [method, path, name, family, write] of cases) {
      const r = routeFor(method as any, path);
      assert.deepEqual([r.route.name, r.route.family, Boolean(r.route.write)], [name, family, write], path);
    }
    assert.deepEqual(routeFor('GET', '/api/v2/products?status=approved&limit=5').query, {
      status: 'approved',
      limit: '5',
    });
    assert.deepEqual(routeFor('PATCH', '/api/v2/products/101').params, { id: '101' });
  });

  test('only the profile own service: another host, a path outside /api, a .. segment are refused', () => {
    assert.equal(apiPath(`${BASE}/api/v2/me?x=1`, BASE), '/api/v2/me?x=1');
    assert.equal(apiPath('api/v2/me', BASE), '/api/v2/me');
    assert.throws(() => apiPath('http://127.0.0.2:4010/api/v2/me', BASE), UsageError);
    assert.throws(
      () => apiPath('https://127.0.0.1:4010/api/v2/me', BASE),
      UsageError,
      'another scheme is another origin',
    );
    assert.throws(() => routeFor('GET', '/_sandbox/requests'), UsageError);
    assert.throws(() => routeFor('GET', '/api/v2/../_sandbox/requests'), UsageError);
    assert.throws(() => routeFor('GET', '/api/v2x/me'), UsageError);
  });

  test('-f is a string, -F is JSON when it parses; key=value is required', () => {
    assert.deepEqual(parseFields(['a=1', 'b=x=y'], ['n=1990', 'ok=true', 'o={"k":[1]}', 's=plain']), {
      a: '1',
      b: 'x=y',
      n: 1990,
      ok: true,
      o: { k: [1] },
      s: 'plain',
    });
    assert.throws(() => parseFields(['novalue'], []), UsageError);
  });

  test('--idempotency-key: the service shape, on a v2 write only', () => {
    assert.doesNotThrow(() => checkGivenKey('abcdefghijklmnop1234', true));
    assert.throws(() => checkGivenKey('short', true), UsageError);
    assert.throws(() => checkGivenKey('abcdefghijklmnop1234', false), UsageError);
  });
});
