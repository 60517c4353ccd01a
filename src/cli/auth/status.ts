// svc auth status: the profile in use, its keys masked, their age and where they come from and
// are stored: SVC_API_KEY, the OS keyring or the config file.
import { t } from '../../i18n/index.js';
import { keyLocationOf } from '../../config/key-store.js';
import { maskKey } from '../../config/mask.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, type OptsOf } from '../shared/verb.js';
import { EXIT } from '../../api/errors.js';

const options = { check: flag('--check', 'also check each key against the service') };

interface KeyRow {
  /** The profile in use: -o json/csv say whose keys these are, as the table's stderr lines do. */
  profile: string;
  version: string;
  key: string;
  source: string;
  storedAt?: string;
  ageDays?: number;
  check?: string;
}

async function run(deps: Deps, opts: OptsOf<typeof options>): Promise<number> {
  const s = await deps.session();
  const rows: KeyRow[] = [];
  for (const version of ['v1', 'v2'] as const) {
    const key = s.keys[version];
    if (!key) continue;
    const storedAt =
      s.keySource[version] === 'profile'
        ? s.profile?.[version === 'v1' ? 'v1KeyStoredAt' : 'v2KeyStoredAt']
        : undefined;
    const row: KeyRow = {
      profile: s.profileName,
      version,
      key: maskKey(key),
      source:
        s.keySource[version] === 'env'
          ? 'SVC_API_KEY'
          : keyLocationOf(s.profile, version) === 'keyring'
            ? 'OS keyring'
            : 'config file',
      storedAt,
      ageDays: storedAt ? Math.floor((Date.now() - Date.parse(storedAt)) / 86_400_000) : undefined,
    };
    if (opts.check) row.check = await check(deps, version);
    rows.push(row);
  }
  deps.io.stderr.write(
    `${t('profile: "{name}"', { name: s.profileName })}\n${t('base URL: {url}', { url: s.baseUrl })}\n`,
  );
  for (const version of ['v1', 'v2'] as const) {
    if (s.keySource[version] !== 'profile') continue;
    deps.io.stderr.write(
      `${t('{version} key stored in: {where}', { version, where: (await deps.keys()).describe(s.profileName, s.profile, version) ?? '' })}\n`,
    );
  }
  await printRecords(deps.io, rows, {
    format: deps.format(),
    columns: [
      { header: 'version', value: 'version' },
      { header: 'key', value: 'key' },
      { header: 'source', value: 'source', kind: 'word' },
      { header: 'stored', value: 'storedAt', kind: 'date' },
      { header: 'age (days)', value: 'ageDays', kind: 'number' },
      ...(opts.check ? [{ header: 'check', value: 'check' as const }] : []),
    ],
  });
  return rows.length === 0 || rows.some((r) => r.check && r.check !== 'ok') ? EXIT.auth : EXIT.ok;
}

async function check(deps: Deps, version: 'v1' | 'v2'): Promise<string> {
  const api = await deps.api();
  try {
    await api.account.check(version);
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  }
}

export const statusVerb = defineVerb({
  name: 'status',
  description: 'show the profile in use and its keys (masked), with their age',
  options,
  examples: ['svc auth status', 'svc auth status --check --profile sandbox'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [statusVerb];
