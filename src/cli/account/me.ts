import type { Deps } from '../shared/context.js';
import { rememberKeyCreatedAt } from '../../config/key-age.js';
import { defineVerb } from '../shared/verb.js';
import { printOne } from '../shared/read.js';

async function run(deps: Deps): Promise<number> {
  const res = await (await deps.api()).account.me();
  const me = res.data;
  const key = (await deps.session()).keys.v2;
  if (key) rememberKeyCreatedAt(deps.stateDir(), key, me.keyCreatedAt); // spec 5.5: dates the key for the age warning
  await printOne(deps, me, [
    { header: 'username', value: 'username' },
    { header: 'account', value: 'accountId' },
    { header: 'seller', value: 'sellerId' },
    { header: 'key id', value: 'keyId' },
    { header: 'key prefix', value: 'keyPrefix' },
    { header: 'key created', value: 'keyCreatedAt', kind: 'date' },
    { header: 'version', value: 'version' },
    { header: 'scopes', value: 'scopes', kind: 'list' },
  ]);
  return 0;
}

export const meVerb = defineVerb({
  name: 'me',
  description: 'who the v2 key belongs to, its scopes and age',
  examples: ['svc me', 'svc me --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [meVerb];
