// svc auth logout: forget a profile's keys, from the config file and the OS keyring (the profile
// and its base URL stay unless --all).
import { EXIT, UsageError } from '../../api/errors.js';
import { note, success } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, type OptsOf } from '../shared/verb.js';

const options = { all: flag('--all', 'remove the whole profile, base URL included') };

async function run(deps: Deps, opts: OptsOf<typeof options>): Promise<number> {
  const store = await deps.profiles();
  const name = deps.globals.profile ?? deps.env.SVC_PROFILE ?? store.defaultName();
  if (!store.get(name)) throw new UsageError(`no profile named "${name}"`, 'list them with `svc auth profiles`');
  // a destructive local action asks on a terminal, and needs --yes anywhere else.
  const what = opts.all ? `remove profile "${name}" and its keys` : `remove the keys of profile "${name}"`;
  if (!(await deps.confirm(`${what}?`))) {
    note(deps.io, 'cancelled: nothing removed');
    return EXIT.cancelled;
  }
  await (await deps.keys()).remove(name, { all: opts.all });
  success(deps.io, opts.all ? `removed profile "${name}"` : `removed the keys of profile "${name}"`);
  return 0;
}

export const logoutVerb = defineVerb({
  name: 'logout',
  description: "remove the profile's stored keys",
  options,
  examples: ['svc auth logout', 'svc auth logout --profile old-shop --all --yes'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [logoutVerb];
