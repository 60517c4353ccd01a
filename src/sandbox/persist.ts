// `--data FILE` (cli-spec 5): the sandbox state as JSON across restarts. Loaded at start,
// saved after each change (debounced) and at close; written to a temporary file and renamed,
// so a crash never leaves half a file. Rate counters and logs are not persisted.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SandboxData } from './state.js';

const DEBOUNCE_MS = 200;

export function loadData(file: string): SandboxData | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxData>;
  if (parsed.version !== 1 || !Array.isArray(parsed.accounts) || !Array.isArray(parsed.listings)) {
    throw new Error(`${file} is not a sandbox data file (version 1)`);
  }
  return parsed as SandboxData;
}

export class Persister {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Saves started so far (tests: reads never write, issue 26). */
  saves = 0;

  /** A save is scheduled and not yet started. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  constructor(
    private readonly file: string,
    private readonly snapshot: () => SandboxData,
  ) {}

  /** A change happened: save soon. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  private save(): Promise<void> {
    this.saves += 1;
    const text = JSON.stringify(this.snapshot());
    this.writing = this.writing
      .then(async () => {
        await mkdir(dirname(this.file), { recursive: true });
        // Created exclusively under a name nobody can guess (issue 14): `wx` never follows a link
        // planted at the path, and a random part means no such path is there to plant.
        const tmp = `${this.file}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
        await writeFile(tmp, text, { mode: 0o600, flag: 'wx' });
        await rename(tmp, this.file);
      })
      .catch(() => undefined);
    return this.writing;
  }

  /** Save now (close). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.save();
  }
}
