// The seller's account (spec 4.2, 4.3) and API keys (spec 5, A10: key routes take a v1 key).
import type { ApiVersion } from '../assumptions.js';
import type { ApiResponse } from '../client.js';
import type { KeyCreate } from '../requests.js';
import type { ApiKey, Balance, Game, KeyUsageEntry, Me, Stats, Usage } from '../responses.js';
import { Resource, type Call, type ListCall } from './call.js';

export class Account extends Resource {
  me(): Promise<ApiResponse<Me>> {
    return this.read('me');
  }

  usage(): Promise<ApiResponse<Usage>> {
    return this.read('usage');
  }

  balance(): Promise<ApiResponse<Balance>> {
    return this.read(this.byVersion('balance', 'v1Balance'));
  }

  stats(): Promise<ApiResponse<Stats>> {
    return this.read(this.byVersion('stats', 'v1Stats'));
  }

  /** v1's games (spec 4.3). */
  games(): ListCall<Game> {
    return this.listOf('v1Games');
  }

  /** v2's catalog: games with their minimum listing price (A13). */
  catalog(): ListCall<Game> {
    return this.listOf('catalogGames');
  }

  /** The cheapest request that proves the key of `version` works (auth status, login, rotate). */
  check(version: ApiVersion): Promise<ApiResponse<unknown>> {
    return this.read(version === 'v2' ? 'me' : 'v1Stats');
  }
}

export class Keys extends Resource {
  list(): Promise<ApiResponse<ApiKey[]>> {
    return this.read('listKeys');
  }

  create(body: KeyCreate): Call<ApiKey> {
    return this.call('createKey', { body });
  }

  revoke(id: number | string): Call<unknown> {
    return this.call('revokeKey', { params: { id } });
  }

  usage(id: number | string): Promise<ApiResponse<KeyUsageEntry[]>> {
    return this.read('keyUsage', { params: { id } });
  }
}
