// Where stored keys live: the OS keyring when one is available (macOS Keychain,
// Windows Credential Manager, Secret Service on a Linux desktop), else the config file (mode
// 0600). Every read and write of a stored key goes through this module: `auth login/logout`,
// the session (`resolveSession`), `keys create --save`, `keys rotate` and the sandbox profile.
//
// The config file records which keys are in the keyring (`v2KeyInKeyring: true`) and never
// holds such a key itself, so a profile whose keys are in the file never loads the keyring
// module, and neither do `--version`, `--help` or a run whose key comes from SVC_API_KEY
// (style.md principle 5: heavy things load late; the keyring is a native module).
import type { ApiVersion } from '../api/assumptions.js';
import { EXIT, SvcError } from '../api/errors.js';
import { configDir } from './paths.js';
import type { Profile, ProfileStore } from './profiles.js';

/** The part of an OS keyring svc uses: one secret per (service, account). */
export interface Keyring {
  /** What a user calls it: "macOS Keychain", "Windows Credential Manager", "Secret Service". */
  readonly name: string;
  get(service: string, account: string): string | null;
  set(service: string, account: string, secret: string): void;
  delete(service: string, account: string): boolean;
}
/** Loads the keyring; rejects when it cannot be loaded on this machine. */
export type KeyringLoader = () => Promise<Keyring>;

type KeyLocation = { kind: 'keyring'; name: string } | { kind: 'file'; path: string };

/** A profile's key of one version as it was stored, to put back (rotate's undo). */
export interface StoredKey {
  key?: string;
  storedAt?: string;
  inKeyring?: boolean;
}

export interface WriteResult {
  location: KeyLocation;
  /** Why the file was used rather than a keyring (said once on `auth login`). */
  fallbackReason?: string;
  /** The keyring library's own words (DBus, …): for --verbose only, never in the notice. */
  fallbackDetail?: string;
  previous: StoredKey;
}

/** A key the config file says is in the keyring cannot be read (exit 4, like a missing key). */
export class KeyringReadError extends SvcError {
  override readonly exitCode = EXIT.auth;
}

const FIELDS = {
  v1: { key: 'v1Key', at: 'v1KeyStoredAt', ring: 'v1KeyInKeyring' },
  v2: { key: 'v2Key', at: 'v2KeyStoredAt', ring: 'v2KeyInKeyring' },
} as const;

/** SVC_KEYRING=off keeps keys in the config file (a shared machine's session keyring, tests). */
export function keyringDisabled(env: NodeJS.ProcessEnv): boolean {
  return /^(off|0|false|no|file)$/i.test(env.SVC_KEYRING?.trim() ?? '');
}

/** Where a profile's key is, without reading it (and without loading the keyring). */
export function keyLocationOf(profile: Profile | undefined, version: ApiVersion): 'keyring' | 'file' | undefined {
  if (profile?.[FIELDS[version].ring]) return 'keyring';
  return profile?.[FIELDS[version].key] ? 'file' : undefined;
}

export class KeyStore {
  private ring?: Promise<Keyring>;

  constructor(
    readonly profiles: ProfileStore,
    private readonly env: NodeJS.ProcessEnv,
    private readonly loadKeyring: KeyringLoader = loadOsKeyring,
  ) {}

  /** Keyring entries are per config folder, so a test's or CI's SVC_CONFIG_DIR never sees the user's keys. */
  get service(): string {
    return this.env.SVC_CONFIG_DIR ? `svc (${configDir(this.env)})` : 'svc';
  }

  private account(profile: string, version: ApiVersion): string {
    return `${profile}:${version}`;
  }

  private keyring(): Promise<Keyring> {
    this.ring ??= this.loadKeyring();
    return this.ring;
  }

  /** The stored key of a profile, from the file or the keyring (the keyring loads only then). */
  async read(name: string, version: ApiVersion, profile = this.profiles.get(name)): Promise<string | undefined> {
    const f = FIELDS[version];
    if (!profile?.[f.ring]) return profile?.[f.key];
    let key: string | null;
    try {
      key = (await this.keyring()).get(this.service, this.account(name, version));
    } catch (err) {
      throw new KeyringReadError(
        `cannot read the ${version} key of profile "${name}" from the OS keyring (${keyringName()}): ${reason(err)}`,
        'unlock the keyring and try again, set SVC_API_KEY, or store the key again with `svc auth login`',
      );
    }
    if (key) return key;
    throw new KeyringReadError(
      `the ${version} key of profile "${name}" is missing from the OS keyring (${keyringName()})`,
      'store it again with `svc auth login`, or set SVC_API_KEY',
    );
  }

  /**
   * Store `key` as the profile's key of its version: in the keyring when one works, else in the
   * file. `fileOnly` forces the file and says why (the sandbox's throwaway keys). A key put in the
   * keyring is removed from the file, and a key put in the file is removed from the keyring.
   */
  async write(
    name: string,
    version: ApiVersion,
    key: string,
    opts: { baseUrl?: string; fileOnly?: string } = {},
  ): Promise<WriteResult> {
    const previous = await this.snapshot(name, version);
    const choice = await this.chooseBackend(name, version, key, opts.fileOnly);
    const f = FIELDS[version];
    const storedAt = new Date().toISOString();
    await this.profiles.update(name, (p) => {
      const next: Profile = { ...p, baseUrl: p.baseUrl ?? opts.baseUrl, [f.at]: storedAt };
      if (choice.ring) {
        delete next[f.key];
        next[f.ring] = true;
      } else {
        next[f.key] = key;
        delete next[f.ring];
      }
      return next;
    });
    if (!choice.ring && previous.inKeyring) await this.forget(name, version);
    return {
      location: choice.ring ? { kind: 'keyring', name: choice.ring.name } : { kind: 'file', path: this.profiles.path },
      fallbackReason: choice.reason,
      ...(choice.detail ? { fallbackDetail: choice.detail } : {}),
      previous,
    };
  }

  /** Put back what `write` replaced (keys rotate: the new key failed its check). */
  async restore(name: string, version: ApiVersion, previous: StoredKey): Promise<void> {
    const f = FIELDS[version];
    if (previous.inKeyring && previous.key)
      (await this.keyring()).set(this.service, this.account(name, version), previous.key);
    else await this.forget(name, version);
    await this.profiles.update(name, (p) => {
      const next: Profile = { ...p };
      delete next[f.key];
      delete next[f.at];
      delete next[f.ring];
      if (previous.inKeyring) next[f.ring] = true;
      else if (previous.key !== undefined) next[f.key] = previous.key;
      if (previous.storedAt !== undefined) next[f.at] = previous.storedAt;
      return next;
    });
  }

  /** Forget a profile's keys (both versions), from the file and the keyring; `all` drops the profile. */
  async remove(name: string, opts: { all?: boolean } = {}): Promise<void> {
    const profile = this.profiles.get(name);
    for (const version of ['v1', 'v2'] as const) {
      if (profile?.[FIELDS[version].ring]) await this.forget(name, version);
    }
    if (opts.all) {
      await this.profiles.remove(name);
      return;
    }
    await this.profiles.update(
      name,
      ({
        v1Key: _a,
        v1KeyStoredAt: _b,
        v1KeyInKeyring: _c,
        v2Key: _d,
        v2KeyStoredAt: _e,
        v2KeyInKeyring: _f,
        ...rest
      }) => rest,
    );
  }

  /** For `auth status`: where a stored key is. */
  describe(name: string, profile: Profile | undefined, version: ApiVersion): string | undefined {
    const where = keyLocationOf(profile, version);
    if (where === 'file') return `config file ${this.profiles.path} (mode 0600)`;
    if (where === 'keyring')
      return `OS keyring: ${keyringName()}, service "${this.service}", account "${this.account(name, version)}"`;
    return undefined;
  }

  private async snapshot(name: string, version: ApiVersion): Promise<StoredKey> {
    const profile = this.profiles.get(name);
    const f = FIELDS[version];
    const inKeyring = profile?.[f.ring] === true;
    let key: string | undefined;
    try {
      key = await this.read(name, version, profile);
    } catch {
      key = undefined; // an unreadable old key cannot be put back; the new one replaces it
    }
    return { key, storedAt: profile?.[f.at], inKeyring };
  }

  /**
   * The decision: the file when SVC_KEYRING=off or `fileOnly`; else the keyring if it loads and
   * a write then a read of this very entry succeed; else the file, with the reason.
   */
  private async chooseBackend(
    name: string,
    version: ApiVersion,
    key: string,
    fileOnly?: string,
  ): Promise<{ ring?: Keyring; reason?: string; detail?: string }> {
    if (fileOnly) return { reason: fileOnly };
    if (keyringDisabled(this.env)) return { reason: 'SVC_KEYRING=off' };
    let ring: Keyring;
    try {
      ring = await this.keyring();
    } catch (err) {
      return { reason: 'the OS keyring could not be loaded', detail: reason(err) };
    }
    const account = this.account(name, version);
    try {
      ring.set(this.service, account, key);
      if (ring.get(this.service, account) === key) return { ring };
    } catch (err) {
      // the seller is told what it means, not DBus's raw text (kept for --verbose).
      return { reason: `no OS keyring available (the ${ring.name} did not answer)`, detail: reason(err) };
    }
    return { reason: `the ${ring.name} did not keep the key` };
  }

  private async forget(name: string, version: ApiVersion): Promise<void> {
    try {
      (await this.keyring()).delete(this.service, this.account(name, version));
    } catch {
      // best effort: the config file no longer points at the entry
    }
  }
}

function reason(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg
    .split('\n')[0]!
    .replace(/^Platform failure: /, '')
    .slice(0, 200);
}

function keyringName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin'
    ? 'macOS Keychain'
    : platform === 'win32'
      ? 'Windows Credential Manager'
      : 'Secret Service';
}

interface NapiEntry {
  getPassword(): string | null;
  setPassword(p: string): void;
  deletePassword(): boolean;
}
interface NapiKeyring {
  Entry: new (service: string, account: string, options?: { linux?: { store?: string } }) => NapiEntry;
}

/**
 * @napi-rs/keyring, loaded on first use only. On Linux the entry is pinned to the Secret
 * Service: the kernel keyutils store it could also use forgets keys at logout or reboot.
 */
export const loadOsKeyring: KeyringLoader = async () => {
  const mod = (await import('@napi-rs/keyring')) as unknown as NapiKeyring & { default?: NapiKeyring };
  const { Entry } = mod.Entry ? mod : mod.default!;
  const options = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
  const entry = (service: string, account: string) => new Entry(service, account, options);
  return {
    name: keyringName(),
    get: (service, account) => entry(service, account).getPassword(),
    set: (service, account, secret) => entry(service, account).setPassword(secret),
    delete: (service, account) => entry(service, account).deletePassword(),
  };
};
