// One request of a resource, built and not yet sent: `describe()` is what a `--dry-run` plan
// shows, `send()` goes through the one request core (src/api/client.ts). The run's abort
// signal is bound once, in the core every resource shares.
import type { ApiVersion } from '../assumptions.js';
import type { ApiClient, ApiResponse, RequestOptions } from '../client.js';
import type { ListPage } from '../paging.js';
import { NeedsV1KeyError, NeedsV2KeyError } from '../errors.js';
import { routeByName, type AnswerOf, type ItemOf, type Method, type RouteDef, type RouteName } from '../routes.js';

/** What every resource shares: the request core, the run's abort signal, and `--api`. */
export interface ResourceCore {
  client: ApiClient;
  signal: AbortSignal;
  /** `--api v1|v2` (cli-spec 1); else v2 when a v2 key is there. */
  forced?: ApiVersion;
}

/** A request as a `--dry-run` plan shows it: nothing is sent to build it. */
export interface RequestPlan {
  /** The route's name in src/api/routes.ts (`bulkPrice`, `updateVariants`). */
  route: RouteName;
  method: Method;
  /** Prefix, path and query, e.g. `/api/v2/products/42/variants`. */
  path: string;
  body?: unknown;
}

export interface SendOptions {
  /** A bulk job's journaled key (spec 4.1.1); other writes get a fresh one per call. */
  idempotencyKey?: string;
  /** Instead of the run's signal (the job engine passes its own). */
  signal?: AbortSignal;
}

type RequestParts = Pick<RequestOptions, 'params' | 'query' | 'body'>;

/** A request of route `N`, answering `T` (the route table's answer of `N`, checked). */
export class Call<T, N extends RouteName = RouteName> {
  readonly route: RouteDef;

  constructor(
    protected readonly core: ResourceCore,
    protected readonly name: N,
    protected readonly parts: RequestParts = {},
  ) {
    this.route = routeByName(name);
  }

  describe(): RequestPlan {
    const { method, name } = this.route;
    const plan: RequestPlan = {
      route: name,
      method,
      path: this.core.client.pathOf(this.route, this.parts.params, this.parts.query),
    };
    if (this.parts.body !== undefined) plan.body = this.parts.body;
    return plan;
  }

  send(opts: SendOptions = {}): Promise<ApiResponse<T>> {
    return this.core.client.request({
      route: this.name,
      ...this.parts,
      idempotencyKey: opts.idempotencyKey,
      signal: opts.signal ?? this.core.signal,
    }) as Promise<ApiResponse<T>>; // T is AnswerOf<N>: the resource methods below tie them
  }
}

/** A list route: one page with `send()`, or page after page (cli-spec 1 `--all`). */
export class ListCall<T, N extends RouteName = RouteName> extends Call<T[], N> {
  pages(opts: { limit?: number; all?: boolean; maxPages?: number }): AsyncGenerator<ListPage<T>> {
    return this.core.client.pages({
      route: this.name,
      ...this.parts,
      ...opts,
      signal: this.core.signal,
    }) as AsyncGenerator<ListPage<T>>;
  }
}

/** cli-spec 1 `--api`: the version a command that exists in both uses. */
export function pickVersion(keys: { v1?: string; v2?: string }, forced?: ApiVersion): ApiVersion {
  // a missing key of the forced version is an auth failure (exit 4), like any v2-only command.
  if (forced && !keys[forced])
    throw forced === 'v2' ? new NeedsV2KeyError('--api v2') : new NeedsV1KeyError('--api v1');
  return forced ?? (keys.v2 ? 'v2' : 'v1');
}

/** The base of every resource: a route picked per version, a call built from it. */
export abstract class Resource {
  constructor(protected readonly core: ResourceCore) {}

  protected get version(): ApiVersion {
    return pickVersion(this.core.client.config.keys, this.core.forced);
  }

  /** `v2` route name when the version is v2, else the v1 one (spec 4.3: v1 has its own routes). */
  protected byVersion<A extends RouteName, B extends RouteName>(
    v2: A,
    v1: B,
    version: ApiVersion = this.version,
  ): A | B {
    return version === 'v2' ? v2 : v1;
  }

  // The answer type comes from the route table: a resource method declaring another type for
  // its route does not compile.
  protected call<N extends RouteName>(route: N, parts?: RequestParts): Call<AnswerOf<N>, N> {
    return new Call(this.core, route, parts);
  }

  protected read<N extends RouteName>(route: N, parts?: RequestParts): Promise<ApiResponse<AnswerOf<N>>> {
    return this.call(route, parts).send();
  }

  protected listOf<N extends RouteName>(route: N, query?: RequestOptions['query']): ListCall<ItemOf<N>, N> {
    return new ListCall(this.core, route, { query });
  }
}
