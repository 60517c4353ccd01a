// Profiles on `conf`, behind a typed wrapper that turns file-system errors into user-facing
// ones (style.md, Shopify CLI). The file is 0600 (conf's default is 0644): it holds keys when
// no OS keyring is available. Keys are read and written through src/config/key-store.ts only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SvcError } from '../api/errors.js';
import { jitOptions } from '../api/zod-jit.js';
import { configDir, ensurePrivateDir } from './paths.js';

export const Profile = z.object({
  baseUrl: z.string().optional(),
  v1Key: z.string().optional(),
  v1KeyStoredAt: z.string().optional(),
  v2Key: z.string().optional(),
  v2KeyStoredAt: z.string().optional(),
  /** The key is in the OS keyring, not in this file (src/config/key-store.ts). */
  v1KeyInKeyring: z.boolean().optional(),
  v2KeyInKeyring: z.boolean().optional(),
  /** spec 4.3: `/api/v1` or the `/api/service` alias. */
  v1Prefix: z.enum(['/api/v1', '/api/service']).optional(),
  // issue 11: the secret URL path of `svc webhooks listen`, made by `--init`; kept like a key
  // (this file is 0600) and never printed again.
  webhookPath: z.string().optional(),
  // issue 22: the secret behind the pool tags (src/cli/stock/pool-secret.ts), base64 of 32
  // random bytes; kept like a key (this file is 0600) so it outlives the state folder.
  poolSecret: z.string().optional(),
});
export type Profile = z.infer<typeof Profile>;

const ConfigFile = z.object({
  defaultProfile: z.string().optional(),
  profiles: z.record(z.string(), Profile).default({}),
});
type ConfigFile = z.infer<typeof ConfigFile>;

const PROFILE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const CONFIG_FILE_MODE = 0o600;

type ConfStore = { store: Record<string, unknown>; path: string };

/** conf's file in the config folder (cwd + configName + `.json`, as ProfileStore opens it). */
const CONFIG_FILE = 'config.json';

/**
 * The profiles. conf owns the file: every write goes through it (0600, atomic). A read, which
 * every command makes, parses the JSON file conf wrote without loading conf and its own
 * dependencies (bench/startup: ~4 ms of every run with a profile); conf is opened on the
 * first write.
 */
export class ProfileStore {
  private conf: ConfStore | undefined;

  private constructor(private readonly dir: string) {}

  static async open(env: NodeJS.ProcessEnv = process.env): Promise<ProfileStore> {
    return new ProfileStore(configDir(env));
  }

  get path(): string {
    return this.conf?.path ?? join(this.dir, CONFIG_FILE);
  }

  private read(): ConfigFile {
    let raw: unknown;
    try {
      raw = this.conf ? this.conf.store : JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR')
        raw = {}; // no profile yet
      else if (err instanceof SyntaxError) raw = undefined;
      else throw fsError(err, this.path);
    }
    const parsed = ConfigFile.safeParse(raw, jitOptions(ConfigFile));
    if (!parsed.success)
      throw new SvcError(
        `the config file ${this.path} is not valid`,
        'fix or delete it, then run `svc auth login` again',
      );
    return parsed.data;
  }

  private async write(next: ConfigFile): Promise<void> {
    const conf = await this.writer();
    try {
      conf.store = next as unknown as Record<string, unknown>;
    } catch (err) {
      throw fsError(err, conf.path);
    }
  }

  private async writer(): Promise<ConfStore> {
    if (this.conf) return this.conf;
    try {
      ensurePrivateDir(this.dir); // issue 14: 0700 whatever the umask, before conf creates it
      const { default: Conf } = await import('conf');
      this.conf = new Conf({
        projectName: 'svc',
        projectSuffix: '',
        cwd: this.dir,
        configName: CONFIG_FILE.replace(/\.json$/, ''),
        configFileMode: CONFIG_FILE_MODE,
        clearInvalidConfig: false,
      }) as unknown as ConfStore;
      return this.conf;
    } catch (err) {
      throw fsError(err, this.dir);
    }
  }

  defaultName(): string {
    return this.read().defaultProfile ?? 'default';
  }

  get(name: string): Profile | undefined {
    return this.read().profiles[name];
  }

  list(): { name: string; profile: Profile; isDefault: boolean }[] {
    const cfg = this.read();
    const def = cfg.defaultProfile ?? 'default';
    return Object.entries(cfg.profiles).map(([name, profile]) => ({ name, profile, isDefault: name === def }));
  }

  async update(name: string, patch: (p: Profile) => Profile): Promise<Profile> {
    if (!PROFILE_NAME.test(name))
      throw new SvcError(`invalid profile name "${name}"`, 'use letters, digits, dot, hyphen or underscore');
    await this.writer(); // read and write through conf from here on
    const cfg = this.read();
    const next = Profile.parse(patch({ ...(cfg.profiles[name] ?? {}) }));
    await this.write({ ...cfg, profiles: { ...cfg.profiles, [name]: next } });
    return next;
  }

  async remove(name: string): Promise<boolean> {
    await this.writer();
    const cfg = this.read();
    if (!cfg.profiles[name]) return false;
    const profiles = { ...cfg.profiles };
    delete profiles[name];
    await this.write({
      ...cfg,
      profiles,
      defaultProfile: cfg.defaultProfile === name ? undefined : cfg.defaultProfile,
    });
    return true;
  }

  async setDefault(name: string): Promise<void> {
    await this.writer();
    const cfg = this.read();
    await this.write({ ...cfg, defaultProfile: name });
  }
}

function fsError(err: unknown, where: string): SvcError {
  const e = err as { code?: string; message?: string };
  const why =
    e.code === 'EACCES' || e.code === 'EPERM'
      ? 'permission denied'
      : e.code === 'ENOSPC'
        ? 'the disk is full'
        : e.code === 'EROFS'
          ? 'the file system is read-only'
          : (e.message ?? String(err));
  return new SvcError(`cannot use the config at ${where}: ${why}`, 'set SVC_CONFIG_DIR to a writable folder');
}
