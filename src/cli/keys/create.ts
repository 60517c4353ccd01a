// svc keys create --name N --version v1|v2 [--scope S…] [--save [profile]]: POST /api/api-keys
// (A10). The new key is in the answer once (A4): it goes to stdout and nowhere else, or
// straight into a profile with --save (then it is not printed at all).
import { keyLabel } from './key-record.js';
import { z } from 'zod';
import { SCOPES } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import { KeyCreate } from '../../api/requests.js';
import { maskKey } from '../../config/mask.js';
import { printRecords } from '../../ui/print.js';
import { note, success, warn } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { printCallPlan } from '../shared/plan.js';
import { rememberKeyCreatedAt } from '../../config/key-age.js';

const options = {
  name: option('--name <name>', 'a name to recognise the key by', z.string().trim().min(1, 'give the key a name'), {
    mandatory: true,
  }),
  version: option('--version <version>', 'v1, or v2 (closed beta; needs scopes)', z.enum(['v1', 'v2']), {
    choices: ['v1', 'v2'],
    mandatory: true,
  }),
  scope: option(
    '--scope <scope...>',
    `v2 scopes, repeated or comma-separated: ${SCOPES.join(', ')}`,
    z.array(z.string()).optional(),
  ),
  save: option(
    '--save [profile]',
    'store the key in a profile (default: the profile in use) instead of printing it',
    z.union([z.boolean(), z.string()]).optional(),
  ),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const scopes = o.scope
    ?.flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (o.version === 'v1' && scopes?.length)
    throw new UsageError('scopes apply to v2 keys only', 'drop --scope, or use --version v2');
  const parsed = KeyCreate.safeParse({
    name: o.name,
    version: o.version,
    scopes: o.version === 'v2' ? scopes : undefined,
  });
  if (!parsed.success) {
    const bad = scopes?.filter((s) => !(SCOPES as readonly string[]).includes(s)) ?? [];
    throw new UsageError(
      bad.length
        ? `unknown scope ${bad.map((s) => JSON.stringify(s)).join(', ')}`
        : o.version === 'v2' && !scopes?.length
          ? 'v2 keys need at least one --scope'
          : parsed.error.issues[0]!.message,
      `scopes: ${SCOPES.join(', ')}; see \`svc keys create --help\``,
    );
  }
  const create = (await deps.api()).keys.create(parsed.data);
  if (deps.globals.dryRun) {
    return printCallPlan(deps, create, o.save ? ['then the new key would be stored in a profile'] : []);
  }
  const res = await create.send();
  const created = res.data;
  const key = typeof created.key === 'string' ? created.key : undefined;
  if (!key)
    throw new UsageError(
      'the service created the key but did not return it',
      `revoke it with \`svc keys revoke ${created.id}\` and try again`,
    );
  rememberKeyCreatedAt(deps.stateDir(), key, created.createdAt);
  const label = keyLabel(o.version, created.id, o.name);
  const format = deps.format();
  if (o.save !== undefined && o.save !== false) {
    const s = await deps.session();
    const profile = typeof o.save === 'string' ? o.save : s.profileName;
    const before = (await (await deps.keys()).write(profile, o.version, key, { baseUrl: s.baseUrl })).previous;
    success(deps.io, `created ${label} and stored it in profile "${profile}" as ${maskKey(key)} (not printed)`);
    if (before.key && before.key !== key)
      warn(
        deps.io,
        `the ${o.version} key profile "${profile}" held before (${maskKey(before.key)}) is still active: revoke it with \`svc keys revoke ID\` once nothing uses it`,
      );
    if (format === 'json' || format === 'jsonl') {
      const { key: _k, ...rest } = res.data;
      await printRecords(deps.io, rest, { format, columns: [] });
    }
    return 0;
  }
  if (format === 'json' || format === 'jsonl') {
    await printRecords(deps.io, res.data, { format, columns: [] }); // the API's data, key included, once
  } else {
    deps.io.stdout.write(`${key}\n`);
  }
  success(deps.io, `created ${label}${created.scopes?.length ? ` with scopes ${created.scopes.join(', ')}` : ''}`);
  note(
    deps.io,
    'this is the only time the key is shown: store it now (`svc auth login` reads it from stdin), or use --save next time',
  );
  return 0;
}

export const createVerb = defineVerb({
  name: 'create',
  description: 'create an API key (needs a v1 key; at most 5 active). The key is shown once',
  options,
  examples: [
    'svc keys create --name ci --version v2 --scope orders:read --scope products:read',
    'svc keys create --name backup --version v1 --save shop2',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [createVerb];
