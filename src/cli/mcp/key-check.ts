// Which key `svc mcp` holds (spec 4.1, 5.4): a v2 key has scopes, and the server says them when
// it starts; a key that can do everything (a v1 key, or a v2 key holding every scope) is refused
// unless the seller says so (--allow-full-key), since whatever the assistant is talked into, the
// key bounds what it can reach. Only the v2 key is used when the profile holds both.
import { SCOPES } from '../../api/assumptions.js';
import { nowIso } from '../../api/clock.js';
import { UsageError } from '../../api/errors.js';
import type { Transport } from '../../api/transport.js';
import { maskKey } from '../../config/mask.js';
import { t } from '../../i18n/index.js';
import { writeIdentity } from '../../state/identity-cache.js';
import { depsOf, type Deps } from '../shared/context.js';
import { appendCall } from './call-log.js';
import { countingTransport } from './request-count.js';

const HINT =
  'create a scoped key for the assistant (`svc keys create --name assistant --version v2 --scope products:read --scope orders:read --save assistant`) and start `svc mcp --profile assistant`, or pass --allow-full-key';

export interface HeldKey {
  /** The server's dependencies: the v2 key when there is one (`--api v2`). */
  deps: Deps;
  secrets: (string | undefined)[];
}

export async function checkKey(
  base: Deps,
  allowFullKey: boolean,
  writes: boolean,
  transport: Transport,
): Promise<HeldKey> {
  const s = await base.session();
  const secrets = [s.keys.v1, s.keys.v2];
  const v2 = s.keys.v2;
  if (!v2) {
    if (!allowFullKey) throw new UsageError('svc mcp: the key is a v1 key, which can do everything (no scopes)', HINT);
    base.io.stderr.write(`${t('svc mcp: key {key} (v1, every route)', { key: maskKey(s.keys.v1 ?? '') })}\n`);
    return { deps: base, secrets };
  }
  const counted = countingTransport(transport, 1, 'hour');
  const deps = depsOf({
    io: base.io,
    env: base.env,
    globals: { ...base.globals, api: 'v2' },
    signal: base.signal,
    transport: counted.transport,
  });
  const me = await (await deps.api()).account.me(); // A9: /api/v2/me needs no scope
  appendCall(base.stateDir(), { at: nowIso(), tool: 'start', args: {}, resultBytes: 0, requests: 1, ok: true });
  // The same answer is the account's identity (svc decision "one identity"): kept, so the orders
  // mirror's first sync does not ask it again.
  if (typeof me.data.accountId === 'number') {
    const id = {
      accountId: me.data.accountId,
      ...(typeof me.data.sellerId === 'number' ? { sellerId: me.data.sellerId } : {}),
    };
    writeIdentity(base.stateDir(), s.baseUrl, v2, id);
  }
  const scopes = me.data.scopes ?? [];
  if (SCOPES.every((x) => scopes.includes(x)) && !allowFullKey)
    throw new UsageError('svc mcp: the key holds every scope', HINT);
  base.io.stderr.write(
    `${t('svc mcp: key {key}, scopes: {scopes}', { key: maskKey(v2), scopes: scopes.join(', ') || '-' })}\n`,
  );
  // A9: every write kind of --allow-writes (prices, status) needs products:write; without it each
  // apply would be a 403, so the seller hears it now.
  if (writes && !scopes.includes('products:write'))
    base.io.stderr.write(`${t('svc mcp: writes allowed, but the key lacks the scope products:write')}\n`);
  return {
    deps: depsOf({ io: base.io, env: base.env, globals: { ...base.globals, api: 'v2' }, signal: base.signal }),
    secrets,
  };
}
