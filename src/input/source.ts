// Where input comes from: a path, or `-` for stdin (cli-spec 3). Validation reads the input
// twice (scan, then chunks), so stdin is spooled to a private temp file first.
import { createHash, randomUUID } from 'node:crypto';
import { open, stat, unlink } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../api/errors.js';

export interface InputFile {
  /** A readable regular file: the user's path, or the spooled copy of stdin. */
  path: string;
  /** What problems call the file: the path as given, or `stdin`. */
  displayName: string;
  isStdin: boolean;
  /** Removes the spooled copy of stdin; a no-op for a path. Safe to call twice. */
  cleanup(): Promise<void>;
}

export const STDIN_DISPLAY_NAME = 'stdin';

export interface OpenInputOptions {
  /** Stream to spool when the path is `-` (default process.stdin); tests pass their own. */
  stdin?: NodeJS.ReadableStream;
  /** Folder for the spooled copy (default os.tmpdir()). */
  tmpDir?: string;
  /** Ctrl-C / SIGTERM: stops spooling stdin (issue 13). */
  signal?: AbortSignal;
}

export async function openInput(pathOrDash: string, opts: OpenInputOptions = {}): Promise<InputFile> {
  if (pathOrDash !== '-') {
    await assertReadableFile(pathOrDash, pathOrDash);
    return { path: pathOrDash, displayName: pathOrDash, isStdin: false, cleanup: async () => {} };
  }
  return spoolStdin(opts.stdin ?? process.stdin, opts.tmpDir ?? tmpdir());
}

async function spoolStdin(input: NodeJS.ReadableStream, dir: string): Promise<InputFile> {
  const path = join(dir, `svc-stdin-${process.pid}-${randomUUID()}`);
  // 'wx': never follow or reuse an existing file; 0600: credentials may pass through here.
  const handle = await open(path, 'wx', 0o600);
  let removed = false;
  const removeNow = (): void => {
    if (removed) return;
    removed = true;
    try { unlinkSync(path); } catch { /* already gone */ }
  };
  // If the process dies before cleanup() (exit 2 on problems, Ctrl-C), still remove it.
  process.once('exit', removeNow);
  const cleanup = async (): Promise<void> => {
    process.removeListener('exit', removeNow);
    if (removed) return;
    removed = true;
    await unlink(path).catch(() => {});
  };
  try {
    await pipeline(input, handle.createWriteStream());
  } catch (err) {
    await handle.close().catch(() => {});
    await cleanup();
    throw new UsageError(`cannot read ${STDIN_DISPLAY_NAME}: ${(err as Error).message}`);
  }
  return { path, displayName: STDIN_DISPLAY_NAME, isStdin: true, cleanup };
}

/** Throws UsageError("cannot read FILE: no such file") and friends for an unusable path. */
export async function assertReadableFile(path: string, displayName: string = path): Promise<void> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new UsageError(`cannot read ${displayName}: is a directory`);
    const handle = await open(path, 'r');
    await handle.close();
  } catch (err) {
    throw readError(err, displayName);
  }
}

/**
 * Maps a file-system error to the user-facing UsageError (exit 2, nothing sent). Anything
 * else (a bug) is returned as it is, so it is not disguised as an unreadable file.
 */
export function readError(err: unknown, displayName: string): unknown {
  if (err instanceof UsageError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return err;
  const why = code === 'ENOENT' ? 'no such file'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : code === 'EISDIR' ? 'is a directory'
        : (err as Error).message;
  return new UsageError(`cannot read ${displayName}: ${why}`);
}

/**
 * The file's bytes in order, as views into ONE buffer that is refilled for each block: a view is
 * valid only until the next one is asked for. For passes that look at each byte once (hashing):
 * a file stream allocates a new buffer per block, and on a 50 MB file those pile up as garbage
 * faster than V8 collects them (bench/stock-memory).
 */
export async function* readBlocks(path: string, range: { start?: number; end?: number } = {}, blockSize = 256 * 1024): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    const block = Buffer.allocUnsafe(blockSize);
    let pos = range.start ?? 0;
    for (;;) {
      const want = range.end === undefined ? blockSize : Math.min(blockSize, range.end - pos);
      if (want <= 0) return;
      const { bytesRead } = await handle.read(block, 0, want, pos);
      if (bytesRead === 0) return;
      pos += bytesRead;
      yield block.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** sha256 (hex) of the whole file, streamed: the job journal's input hash (cli-spec 4). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const block of readBlocks(path)) hash.update(block);
  } catch (err) {
    throw readError(err, path);
  }
  return hash.digest('hex');
}

export interface FileInfo {
  size: number;
  mtimeMs: number;
}

/** Size and modification time, recorded in job journals next to the hash. */
export async function fileInfo(path: string): Promise<FileInfo> {
  try {
    const info = await stat(path);
    return { size: info.size, mtimeMs: info.mtimeMs };
  } catch (err) {
    throw readError(err, path);
  }
}
