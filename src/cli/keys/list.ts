import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { printList } from '../shared/read.js';
import { rememberKeyCreatedAt } from '../../config/key-age.js';
import { isSameKey, keyColumns, type KeyRow } from './key-record.js';

export async function fetchKeys(deps: Deps): Promise<KeyRow[]> {
  const res = await (await deps.api()).keys.list();
  const rows: KeyRow[] = res.data; // an array of keys: checked by the response layer
  const s = await deps.session();
  for (const version of ['v1', 'v2'] as const) {
    const key = s.keys[version];
    const mine = key ? rows.find((k) => k.active !== false && isSameKey(k, key)) : undefined;
    // spec 5.5: the creation time seen here feeds the key-age warning at no extra request.
    if (mine && key) rememberKeyCreatedAt(deps.stateDir(), key, mine.createdAt);
  }
  return rows;
}

async function run(deps: Deps): Promise<number> {
  const rows = await fetchKeys(deps);
  const s = await deps.session();
  const format = deps.format();
  const shown =
    format === 'json' || format === 'jsonl'
      ? rows // the API's data, unchanged (cli-spec 1)
      : rows.map((k) => {
          const using = (['v1', 'v2'] as const).find((v) => s.keys[v] && isSameKey(k, s.keys[v]!));
          return using ? { ...k, inUse: s.keySource[using] === 'env' ? 'SVC_API_KEY' : `profile ${s.profileName}` } : k;
        });
  await printList(deps, shown, keyColumns, 'no keys');
  return 0;
}

export const listVerb = defineVerb({
  name: 'list',
  description: 'list the API keys of the account (needs a v1 key)',
  examples: ['svc keys list', 'svc keys list --json | jq ".[] | select(.active)"'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
