// Notification secrets ("stored like keys"): a Telegram bot token or a Discord/webhook
// URL, per channel name. Stored in the OS keyring when one works (as API keys are), else in
// notify-secrets.json beside the config, 0600 in a 0700 folder; in CI an environment variable
// the config names (`secretEnv`). Never taken on the command line, never printed.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyringDisabled, loadOsKeyring, type KeyringLoader } from '../config/key-store.js';
import { configDir, ensurePrivateDir } from '../config/paths.js';

const SERVICE = 'svc-notify';
const FILE = 'notify-secrets.json';

interface FileShape {
  /** channel name → the secret, or "keyring" when it lives there. */
  channels: Record<string, { secret?: string; keyring?: boolean; storedAt: string }>;
}

export class NotifySecrets {
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly loadKeyring: KeyringLoader = loadOsKeyring,
  ) {}

  private get file(): string {
    return join(configDir(this.env), FILE);
  }

  private readFile(): FileShape {
    if (!existsSync(this.file)) return { channels: {} };
    try {
      const v = JSON.parse(readFileSync(this.file, 'utf8')) as FileShape;
      return v && typeof v.channels === 'object' ? v : { channels: {} };
    } catch {
      return { channels: {} };
    }
  }

  private writeFile(v: FileShape): void {
    ensurePrivateDir(configDir(this.env));
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(v, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }

  /** Store a channel's secret; says where. */
  async write(channel: string, secret: string): Promise<'keyring' | 'file'> {
    const all = this.readFile();
    const storedAt = new Date().toISOString();
    if (!keyringDisabled(this.env)) {
      try {
        const ring = await this.loadKeyring();
        ring.set(SERVICE, channel, secret);
        if (ring.get(SERVICE, channel) === secret) {
          all.channels[channel] = { keyring: true, storedAt };
          this.writeFile(all);
          return 'keyring';
        }
      } catch {
        // no keyring here (a server, a container): the 0600 file, as for API keys
      }
    }
    all.channels[channel] = { secret, storedAt };
    this.writeFile(all);
    return 'file';
  }

  async read(channel: string): Promise<string | undefined> {
    const e = this.readFile().channels[channel];
    if (!e) return undefined;
    if (e.secret) return e.secret;
    if (!e.keyring) return undefined;
    try {
      return (await this.loadKeyring()).get(SERVICE, channel) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** Where a channel's secret is, without reading it. */
  where(channel: string): 'keyring' | 'file' | undefined {
    const e = this.readFile().channels[channel];
    return e?.keyring ? 'keyring' : e?.secret ? 'file' : undefined;
  }

  async remove(channel: string): Promise<boolean> {
    const all = this.readFile();
    const e = all.channels[channel];
    if (!e) return false;
    if (e.keyring) {
      try {
        (await this.loadKeyring()).delete(SERVICE, channel);
      } catch {
        /* best effort */
      }
    }
    delete all.channels[channel];
    this.writeFile(all);
    return true;
  }
}
