// Profiles on `conf`, behind a typed wrapper that turns file-system errors into user-facing
// ones (style.md, Shopify CLI). The file is 0600 (conf's default is 0644): it holds keys when
// no OS keyring is available. Keys are read and written through src/config/key-store.ts only.
import { z } from 'zod';
import { SvcError } from '../api/errors.js';
import { configDir } from './paths.js';

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
});
export type Profile = z.infer<typeof Profile>;

const ConfigFile = z.object({
  defaultProfile: z.string().optional(),
  profiles: z.record(z.string(), Profile).default({}),
});
type ConfigFile = z.infer<typeof ConfigFile>;

export const PROFILE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const CONFIG_FILE_MODE = 0o600;

type ConfStore = { store: Record<string, unknown>; path: string };

export class ProfileStore {
  private constructor(private readonly conf: ConfStore) {}

  static async open(env: NodeJS.ProcessEnv = process.env): Promise<ProfileStore> {
    const dir = configDir(env);
    try {
      const { default: Conf } = await import('conf');
      const conf = new Conf({
        projectName: 'svc',
        projectSuffix: '',
        cwd: dir,
        configName: 'config',
        configFileMode: CONFIG_FILE_MODE,
        clearInvalidConfig: false,
      });
      return new ProfileStore(conf as unknown as ConfStore);
    } catch (err) {
      throw fsError(err, dir);
    }
  }

  get path(): string { return this.conf.path; }

  private read(): ConfigFile {
    const parsed = ConfigFile.safeParse(this.conf.store);
    if (!parsed.success) throw new SvcError(`the config file ${this.conf.path} is not valid`, 'fix or delete it, then run `svc auth login` again');
    return parsed.data;
  }

  private write(next: ConfigFile): void {
    try {
      this.conf.store = next as unknown as Record<string, unknown>;
    } catch (err) {
      throw fsError(err, this.conf.path);
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

  update(name: string, patch: (p: Profile) => Profile): Profile {
    if (!PROFILE_NAME.test(name)) throw new SvcError(`invalid profile name "${name}"`, 'use letters, digits, dot, hyphen or underscore');
    const cfg = this.read();
    const next = Profile.parse(patch({ ...(cfg.profiles[name] ?? {}) }));
    this.write({ ...cfg, profiles: { ...cfg.profiles, [name]: next } });
    return next;
  }

  remove(name: string): boolean {
    const cfg = this.read();
    if (!cfg.profiles[name]) return false;
    const profiles = { ...cfg.profiles };
    delete profiles[name];
    this.write({ ...cfg, profiles, defaultProfile: cfg.defaultProfile === name ? undefined : cfg.defaultProfile });
    return true;
  }

  setDefault(name: string): void {
    const cfg = this.read();
    this.write({ ...cfg, defaultProfile: name });
  }
}

function fsError(err: unknown, where: string): SvcError {
  const e = err as { code?: string; message?: string };
  const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied'
    : e.code === 'ENOSPC' ? 'the disk is full'
    : e.code === 'EROFS' ? 'the file system is read-only'
    : e.message ?? String(err);
  return new SvcError(`cannot use the config at ${where}: ${why}`, 'set SVC_CONFIG_DIR to a writable folder');
}
