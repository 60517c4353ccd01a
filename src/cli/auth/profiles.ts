// svc auth profiles / svc auth use: list profiles, choose the default one.
import { UsageError } from '../../api/errors.js';
import { keyLocationOf } from '../../config/key-store.js';
import { maskKey } from '../../config/mask.js';
import { printRecords } from '../../ui/print.js';
import { success } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';

async function list(deps: Deps): Promise<number> {
  const store = await deps.profiles();
  const rows = store.list().map(({ name, profile, isDefault }) => ({
    name,
    default: isDefault,
    baseUrl: profile.baseUrl,
    v1Key: shown(profile.v1Key, keyLocationOf(profile, 'v1')),
    v2Key: shown(profile.v2Key, keyLocationOf(profile, 'v2')),
  }));
  await printRecords(deps.io, rows, {
    format: deps.format(),
    empty: 'no profiles yet: run `svc auth login` or `svc sandbox`',
    columns: [
      { header: 'name', value: 'name' },
      { header: 'default', value: 'default', kind: 'bool' },
      { header: 'base url', value: 'baseUrl' },
      { header: 'v1 key', value: 'v1Key' },
      { header: 'v2 key', value: 'v2Key' },
    ],
  });
  return 0;
}

/** A key in the file shows masked; one in the OS keyring is not read just to list profiles. */
function shown(key: string | undefined, where: 'keyring' | 'file' | undefined): string | undefined {
  return where === 'keyring' ? '(OS keyring)' : key ? maskKey(key) : undefined;
}

async function use(deps: Deps, _opts: object, args: string[]): Promise<number> {
  const name = args[0]!;
  const store = await deps.profiles();
  if (!store.get(name)) throw new UsageError(`no profile named "${name}"`, 'list them with `svc auth profiles`');
  await store.setDefault(name);
  success(deps.io, `profile "${name}" is now the default`);
  return 0;
}

export const profilesVerb = defineVerb({
  name: 'profiles',
  description: 'list the profiles',
  examples: ['svc auth profiles', 'svc auth profiles --json'],
  run: list,
});

export const useVerb = defineVerb({
  name: 'use',
  description: 'make a profile the default one',
  args: [['<name>', 'profile name']],
  examples: ['svc auth use sandbox'],
  run: use,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [profilesVerb, useVerb];
