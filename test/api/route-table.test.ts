// The one typed route table: route names are a union type and each route's answer
// type comes from its schema, so a misspelled route name or an answer used as the wrong type
// fails to compile. The `@ts-expect-error` lines below are the planted mistakes: `npm run
// typecheck` fails ("Unused '@ts-expect-error' directive") the day one of them compiles.
// The runtime half: every route has what the request core and the sandbox need.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_ANSWER_BYTES } from '../../src/api/assumptions.js';
import { checkAnswer } from '../../src/api/answers.js';
import { ApiClient, type ApiResponse } from '../../src/api/client.js';
import { BadAnswerError } from '../../src/api/errors.js';
import { Resource } from '../../src/api/resources/call.js';
import type { ItemResult, Listing, Order, StockAddResult } from '../../src/api/responses.js';
import { isRouteName, ROUTES, routeByName, type AnswerOf } from '../../src/api/routes.js';
import type { RouteHandlers } from '../../src/sandbox/handlers/context.js';
import { HANDLERS } from '../../src/sandbox/handlers/index.js';
import { FakeClock, ok, scriptedTransport, V2_KEY } from './fakes.js';

// Compile-time checks only: never called (`void` below keeps it a used local).
function plantedMistakes(c: ApiClient): unknown[] {
  class Wrong extends Resource {
    order(): Promise<ApiResponse<Order>> {
      return this.read('getOrder', { params: { id: 1 } }); // right: getOrder answers an Order
    }
    stock(): Promise<ApiResponse<StockAddResult>> {
      // @ts-expect-error getOrder answers an Order, not a StockAddResult
      return this.read('getOrder', { params: { id: 1 } });
    }
  }
  const orders: AnswerOf<'listOrders'> = [];
  // @ts-expect-error a list route answers an array, not one Order
  const one: AnswerOf<'listOrders'> = { id: 1 };
  const handlers = {
    // @ts-expect-error no route is called getOrdr
    getOrdr: HANDLERS.getOrder,
  } satisfies RouteHandlers;
  return [
    Wrong,
    orders,
    one,
    handlers,
    // @ts-expect-error no route is called getOrdr
    c.request({ route: 'getOrdr' }),
    // @ts-expect-error no route is called getOrdr
    routeByName('getOrdr'),
  ];
}
void plantedMistakes;

// a route names its schema (`page('Listing')`) instead of holding it; the answer types
// are still exactly the schemas' (each line fails to compile if a type drifts either way).
// (identity, not mutual assignability: loose objects with an index signature assign both ways)
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameTypes: [
  Same<AnswerOf<'getOrder'>, Order>,
  Same<AnswerOf<'listProducts'>, Listing[]>,
  Same<AnswerOf<'updateProduct'>, Listing | undefined>,
  Same<AnswerOf<'bulkPrice'>, ItemResult[]>,
  Same<AnswerOf<'addStock'>, StockAddResult>,
] = [true, true, true, true, true];
void sameTypes;

test('every route has a method, a path, what it answers, a list flag and a size cap', () => {
  assert.equal(ROUTES.length, 37);
  for (const r of ROUTES) {
    assert.ok(['GET', 'POST', 'PATCH', 'DELETE'].includes(r.method), r.name);
    assert.ok(r.answer.shape === 'none' || r.answer.schema, `${r.name} names the schema it answers`);
    assert.equal(r.list, r.answer.shape === 'page', `${r.name}: paged iff a list`);
    const many = r.answer.shape === 'page' || r.answer.shape === 'array';
    assert.equal(r.maxBytes, many ? MAX_ANSWER_BYTES.list : MAX_ANSWER_BYTES.one, r.name);
    assert.equal(r.family === 'v2' ? r.scope !== undefined || ['me', 'usage'].includes(r.name) : !r.scope, true);
    assert.ok(isRouteName(r.name));
    assert.equal(typeof HANDLERS[r.name], 'function', `the sandbox serves ${r.name}`);
  }
  assert.equal(isRouteName('getOrdr'), false);
});

test("an answer is checked by its route's schema before a caller sees it", async () => {
  const clock = new FakeClock();
  const { transport } = scriptedTransport([ok({ id: 'ORD-1' })], clock);
  const c = new ApiClient({ baseUrl: 'http://127.0.0.1:1', keys: { v2: V2_KEY }, transport, clock });
  const err = await c.request({ route: 'getOrder', params: { id: 1 } }).catch((e) => e);
  assert.ok(err instanceof BadAnswerError, String(err));
  assert.match(err.message, /GET \/api\/v2\/orders\/1.*data\.id/);
  // a list route's answer must be an array; a results route's must hold `results`
  // (checkAnswer is async: a no loads zod lazily to name the field)
  await assert.rejects(checkAnswer(routeByName('listOrders'), 'GET /api/v2/orders', { data: { id: 1 } }), /array/);
  await assert.rejects(checkAnswer(routeByName('bulkPrice'), 'PATCH x', { data: [] }), /results/);
  // a write whose answer the spec does not show may have no data (A5)
  await checkAnswer(routeByName('updateProduct'), 'PATCH x', { success: true });
});
