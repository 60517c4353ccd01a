// Messages on stderr: errors (`error: …` + `hint: …`, cli-spec 1), warnings, notes. A message can
// carry what a server or a file said (a 400's message, a name): each goes through the one
// sanitiser, only svc's own colours are escapes.
import { ApiError, EXIT, SvcError } from '../api/errors.js';
import type { IO } from './io.js';
import { t } from '../i18n/index.js';
import { jsonText, sanitizeBlock } from './sanitize.js';

const paint = (io: IO, code: string, text: string) => (io.color ? `\u001b[${code}m${text}\u001b[0m` : text);

/**
 * The error on stderr: `error: …` and `hint: …` for a person; with `json` (-o json, --json,
 * --jq) also one line `{"error":{"status","code","message","hint","exit"}}` after them, for a
 * script (`svc help formats`). Returns the exit code.
 */
export function printError(io: IO, err: unknown, opts: { json?: boolean } = {}): number {
  const e = describeError(err);
  io.stderr.write(`${paint(io, '31', t('error:'))} ${sanitizeBlock(e.text)}\n`);
  if (e.hint) io.stderr.write(`${paint(io, '2', t('hint:'))} ${sanitizeBlock(e.hint)}\n`);
  if (!(err instanceof SvcError) && process.env.SVC_DEBUG && (err as Error)?.stack)
    io.stderr.write(`${(err as Error).stack}\n`);
  if (opts.json) io.stderr.write(`${errorJson(e)}\n`);
  return e.exit;
}

export interface ErrorRecord {
  status: number | null;
  code: string;
  message: string;
  hint: string | null;
  exit: number;
}

interface DescribedError extends ErrorRecord {
  /** The human line (an API error with its status and code in brackets). */
  text: string;
}

function describeError(err: unknown): DescribedError {
  if (err instanceof SvcError) {
    const api = err instanceof ApiError ? err : undefined;
    // in the run's language; the service's status and code stay as they are.
    const message = t(err.message);
    return {
      status: api?.status ?? null,
      code: (err as { code?: string }).code || svcCode(err),
      message,
      hint: err.hint ? t(err.hint) : null,
      exit: err.exitCode,
      text: api ? message + api.summary.slice(err.message.length) : message,
    };
  }
  const message = t('unexpected failure: {what}', { what: (err as Error)?.message ?? String(err) });
  const hint = t('this is a bug in svc; run again with --verbose and report it');
  return { status: null, code: 'UNEXPECTED', message, hint, exit: EXIT.failed, text: message };
}

/** A code for an error the service did not name: from its HTTP status, else its exit code (a usage error → USAGE). */
function svcCode(err: SvcError): string {
  const status = err instanceof ApiError ? err.status : undefined;
  const byStatus: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    410: 'GONE',
    422: 'UNPROCESSABLE',
    429: 'RATE_LIMITED',
  };
  if (status !== undefined) return byStatus[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'FAILED');
  if (err instanceof ApiError) return 'NETWORK';
  const byExit: Record<number, string> = {
    [EXIT.usage]: 'USAGE',
    [EXIT.auth]: 'AUTH',
    [EXIT.rateLimited]: 'RATE_LIMITED',
    [EXIT.interrupted]: 'INTERRUPTED',
  };
  return byExit[err.exitCode] ?? 'FAILED';
}

/** The one-line JSON error (sanitised like every json output). */
export function errorJson(e: ErrorRecord): string {
  const { status, code, message, hint, exit } = e;
  return jsonText({
    error: { status, code, message: sanitizeBlock(message), hint: hint && sanitizeBlock(hint), exit },
  });
}

export function warn(io: IO, text: string): void {
  warnSaid(io, t(text));
}

/**
 * A warning already in the run's language, its parts translated where it was made (a listener's
 * log line): a second t() could catch the translated text with a looser pattern.
 */
export function warnSaid(io: IO, text: string): void {
  io.stderr.write(`${paint(io, '33', t('warning:'))} ${sanitizeBlock(text)}\n`);
}

/** Progress and notes: silenced by --quiet. */
export function note(io: IO, text: string): void {
  if (!io.quiet) io.stderr.write(`${sanitizeBlock(t(text))}\n`);
}

export function success(io: IO, text: string): void {
  if (!io.quiet) io.stderr.write(`${paint(io, '32', '✓')} ${sanitizeBlock(t(text))}\n`);
}
