// svc keys revoke ID: DELETE /api/api-keys/:id (A5, A10). Destructive: confirms on a terminal,
// needs --yes elsewhere (cli-spec 1). Says so when the key is the one svc is using.
import { EXIT, SvcError } from '../../api/errors.js';
import { note, success, warn } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { printRequestPlan } from '../shared/plan.js';
import { displayKey, isSameKey, keyLabel } from './key-record.js';
import { fetchKeys } from './list.js';

async function run(deps: Deps, _o: object, args: string[]): Promise<number> {
  const id = parseId(args[0], 'key ID');
  const k = (await fetchKeys(deps)).find((x) => String(x.id) === String(id));
  if (!k) throw new SvcError(`no key #${id} on this account`, 'see `svc keys list`');
  const label = keyLabel(k.version ?? undefined, id, k.name ?? '', displayKey(k));
  if (k.active === false) {
    note(deps.io, `${label} is already revoked; nothing to do`);
    return 0;
  }
  const s = await deps.session();
  const using = (['v1', 'v2'] as const).find((v) => s.keys[v] && isSameKey(k, s.keys[v]!));
  if (using)
    warn(
      deps.io,
      `this is the ${using} key svc is using now (${s.keySource[using] === 'env' ? 'SVC_API_KEY' : `profile "${s.profileName}"`}): commands will fail with it once it is revoked`,
    );
  if (deps.globals.dryRun)
    return printRequestPlan(deps, [{ method: 'DELETE', path: `/api/api-keys/${id}`, what: `revoke ${label}` }]);
  if (!(await deps.confirm(`revoke ${label}?`))) {
    note(deps.io, 'cancelled: nothing revoked');
    return EXIT.cancelled;
  }
  await (await deps.api()).keys.revoke(id).send();
  success(deps.io, `revoked ${label}`);
  if (using && s.keySource[using] === 'profile') {
    warn(
      deps.io,
      `profile "${s.profileName}" still holds this revoked key: store a working one with \`svc auth login\` or \`svc keys create --save\``,
    );
  }
  await printOne(deps, { id: k.id, name: k.name, version: k.version, revoked: true }, [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'version', value: 'version' },
    { header: 'revoked', value: 'revoked', kind: 'bool' },
  ]);
  return 0;
}

export const revokeVerb = defineVerb({
  name: 'revoke',
  description: 'revoke an API key for good (needs a v1 key; asks first, or --yes)',
  args: [['<id>', 'key id (see `svc keys list`)']],
  examples: ['svc keys revoke 7', 'svc keys revoke 7 --yes   # in a script'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [revokeVerb];
