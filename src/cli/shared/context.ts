// The factory of lazy dependencies every verb receives (style.md: gh's Factory). A test swaps
// in buffers and an in-memory transport; nothing is loaded before a verb asks for it. zod-free
//: the global options are checked before (globals.ts), so a read lane run loads no zod.
import { DEFAULT_TIMEOUT_S, keyVersion, type ApiVersion } from '../../api/assumptions.js';
import { ApiClient, type AttemptLog } from '../../api/client.js';
import { checkBaseUrl, checkKeyTransport, normalBaseUrl } from '../../api/base-url.js';
import { NoKeyError, UsageError } from '../../api/errors.js';
import { pickVersion, serviceApi, type ServiceApi } from '../../api/resources/index.js';
import { undiciTransport, type Transport } from '../../api/transport.js';
import { KeyStore } from '../../config/key-store.js';
import { redact } from '../../config/mask.js';
import { stateDir } from '../../config/paths.js';
import { UsageLedger } from '../../state/usage-ledger.js';
import { ProfileStore, type Profile } from '../../config/profiles.js';
import { resolveFormat, type Format } from '../../output/format.js';
import type { IO } from '../../output/io.js';
import { VERSION } from '../../version.js';
import { warnOldKeys } from '../../config/key-age.js';
import type { GlobalOptions } from './globals.js';
import { t } from '../../i18n/index.js';

interface Session {
  profileName: string;
  profile: Profile | undefined;
  baseUrl: string;
  keys: { v1?: string; v2?: string };
  /** Where each key came from, for `auth status`. */
  keySource: { v1?: 'env' | 'profile'; v2?: 'env' | 'profile' };
}

export interface Deps {
  io: IO;
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  signal: AbortSignal;
  format(): Format;
  profiles(): Promise<ProfileStore>;
  /** Stored keys: the OS keyring or the config file (src/config/key-store.ts). */
  keys(): Promise<KeyStore>;
  session(): Promise<Session>;
  client(): Promise<ApiClient>;
  /** The typed resources over the client (src/api/resources/index.ts), the run's signal bound. */
  api(): Promise<ServiceApi>;
  /**
   * A client for keys that are not the session's (`auth login` checks a key before storing it),
   * built like the session's: same transport, timeout, --verbose and --no-wait.
   */
  clientFor(conn: Connection): ApiClient;
  stateDir(): string;
  /** Ask yes/no on a TTY; without one, fail with the flag to add (cli-spec 1). */
  confirm(question: string, flag?: string): Promise<boolean>;
  /** Set when a list could not be read to its end: a run that would exit 0 exits 1. */
  incomplete?: string;
  /** The caller synced the orders mirror moments ago (the shop's pass): read it without a sync. */
  mirrorFresh?: boolean;
  /** Requests this run put on the wire, by feature (what plans and summaries say: spec 8). */
  made: RequestsMade;
}

interface RequestsMade {
  total: number;
  byFeature: Map<string, number>;
}

/** Where and with which keys a client talks to the service. */
interface Connection {
  baseUrl: string;
  keys: { v1?: string; v2?: string };
  /** spec 4.3: v1 under /api/v1 or the /api/service alias. */
  v1Prefix?: string;
}

export interface DepsInit {
  io: IO;
  env: NodeJS.ProcessEnv;
  /** The global options, already checked (globals.ts `createDeps`, or the read lane's parse). */
  globals: GlobalOptions;
  signal: AbortSignal;
  transport?: Transport;
}

/** The dependencies of one run, from checked global options (no zod here: the read lane uses it). */
export function depsOf(init: DepsInit): Deps {
  const { globals } = init;
  let store: Promise<ProfileStore> | undefined;
  let keys: Promise<KeyStore> | undefined;
  let session: Promise<Session> | undefined;
  let client: Promise<ApiClient> | undefined;
  let api: Promise<ServiceApi> | undefined;
  const deps: Deps = {
    io: init.io,
    env: init.env,
    globals,
    signal: init.signal,
    // --jq reads json (checked once, in src/cli/shared/verb.ts).
    format: () => resolveFormat(init.io, globals.output, globals.json || globals.jq !== undefined),
    profiles: () => (store ??= ProfileStore.open(init.env)),
    keys: () => (keys ??= deps.profiles().then((p) => new KeyStore(p, init.env))),
    session: () => (session ??= resolveSession(deps)),
    client: () => (client ??= makeClient(deps, init.transport)),
    api: () => (api ??= deps.client().then((c) => serviceApi(c, { signal: init.signal, api: globals.api }))),
    clientFor: (conn) => newClient(deps, conn, init.transport),
    stateDir: () => stateDir(init.env),
    confirm: (q, flag = '--yes') => confirm(deps, q, flag),
    made: { total: 0, byFeature: new Map() },
  };
  return deps;
}

async function resolveSession(deps: Deps): Promise<Session> {
  const { env, globals } = deps;
  const envKey = env.SVC_API_KEY?.trim() || undefined;
  const envBase = globals.baseUrl ?? (env.SVC_BASE_URL?.trim() || undefined);
  const explicitProfile = globals.profile ?? (env.SVC_PROFILE?.trim() || undefined);
  // In CI with SVC_API_KEY and SVC_BASE_URL and no profile asked for, the config file is not read.
  const needStore = explicitProfile !== undefined || !envKey || !envBase;
  const store = needStore ? await deps.profiles() : undefined;
  const profileName = explicitProfile ?? store?.defaultName() ?? 'default';
  const profile = store?.get(profileName);
  if (explicitProfile && !profile && !(envKey && envBase)) {
    throw new UsageError(
      `no profile named "${explicitProfile}"`,
      'list them with `svc auth profiles`, or create it with `svc auth login --profile NAME`',
    );
  }
  const envVersion = envKey ? keyVersion(envKey) : undefined;
  if (envKey && !envVersion)
    throw new UsageError('SVC_API_KEY is not a svc key (expected svc_sk_ + 64 hex, or svc_v2_sk_…)');
  const keys: Session['keys'] = {};
  const keySource: Session['keySource'] = {};
  for (const v of ['v1', 'v2'] as const) {
    if (v === envVersion) {
      keys[v] = envKey; // cli-spec 1: overrides the profile's key of that version (never read from the keyring)
      keySource[v] = 'env';
    } else if (profile) {
      keys[v] = await (await deps.keys()).read(profileName, v, profile);
      if (keys[v]) keySource[v] = 'profile';
    }
  }
  const baseUrl = envBase ?? profile?.baseUrl;
  if (baseUrl && !globals.baseUrl)
    checkBaseUrl(baseUrl, envBase ? 'SVC_BASE_URL' : `the base URL of profile "${profileName}"`);
  if (!baseUrl) {
    if (!keys.v1 && !keys.v2) throw new NoKeyError(profileName, otherProfiles(store, profileName));
    throw new UsageError(
      `no base URL for profile "${profileName}"`,
      'pass --base-url, set SVC_BASE_URL, or run `svc auth login --base-url URL`',
    );
  }
  // svc decision "one identity": one spelling of the service's address for everything keyed by it.
  return { profileName, profile, baseUrl: normalBaseUrl(baseUrl), keys, keySource };
}

/** Profiles other than `name` that exist, for the no-key hint. */
function otherProfiles(store: ProfileStore | undefined, name: string): string[] {
  return (store?.list() ?? []).map((p) => p.name).filter((n) => n !== name);
}

async function makeClient(deps: Deps, transport?: Transport): Promise<ApiClient> {
  const s = await deps.session();
  if (!s.keys.v1 && !s.keys.v2)
    throw new NoKeyError(s.profileName, otherProfiles(await deps.profiles(), s.profileName));
  warnOldKeys(deps.io, deps.stateDir(), s); // spec 5.5: at most once a day, when the key in use is past 90 days
  return newClient(deps, { baseUrl: s.baseUrl, keys: s.keys, v1Prefix: s.profile?.v1Prefix }, transport);
}

function newClient(deps: Deps, conn: Connection, transport?: Transport): ApiClient {
  const secrets = [conn.keys.v1, conn.keys.v2];
  const { io, globals } = deps;
  checkKeyTransport(conn.baseUrl, globals.insecureHttp);
  return new ApiClient({
    baseUrl: conn.baseUrl,
    keys: conn.keys,
    v1Prefix: conn.v1Prefix,
    timeoutMs: (globals.timeout ?? DEFAULT_TIMEOUT_S) * 1000,
    transport: transport ?? undiciTransport(),
    noWait: globals.wait === false,
    userAgent: `svc/${VERSION}`,
    onAttempt: (l) => {
      // Every request is counted by feature in the state folder's usage ledger (spec 8, A8).
      UsageLedger.of(deps.stateDir()).count(l.feature, l.status, l.headers);
      deps.made.total++;
      deps.made.byFeature.set(l.feature, (deps.made.byFeature.get(l.feature) ?? 0) + 1);
      // cli-spec 1 --verbose: one line per attempt; never a key (redacted again as a last guard).
      if (globals.verbose) io.stderr.write(`${redact(formatAttempt(l), secrets)}\n`);
    },
    onWait: (ms, why) => {
      if (globals.verbose || ms >= 2000) {
        if (!io.quiet) io.stderr.write(`${t('waiting {s} s ({why})', { s: (ms / 1000).toFixed(1), why: t(why) })}\n`);
      }
    },
  });
}

function formatAttempt(l: AttemptLog): string {
  // a trace line's words in the run's language (the note too: t() translates a value that is a
  // message); the method, path and figures as they are
  const status = l.status ?? (l.note ? t('failed: {why}', { why: l.note }) : t('no answer'));
  const remaining = l.remaining === undefined ? '' : ` remaining=${l.remaining}`;
  return `svc: ${l.method} ${l.path} → ${status} ${l.ms}ms attempt=${l.attempt}${remaining}`;
}

async function confirm(deps: Deps, question: string, flag: string): Promise<boolean> {
  if (deps.globals.yes) return true;
  if (!deps.io.interactive) {
    throw new UsageError(
      `${t(question.replace(/\?$/, ''))}: confirmation needed`,
      `add ${flag} to confirm in a non-interactive run`,
    );
  }
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: deps.io.stdin, output: deps.io.stderr as NodeJS.WritableStream });
  try {
    // asked in the seller's language; y/yes and s/sim both confirm.
    const answer = await rl.question(`${t(question)} ${t('[y/N]')} `, { signal: deps.signal });
    return /^(y(es)?|s(im)?)$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** Which API version a command that exists in both uses (cli-spec 1 `--api`), before any request. */
export async function apiVersion(deps: Deps): Promise<ApiVersion> {
  return pickVersion((await deps.session()).keys, deps.globals.api);
}
