// Profiles on `conf`, behind a typed wrapper that turns file-system errors into user-facing
// ones (style.md, Shopify CLI). The file is 0600 (conf's default is 0644): it holds keys when
// no OS keyring is available. Keys are read and written through src/config/key-store.ts only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from '../api/errors.js';
import { compileShape, parsedValue } from '../api/shape.js';
import { CONFIG_FILE_SHAPE } from './config-shape.gen.js';
import { configDir, ensurePrivateDir } from './paths.js';
import type { ConfigFile, Profile } from './profile-schema.js';

export type { Profile } from './profile-schema.js';

// the file is checked against the shape generated from its zod schema
// (profile-schema.ts, `npm run gen:shapes`), so a read loads no zod. The shape is exact for what
// JSON.parse makes (test/config/config-shape.test.ts: same verdict and same value as zod on
// generated files), and the message of a bad file names no field, so a no needs no zod either.
const configFilePasses = compileShape(CONFIG_FILE_SHAPE);

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
    if (!configFilePasses(raw))
      throw new SvcError(
        `the config file ${this.path} is not valid`,
        'fix or delete it, then run `svc auth login` again',
      );
    return parsedValue(CONFIG_FILE_SHAPE, raw) as ConfigFile;
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
      ensurePrivateDir(this.dir); // 0700 whatever the umask, before conf creates it
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
    const { Profile } = await import('./profile-schema.js'); // a write: zod checks what is written
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
