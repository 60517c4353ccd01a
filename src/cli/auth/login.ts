// svc auth login: read a key (stdin or hidden prompt), check it with a read, store it (cli-spec 2)
// in the OS keyring, or the config file where there is none (src/config/key-store.ts).
import { keyVersion } from '../../api/assumptions.js';
import { serviceApi } from '../../api/resources/index.js';
import { checkBaseUrl } from '../../api/base-url.js';
import { UsageError } from '../../api/errors.js';
import type { Me } from '../../api/responses.js';
import { maskKey } from '../../config/mask.js';
import { note, success } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, type OptsOf } from '../shared/verb.js';
import { readSecret } from './secret-input.js';

const options = {
  alias: flag('--alias', 'use the /api/service prefix for v1 routes instead of /api/v1'),
  default: flag('--default', 'make this profile the default one'),
};

async function run(deps: Deps, opts: OptsOf<typeof options>): Promise<number> {
  const store = await deps.profiles();
  const name = deps.globals.profile ?? deps.env.SVC_PROFILE ?? store.defaultName();
  const existing = store.get(name);
  const baseUrl = deps.globals.baseUrl ?? deps.env.SVC_BASE_URL ?? existing?.baseUrl;
  if (!baseUrl)
    throw new UsageError(
      'no base URL to log in to',
      'pass --base-url URL (for the local emulator: `svc sandbox` writes a `sandbox` profile by itself)',
    );
  checkBaseUrl(
    baseUrl,
    deps.globals.baseUrl ? '--base-url' : deps.env.SVC_BASE_URL ? 'SVC_BASE_URL' : `the base URL of profile "${name}"`,
  ); // before the key is read
  const key = await readSecret(deps.io, `API key for profile "${name}" (input hidden): `, deps.signal);
  const version = keyVersion(key);
  if (!version)
    throw new UsageError(
      'that is not a svc key',
      'v1 keys are svc_sk_ + 64 hex characters; v2 keys start with svc_v2_sk_',
    );
  // Check before storing: GET /api/v2/me for v2, a v1 read (stats) for v1 (cli-spec 2).
  const client = deps.clientFor({
    baseUrl,
    keys: { [version]: key },
    v1Prefix: opts.alias ? '/api/service' : existing?.v1Prefix,
  });
  const checked = await serviceApi(client, { signal: deps.signal }).account.check(version);
  const who = version === 'v2' ? ((checked.data as Me | undefined)?.username ?? undefined) : undefined;
  await store.update(name, (p) => ({ ...p, baseUrl, ...(opts.alias ? { v1Prefix: '/api/service' as const } : {}) }));
  // the OS keyring when one is available, else the 0600 config file (said here, once).
  const stored = await (await deps.keys()).write(name, version, key, { baseUrl });
  if (opts.default) await store.setDefault(name);
  success(deps.io, `stored ${version} key ${maskKey(key)} in profile "${name}"${who ? ` (${who})` : ''}`);
  if (stored.location.kind === 'keyring') {
    note(deps.io, `the key is in the OS keyring (${stored.location.name}), not in the config file ${store.path}`);
  } else {
    note(
      deps.io,
      `${stored.fallbackReason ?? 'no OS keyring'}: the key is stored in the config file ${stored.location.path} (mode 0600)`,
    );
    if (deps.globals.verbose && stored.fallbackDetail) note(deps.io, `keyring: ${stored.fallbackDetail}`);
  }
  return 0;
}

export const loginVerb = defineVerb({
  name: 'login',
  description: 'store an API key in a profile, after checking it against the service',
  options,
  examples: [
    'svc auth login --base-url https://marketplace.example            # asks for the key, hidden',
    'printf %s "$SVC_V2_KEY" | svc auth login --profile shop2 --base-url https://marketplace.example',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [loginVerb];
