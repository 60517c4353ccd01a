// svc keys rotate (spec 5.5): create a new key of the same version and scopes, store it in
// the profile, check it with a read, then revoke the old one. On any failure before the
// revoke, the old key stays stored and working (the new one is put back out and revoked);
// if only the revoke fails, the new, checked key stays stored and the old one is named.
import { z } from 'zod';
import type { ApiVersion } from '../../api/assumptions.js';
import { ApiClient } from '../../api/client.js';
import { EXIT, SvcError, UsageError } from '../../api/errors.js';
import type { KeyCreate } from '../../api/requests.js';
import { serviceApi, type ServiceApi } from '../../api/resources/index.js';
import type { Me } from '../../api/responses.js';
import type { AnswerOf } from '../../api/routes.js';
import type { StoredKey } from '../../config/key-store.js';
import { maskKey } from '../../config/mask.js';
import { note, success, warn } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { choice, defineVerb, option, type OptsOf } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { printRequestPlan } from '../shared/plan.js';
import { rememberKeyCreatedAt } from '../../config/key-age.js';
import { displayKey, isSameKey, type KeyRow } from './key-record.js';
import { fetchKeys } from './list.js';

const options = {
  version: choice('--version <version>', 'which key of the profile (default: v2 when it has one, else v1)', [
    'v1',
    'v2',
  ]),
  name: option(
    '--name <name>',
    'name of the new key (default: the old name and the date)',
    z.string().trim().min(1).max(100).optional(),
  ),
};

type Session = Awaited<ReturnType<Deps['session']>>;

/** The key to rotate: the profile's key of `--version`, stored in the profile (not from the env). */
function keyToRotate(s: Session, o: OptsOf<typeof options>): { version: ApiVersion; oldKey: string } {
  const version: ApiVersion = o.version ?? (s.keys.v2 ? 'v2' : 'v1');
  const oldKey = s.keys[version];
  if (!oldKey)
    throw new UsageError(
      `profile "${s.profileName}" has no ${version} key to rotate`,
      'store one with `svc auth login`',
    );
  if (s.keySource[version] !== 'profile') {
    throw new UsageError(
      `the ${version} key in use comes from SVC_API_KEY: rotate replaces a key stored in a profile`,
      'create a new key with `svc keys create --save PROFILE`, or unset SVC_API_KEY to rotate the stored one',
    );
  }
  return { version, oldKey };
}

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const s = await deps.session();
  const { version, oldKey } = keyToRotate(s, o);
  const client = await deps.client();
  const old = findKey(await fetchKeys(deps), oldKey, version);
  const name = o.name ?? `${old.name ?? 'svc key'} (rotated ${new Date().toISOString().slice(0, 10)})`.slice(0, 100);
  const body = { name, version, ...(version === 'v2' ? { scopes: old.scopes ?? [] } : {}) };
  const check = version === 'v2' ? 'GET /api/v2/me' : 'GET /api/v1/stats';
  const creating = `create ${version} key "${name}"${version === 'v2' ? ` with scopes ${(old.scopes ?? []).join(', ')}` : ''}`;
  const plan = `${creating}, store it in profile "${s.profileName}", check it with ${check}, then revoke key #${old.id} (${displayKey(old)})`;
  // other profiles holding the same key stop working when it is revoked: say which.
  const others = await otherProfilesHolding(deps, oldKey, version, s.profileName);
  const also =
    others.length === 0
      ? ''
      : `; the same key is also stored in profile${others.length === 1 ? '' : 's'} ${others.map((n) => `"${n}"`).join(', ')}, which will stop working`;
  if (deps.globals.dryRun) {
    const [method, path] = check.split(' ') as [string, string];
    return printRequestPlan(
      deps,
      [
        { method: 'POST', path: '/api/api-keys', what: creating },
        { method, path, what: `check the new key, once stored in profile "${s.profileName}"` },
        { method: 'DELETE', path: `/api/api-keys/${old.id}`, what: `revoke key #${old.id} (${displayKey(old)})` },
      ],
      also ? [also.replace(/^; /, '')] : [],
    );
  }
  if (!(await deps.confirm(`rotate: ${plan}${also}?`))) {
    note(deps.io, 'cancelled: nothing changed');
    return EXIT.cancelled;
  }
  const api = await deps.api();
  const { created, newKey, previous } = await createAndStore(deps, api, s, version, body as KeyCreate);
  // The new key through the same request core and rate budget (A8: one budget per account).
  const fresh = serviceApi(
    new ApiClient({ ...client.config, budget: client.budget, keys: { ...client.config.keys, [version]: newKey } }),
    { signal: deps.signal },
  );
  await checkNewKey(deps, { api, fresh, s, version, created, previous, oldKey });
  rememberKeyCreatedAt(deps.stateDir(), newKey, created.createdAt);
  await revokeOld(deps, version === 'v1' ? fresh : api, old, newKey, s.profileName);
  success(
    deps.io,
    `rotated the ${version} key of profile "${s.profileName}": new key #${created.id} (${maskKey(newKey)}) stored and checked, old key #${old.id} revoked`,
  );
  for (const other of others)
    warn(
      deps.io,
      `profile "${other}" still holds the revoked key: store the new one with \`svc auth login --profile ${other}\``,
    );
  await printOne(
    deps,
    {
      profile: s.profileName,
      version,
      newKeyId: created.id,
      newKey: maskKey(newKey),
      oldKeyId: old.id,
      oldKeyRevoked: true,
    },
    [
      { header: 'profile', value: 'profile' },
      { header: 'version', value: 'version' },
      { header: 'new key id', value: 'newKeyId' },
      { header: 'new key', value: 'newKey' },
      { header: 'old key id', value: 'oldKeyId' },
      { header: 'old key revoked', value: 'oldKeyRevoked', kind: 'bool' },
    ],
  );
  return 0;
}

type CreatedKey = AnswerOf<'createKey'>;

/** 1. create (with the old key's scopes, as listed); 2. store it, keeping the old one to put back. */
async function createAndStore(
  deps: Deps,
  api: ServiceApi,
  s: Session,
  version: ApiVersion,
  body: KeyCreate,
): Promise<{ created: CreatedKey; newKey: string; previous: StoredKey }> {
  const created = (await api.keys.create(body).send()).data;
  const newKey = typeof created.key === 'string' ? created.key : undefined;
  if (!newKey) {
    await revokeQuietly(api, created.id, deps);
    throw new SvcError(
      'the service created a key but did not return it; nothing was changed',
      'the old key is still stored and works',
    );
  }
  // in the OS keyring or the config file
  const store = await deps.keys();
  try {
    const { previous } = await store.write(s.profileName, version, newKey, { baseUrl: s.baseUrl });
    return { created, newKey, previous };
  } catch (err) {
    await revokeQuietly(api, created.id, deps);
    throw err;
  }
}

/** 3. a read through the new key; on failure the old key is stored again and the new one revoked. */
async function checkNewKey(
  deps: Deps,
  k: {
    api: ServiceApi;
    fresh: ServiceApi;
    s: Session;
    version: ApiVersion;
    created: CreatedKey;
    previous: StoredKey;
    oldKey: string;
  },
): Promise<void> {
  try {
    const me = (await k.fresh.account.check(k.version)).data as Me | undefined;
    if (k.version === 'v2' && me?.keyId !== undefined && String(me.keyId) !== String(k.created.id)) {
      throw new SvcError(`the service identified the new key as #${String(me.keyId)}, not #${k.created.id}`);
    }
  } catch (err) {
    await (await deps.keys()).restore(k.s.profileName, k.version, k.previous);
    await revokeQuietly(k.api, k.created.id, deps);
    const why = err instanceof Error ? err.message : String(err);
    throw new SvcError(
      // the service's or the network's words, quoted: data inside svc's sentence
      `the new key failed its check (${JSON.stringify(why)}): the old key ${maskKey(k.oldKey)} is stored again and still works`,
      'nothing was revoked; run `svc keys rotate` again later',
    );
  }
}

/** 4. revoke the old key (for a v1 rotation through the new key, which proves it can). */
async function revokeOld(deps: Deps, api: ServiceApi, old: KeyRow, newKey: string, profile: string): Promise<void> {
  try {
    await api.keys.revoke(old.id).send();
  } catch (err) {
    warn(
      deps.io,
      `the new key ${maskKey(newKey)} is stored in profile "${profile}" and works, but revoking the old key #${old.id} failed: ${JSON.stringify((err as Error).message)}`,
    );
    throw new SvcError(
      `old key #${old.id} (${displayKey(old)}) is still active`,
      `revoke it with \`svc keys revoke ${old.id}\``,
    );
  }
}

/** Profiles other than `current` whose stored `version` key is `key` (keyring or config file). */
async function otherProfilesHolding(deps: Deps, key: string, version: ApiVersion, current: string): Promise<string[]> {
  const store = await deps.keys();
  const out: string[] = [];
  for (const { name, profile } of (await deps.profiles()).list()) {
    if (name === current) continue;
    try {
      if ((await store.read(name, version, profile)) === key) out.push(name);
    } catch {
      /* an unreadable profile is not one we can name */
    }
  }
  return out;
}

function findKey(rows: KeyRow[], key: string, version: ApiVersion): KeyRow {
  const matches = rows.filter((k) => k.active !== false && isSameKey(k, key));
  if (matches.length === 1) return matches[0]!;
  throw new SvcError(
    matches.length === 0
      ? `the ${version} key in use is not among the account's active keys`
      : `the ${version} key in use matches ${matches.length} listed keys; cannot tell which to revoke`,
    'check with `svc keys list`; nothing was changed',
  );
}

async function revokeQuietly(api: ServiceApi, id: string | number, deps: Deps): Promise<void> {
  try {
    await api.keys.revoke(id).send();
  } catch {
    warn(deps.io, `could not revoke the unused new key #${id}: revoke it with \`svc keys revoke ${id}\``);
  }
}

export const rotateVerb = defineVerb({
  name: 'rotate',
  description:
    'replace the stored key with a new one: create, store, check, then revoke the old key (asks first, or --yes)',
  options,
  examples: ['svc keys rotate', 'svc keys rotate --version v1 --yes --profile shop2'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [rotateVerb];
