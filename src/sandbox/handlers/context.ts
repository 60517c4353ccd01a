// What every route handler receives. Handlers are plain functions from a context to a Reply;
// they throw SandboxError for refusals. The route table (src/api/routes.ts) names them.
import type { RouteDef, RouteName } from '../../api/routes.js';
import type { Reply } from '../envelope.js';
import type { Runtime } from '../runtime.js';
import type { Account, KeyRecord, SandboxData } from '../state.js';

export interface HandlerContext {
  rt: Runtime;
  data: SandboxData;
  account: Account;
  key: KeyRecord;
  route: RouteDef;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  now: number; // sandbox clock, ms
  nowIso: string;
}

export type Handler = (ctx: HandlerContext) => Reply | Promise<Reply>;
/** Some routes' handlers, by route name: a name not in the route table does not compile. */
export type RouteHandlers = Partial<Record<RouteName, Handler>>;
