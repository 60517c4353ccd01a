/**
 * The typed resource layer (openai-node's `src/resources` is the model): one small
 * module per resource, one short method per operation, all through the one request core.
 *
 *   const api = await deps.api();                    // src/cli/shared/context.ts builds it once
 *   const { data } = await api.products.get(42);     // a read: typed, v1 or v2 picked inside
 *   const update = api.products.update(42, body);    // a write: built, not sent
 *   if (deps.globals.dryRun) show(update.describe()); // { route, method, path, body }
 *   else await update.send();
 *   for await (const page of api.orders.list({ type: 'sales' }).pages({ all: true })) …
 *
 * Rules of the layer:
 * - Reads return a promise of the answer; writes return a `Call` (`describe()` for `--dry-run`,
 *   `send()` to send it); lists return a `ListCall` (`send()` one page, `pages()` follow them).
 * - v1 or v2 is picked inside (cli-spec 1 `--api`, else v2 when a v2 key is there), with the v1
 *   money conversion (A3); a verb never names a route.
 * - Bodies are the request types of src/api/requests.ts (imported as types only: a read never
 *   builds the write schemas); answers are the types of src/api/responses.ts, not parsed here
 *   (verbs parse leniently, src/cli/shared/read.ts).
 * - The run's abort signal is bound once, when the layer is made.
 * - Bulk jobs never see an idempotency key: the job runner hands each chunk a `SendBound`
 *   already bound to the chunk's journaled key (`chunkSender`), and the chunk's code calls
 *   `send(api.products.bulkPrice(items))`.
 */
import type { ApiVersion } from '../assumptions.js';
import type { ApiClient, ApiResponse } from '../client.js';
import { Account, Keys } from './account.js';
import { pickVersion, type Call } from './call.js';
import { Mediations, Orders } from './orders.js';
import { Products } from './products.js';
import { Questions, Reviews } from './reviews.js';
import { Stock } from './stock.js';
import { Variants } from './variants.js';

export { Call, ListCall, pickVersion, type RequestPlan, type SendOptions } from './call.js';
export type { ProductQuery } from './products.js';
export type { OrderQuery } from './orders.js';
export type { QuestionQuery } from './reviews.js';

export interface ServiceApi {
  /** The version commands in both v1 and v2 use in this run. */
  version(): ApiVersion;
  products: Products;
  variants: Variants;
  stock: Stock;
  orders: Orders;
  mediations: Mediations;
  reviews: Reviews;
  questions: Questions;
  account: Account;
  keys: Keys;
}

export function serviceApi(client: ApiClient, opts: { signal: AbortSignal; api?: ApiVersion }): ServiceApi {
  const core = { client, signal: opts.signal, forced: opts.api };
  return {
    version: () => pickVersion(client.config.keys, opts.api),
    products: new Products(core),
    variants: new Variants(core),
    stock: new Stock(core),
    orders: new Orders(core),
    mediations: new Mediations(core),
    reviews: new Reviews(core),
    questions: new Questions(core),
    account: new Account(core),
    keys: new Keys(core),
  };
}

/** Sends a call of a bulk job's chunk with the chunk's key: the only way a chunk sends. */
export type SendBound = <T>(call: Call<T>) => Promise<ApiResponse<T>>;

/** The `SendBound` of one chunk: its journaled idempotency key and the job's signal. */
export function chunkSender(idempotencyKey: string, signal: AbortSignal): SendBound {
  return (call) => call.send({ idempotencyKey, signal });
}
