// Where input comes from: a path, or `-` for stdin (cli-spec 3). Validation reads the input
// twice (scan, then chunks), so stdin is spooled to a private file first.
//
//, hostile inputs: only a regular file (a symlink to one included) is read; a FIFO, a
// device or a directory is refused at once (exit 2) without being opened, so `/dev/urandom`
// or a FIFO cannot keep a command reading forever. The stdin spool is capped
// (STDIN_SPOOL_MAX_BYTES, SVC_STDIN_MAX_BYTES) and, on Linux, unlinked as soon as it is opened
// (it is read through /proc/self/fd), so not even kill -9 leaves the plaintext behind. Every
// read loop of src/input checks the abort signal: Ctrl-C / SIGTERM ends it within a block.
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, constants, existsSync, mkdirSync, openSync, readdirSync, readSync, unlinkSync } from 'node:fs';
import { open, stat, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STDIN_SPOOL_MAX_BYTES } from '../api/assumptions.js';
import { UsageError } from '../api/errors.js';
import { processAlive } from '../state/durable.js';

export interface InputFile {
  /** A readable regular file: the user's path, or the spooled copy of stdin. */
  path: string;
  /** What problems call the file: the path as given, or `stdin`. */
  displayName: string;
  isStdin: boolean;
  /** Removes the spooled copy of stdin; a no-op for a path. Safe to call twice. */
  cleanup(): Promise<void>;
}

const STDIN_DISPLAY_NAME = 'stdin';

export interface OpenInputOptions {
  /** Stream to spool when the path is `-` (default process.stdin); tests pass their own. */
  stdin?: NodeJS.ReadableStream;
  /** Folder for the spooled copy (default os.tmpdir()). */
  tmpDir?: string;
  /** Ctrl-C / SIGTERM: stops spooling stdin. */
  signal?: AbortSignal;
  /** Largest stdin accepted, in bytes (default: SVC_STDIN_MAX_BYTES, else STDIN_SPOOL_MAX_BYTES). */
  maxBytes?: number;
  /** false: keep the spool under its name until cleanup (the fallback where /proc is missing). */
  unlinkSpool?: boolean;
}

export async function openInput(pathOrDash: string, opts: OpenInputOptions = {}): Promise<InputFile> {
  if (pathOrDash !== '-') {
    await assertReadableFile(pathOrDash, pathOrDash);
    return { path: pathOrDash, displayName: pathOrDash, isStdin: false, cleanup: async () => {} };
  }
  return spoolStdin(opts.stdin ?? process.stdin, opts);
}

/** The stdin cap in bytes: SVC_STDIN_MAX_BYTES when it is a positive whole number, else the default. */
export function stdinMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SVC_STDIN_MAX_BYTES;
  if (raw !== undefined && /^\d{1,15}$/.test(raw.trim()) && Number(raw) > 0) return Number(raw);
  return STDIN_SPOOL_MAX_BYTES;
}

// Where the process's open files can be re-opened by number (Linux). Elsewhere the spool keeps
// its name in a 0700 folder of its own until cleanup, and a later start removes what a killed
// run left there.
const FD_DIR = '/proc/self/fd';
// Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY); node's fs.constants does not name it.
const O_TMPFILE = 0o20000000 | constants.O_DIRECTORY;

async function spoolStdin(input: NodeJS.ReadableStream, opts: OpenInputOptions): Promise<InputFile> {
  const signal = opts.signal;
  signal?.throwIfAborted();
  const max = opts.maxBytes ?? stdinMaxBytes();
  const unlinkAtOnce = (opts.unlinkSpool ?? true) && process.platform === 'linux' && existsSync(FD_DIR);
  const dir = opts.tmpDir ?? (unlinkAtOnce ? tmpdir() : privateSpoolDir());
  if (!unlinkAtOnce) sweepSpools(dir);
  const named = join(dir, `svc-stdin-${process.pid}-${randomUUID()}`);
  // Linux: O_TMPFILE makes a file that never has a name, so there is no moment at all when a
  // kill -9 could leave it behind; where the file system refuses O_TMPFILE, a named file is
  // unlinked right after it is opened. 'wx+': never follow or reuse an existing file; 0600:
  // credentials may pass through here.
  const anonymous = unlinkAtOnce
    ? await open(dir, O_TMPFILE | constants.O_RDWR, 0o600).catch(() => undefined)
    : undefined;
  const handle = anonymous ?? (await open(named, 'wx+', 0o600));
  let removed = anonymous !== undefined;
  const removeNow = (): void => {
    if (removed) return;
    removed = true;
    try {
      unlinkSync(named);
    } catch {
      /* already gone */
    }
  };
  if (unlinkAtOnce)
    removeNow(); // nothing to leave behind, even after kill -9
  else process.once('exit', removeNow); // exit 2 on problems, Ctrl-C: still removed
  const path = unlinkAtOnce ? join(FD_DIR, String(handle.fd)) : named;
  let closed = false;
  const cleanup = async (): Promise<void> => {
    process.removeListener('exit', removeNow);
    if (!closed) {
      closed = true;
      await handle.close().catch(() => {});
    }
    if (removed) return;
    removed = true;
    await unlink(named).catch(() => {});
  };
  try {
    await copyCapped(input, handle, max, signal);
  } catch (err) {
    await cleanup();
    if (err instanceof UsageError || signal?.aborted) throw signal?.aborted ? signal.reason : err;
    throw new UsageError(`cannot read ${STDIN_DISPLAY_NAME}: ${(err as Error).message}`);
  }
  return { path, displayName: STDIN_DISPLAY_NAME, isStdin: true, cleanup };
}

/** stdin into the spool, at most `max` bytes, stopping at once on abort. */
async function copyCapped(
  input: NodeJS.ReadableStream,
  handle: FileHandle,
  max: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  // A stdin that sends nothing keeps the loop waiting for data: abort destroys the stream.
  const destroy = (): void => {
    (input as NodeJS.ReadableStream & { destroy?: (e?: Error) => void }).destroy?.(signal?.reason as Error);
  };
  signal?.addEventListener('abort', destroy, { once: true });
  let total = 0;
  try {
    for await (const chunk of input) {
      signal?.throwIfAborted();
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      total += buf.length;
      if (total > max) {
        throw new UsageError(
          `${STDIN_DISPLAY_NAME} is larger than ${max} bytes: nothing was sent`,
          'pass a file path instead, or raise SVC_STDIN_MAX_BYTES',
        );
      }
      let at = 0;
      while (at < buf.length) at += (await handle.write(buf, at, buf.length - at)).bytesWritten;
    }
  } finally {
    signal?.removeEventListener('abort', destroy);
  }
}

/** A 0700 folder of this user's spools, for systems without /proc/self/fd. */
function privateSpoolDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  const dir = join(tmpdir(), `svc-spool-${uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Removes spools of processes that no longer run (a kill -9 skips the exit handler). */
function sweepSpools(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^svc-stdin-(\d+)-/.exec(name);
    if (!m || processAlive(Number(m[1]))) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      /* gone, or not ours */
    }
  }
}

/**
 * Throws UsageError("cannot read FILE: no such file") and friends for an unusable path.
 * only a regular file is read (a symlink is followed only to one): a FIFO, a device,
 * a socket or a directory is refused from its stat, never opened (opening a FIFO blocks).
 */
export async function assertReadableFile(path: string, displayName: string = path): Promise<void> {
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw new UsageError(`cannot read ${displayName}: ${notRegular(info)}`, 'give a regular file, or - for stdin');
    // O_NONBLOCK: should the path be swapped for a FIFO after the stat, open does not hang.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const opened = await handle.stat();
      if (!opened.isFile())
        throw new UsageError(
          `cannot read ${displayName}: ${notRegular(opened)}`,
          'give a regular file, or - for stdin',
        );
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw readError(err, displayName);
  }
}

function notRegular(info: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (info.isDirectory()) return 'is a directory';
  if (info.isFIFO()) return 'is a FIFO (named pipe), not a regular file; pipe it to - instead';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'is a device, not a regular file';
  if (info.isSocket()) return 'is a socket, not a regular file';
  return 'not a regular file';
}

/**
 * Maps a file-system error to the user-facing UsageError (exit 2, nothing sent). Anything
 * else (a bug) is returned as it is, so it is not disguised as an unreadable file.
 */
export function readError(err: unknown, displayName: string): unknown {
  if (err instanceof UsageError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return err;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'is a directory'
          : (err as Error).message;
  return new UsageError(`cannot read ${displayName}: ${why}`);
}

/**
 * The file's bytes in order, as views into ONE buffer that is refilled for each block: a view is
 * valid only until the next one is asked for. For passes that look at each byte once (hashing):
 * a file stream allocates a new buffer per block, and on a 50 MB file those pile up as garbage
 * faster than V8 collects them (bench/stock-memory).
 */
export async function* readBlocks(
  path: string,
  range: { start?: number; end?: number; signal?: AbortSignal } = {},
  blockSize = 256 * 1024,
): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    const block = Buffer.allocUnsafe(blockSize);
    let pos = range.start ?? 0;
    for (;;) {
      range.signal?.throwIfAborted(); // Ctrl-C ends validation at once
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
export async function hashFile(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const block of readBlocks(path, signal ? { signal } : {})) hash.update(block);
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

/**
 * Whether a file starts with a byte order mark (UTF-8, or the UTF-16 of Excel's "Unicode text"):
 * a report written for it gets one too, so the spreadsheet that made it reads the report back
 * the same way.
 */
export function startsWithBom(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(3);
    const n = readSync(fd, head, 0, 3, 0);
    return (
      (n >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) ||
      (n >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))
    );
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
