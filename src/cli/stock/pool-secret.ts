// The secret behind pool entry ids and the tags their refs carry. It must outlive
// the state folder: with the secret, a lost ledger is rebuilt from the account's own orders;
// with another secret, svc would not recognise what it sold. Where it is taken from, first hit:
//   1. SVC_POOL_SECRET (CI: a secret of the CI system, like SVC_API_KEY), 32+ characters;
//   2. the profile in use (the config file, 0600, like the keys without a keyring);
//   3. <stateDir>/pools/secret (the first place it was kept; a profile that has none adopts it);
// and made (32 random bytes) in the profile, or in the state folder when svc runs on
// SVC_API_KEY with no profile, with a warning that it must persist.
import { randomBytes } from 'node:crypto';
import { UsageError } from '../../api/errors.js';
import { warn } from '../../output/reporter.js';
import { poolSecret as stateSecret } from '../../state/pool-ledger.js';
import type { Deps } from '../shared/context.js';

export const POOL_SECRET_ENV = 'SVC_POOL_SECRET';
const MIN_ENV_CHARS = 32;

type SecretSource = 'env' | 'profile' | 'state folder';

export interface PoolSecret {
  secret: Buffer;
  source: SecretSource;
  /** Made by this run (nothing svc tagged before can carry it). */
  fresh: boolean;
}

/** The secret, or undefined when none exists and `create` is false (dry runs and `stock pool` write nothing). */
export async function resolvePoolSecret(deps: Deps, create: boolean, quiet = false): Promise<PoolSecret | undefined> {
  const env = deps.env[POOL_SECRET_ENV]?.trim();
  if (env) {
    if (env.length < MIN_ENV_CHARS)
      throw new UsageError(
        `${POOL_SECRET_ENV} is too short: at least ${MIN_ENV_CHARS} characters`,
        'make one with `openssl rand -base64 32` and keep it where the CI keeps its secrets',
      );
    return { secret: Buffer.from(env, 'utf8'), source: 'env', fresh: false };
  }
  const session = await deps.session();
  const inState = stateSecret(deps.stateDir(), false);
  if (session.profile) {
    if (session.profile.poolSecret)
      return { secret: Buffer.from(session.profile.poolSecret, 'base64'), source: 'profile', fresh: false };
    if (!inState && !create) return undefined;
    const secret = inState ?? randomBytes(32);
    if (create) {
      const store = await deps.profiles();
      await store.update(session.profileName, (p) => ({ ...p, poolSecret: secret.toString('base64') }));
    }
    return { secret, source: 'profile', fresh: !inState };
  }
  if (inState) return { secret: inState, source: 'state folder', fresh: false };
  if (!create) return undefined;
  const made = stateSecret(deps.stateDir(), true)!;
  if (!quiet)
    warn(
      deps.io,
      `the pool secret was made in the state folder (${deps.stateDir()}): keep that folder between runs, or set ${POOL_SECRET_ENV}; without it svc cannot recognise what it uploaded before`,
    );
  return { secret: made, source: 'state folder', fresh: true };
}
