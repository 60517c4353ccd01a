// Messages on stderr: errors (`error: …` + `hint: …`, cli-spec 1), warnings, notes. A message can
// carry what a server or a file said (a 400's message, a name): each goes through the one
// sanitiser (issue 12), only svc's own colours are escapes.
import { ApiError, EXIT, SvcError } from '../api/errors.js';
import type { IO } from './io.js';
import { sanitizeBlock } from './sanitize.js';

const paint = (io: IO, code: string, text: string) => (io.color ? `\u001b[${code}m${text}\u001b[0m` : text);

export function printError(io: IO, err: unknown): number {
  if (err instanceof SvcError) {
    const what = err instanceof ApiError ? err.summary : err.message;
    io.stderr.write(`${paint(io, '31', 'error:')} ${sanitizeBlock(what)}\n`);
    if (err.hint) io.stderr.write(`${paint(io, '2', 'hint:')} ${sanitizeBlock(err.hint)}\n`);
    return err.exitCode;
  }
  const e = err as Error;
  io.stderr.write(`${paint(io, '31', 'error:')} unexpected failure: ${sanitizeBlock(e?.message ?? String(err))}\n`);
  io.stderr.write(`${paint(io, '2', 'hint:')} this is a bug in svc; run again with --verbose and report it\n`);
  if (process.env.SVC_DEBUG && e?.stack) io.stderr.write(`${e.stack}\n`);
  return EXIT.failed;
}

export function warn(io: IO, text: string): void {
  io.stderr.write(`${paint(io, '33', 'warning:')} ${sanitizeBlock(text)}\n`);
}

/** Progress and notes: silenced by --quiet. */
export function note(io: IO, text: string): void {
  if (!io.quiet) io.stderr.write(`${sanitizeBlock(text)}\n`);
}

export function success(io: IO, text: string): void {
  if (!io.quiet) io.stderr.write(`${paint(io, '32', '✓')} ${sanitizeBlock(text)}\n`);
}
