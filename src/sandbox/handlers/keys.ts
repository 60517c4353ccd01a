// Key management (spec 4.4, A10, A14): authenticated by a v1 key of the account; the key
// itself is shown once, in the create response; lists show prefix and last 4 only.
import { ERROR_CODES, LIMITS } from '../../api/assumptions.js';
import { KeyCreate } from '../../api/requests.js';
import { generateKey, makeKeyRecord } from '../auth.js';
import { SandboxError, notFound, v1Data } from '../envelope.js';
import { nextId, type KeyRecord } from '../state.js';
import { numericId, parseBody } from '../validate.js';
import type { Handler, RouteHandlers, HandlerContext } from './context.js';
import { changed } from '../changes.js';

function keyView(k: KeyRecord) {
  const out: Record<string, unknown> = {
    id: k.id,
    name: k.name,
    version: k.version,
    prefix: k.prefix,
    last4: k.last4,
    active: k.active,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
  };
  if (k.version === 'v2') out.scopes = k.scopes ?? [];
  return out;
}

function ownKey(ctx: HandlerContext): KeyRecord {
  const id = numericId(ctx.params.id);
  const k = ctx.data.keys.find((x) => x.id === id && x.accountId === ctx.account.id);
  if (!k) throw notFound('key');
  return k;
}

const createKey: Handler = (ctx) => {
  const b = parseBody(KeyCreate, ctx.body);
  if (b.version === 'v2' && !ctx.account.inBeta)
    throw new SandboxError(403, ERROR_CODES.NOT_IN_BETA, 'v2 keys are issued only to accounts in the beta');
  const active = ctx.data.keys.filter((k) => k.accountId === ctx.account.id && k.active).length;
  if (active >= LIMITS.activeKeysMax) {
    throw new SandboxError(
      409,
      ERROR_CODES.KEY_LIMIT,
      `at most ${LIMITS.activeKeysMax} active keys: revoke one first`,
      { limit: LIMITS.activeKeysMax },
    );
  }
  const key = generateKey(b.version);
  const rec = makeKeyRecord(
    ctx.data,
    nextId(ctx.data, 'key'),
    ctx.account.id,
    b.name,
    key,
    b.version === 'v2' ? b.scopes : undefined,
    ctx.nowIso,
  );
  return v1Data({ ...keyView(rec), key }, { status: 201 }); // A5; the only time `key` is shown
};

const listKeys: Handler = (ctx) => v1Data(ctx.data.keys.filter((k) => k.accountId === ctx.account.id).map(keyView));

const revokeKey: Handler = (ctx) => {
  const k = ownKey(ctx);
  k.active = false;
  changed(ctx.data, 'keys', k);
  return { status: 200, body: { success: true } }; // A5
};

/** spec 4.4: the last 100 requests of the key, newest first. */
const keyUsage: Handler = (ctx) => v1Data(ownKey(ctx).usage.slice().reverse());

export const keyHandlers = { createKey, listKeys, revokeKey, keyUsage } satisfies RouteHandlers;
