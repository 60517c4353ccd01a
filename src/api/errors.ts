// One error type per class of failure (cli-spec 1 exit codes, spec 7). Every error the CLI
// prints is one of these; `exitCode` is what the process ends with.
import type { ErrorBody } from './responses.js';
import { hintFor } from './hints.js';

export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  refused: 3,
  auth: 4,
  rateLimited: 5,
  /** The seller answered no at a confirmation (or Ctrl-D): nothing was sent or changed. */
  cancelled: 6,
  interrupted: 130,
} as const;

export interface ApiErrorInit {
  status?: number;
  code?: string;
  message: string;
  field?: string;
  retryable?: boolean;
  limit?: number;
  retryAfterS?: number;
  method?: string;
  path?: string;
}

/** Base of every error that reaches the user. */
export class SvcError extends Error {
  readonly exitCode: number = EXIT.failed;
  hint?: string;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = new.target.name;
    if (hint) this.hint = hint;
  }
}

/** Bad flags or a bad input file: nothing was sent (exit 2). */
export class UsageError extends SvcError {
  override readonly exitCode = EXIT.usage;
}

/**
 * The local machine failed svc: a full, read-only or unwritable state folder. Said
 * plainly with what to do, never "a bug in svc". Exit 1.
 */
export class LocalFaultError extends SvcError {
  constructor(
    message: string,
    readonly code?: string,
    hint?: string,
  ) {
    super(message, hint);
  }
}

/** What an fs error code means, for a person. */
export function describeFsError(err: unknown): { code?: string; text: string } {
  const code = (err as NodeJS.ErrnoException)?.code;
  const text =
    code === 'ENOSPC'
      ? 'no space left on the device'
      : code === 'EDQUOT'
        ? 'disk quota exceeded'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'EFBIG'
              ? 'the file size limit was reached'
              : code === 'EIO'
                ? 'input/output error'
                : code === 'ENOTDIR'
                  ? 'a part of the path is not a folder'
                  : ((err as Error)?.message ?? String(err));
  return code ? { code, text } : { text };
}

/** Process was interrupted (exit 130). */
export class InterruptedError extends SvcError {
  override readonly exitCode = EXIT.interrupted;
}

/** An answer of the service that is not a success. */
export class ApiError extends SvcError {
  readonly status?: number;
  readonly code?: string;
  readonly field?: string;
  readonly retryable?: boolean;
  readonly limit?: number;
  readonly retryAfterS?: number;
  constructor(init: ApiErrorInit) {
    super(init.message, hintFor(init.code, init.status));
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.retryable = init.retryable;
    this.limit = init.limit;
    this.retryAfterS = init.retryAfterS;
  }
  /** `error: <what happened> (<HTTP status> <code>)` of cli-spec 1. */
  get summary(): string {
    const where = this.field ? ` [${this.field}]` : '';
    const tag = [this.status, this.code].filter((x) => x !== undefined && x !== '').join(' ');
    return `${this.message}${where}${tag ? ` (${tag})` : ''}`;
  }
}
export class AuthError extends ApiError {
  override readonly exitCode = EXIT.auth;
}
export class PermissionError extends ApiError {
  override readonly exitCode = EXIT.auth;
}
export class NotFoundError extends ApiError {}
export class GoneError extends ApiError {}
export class ConflictError extends ApiError {}
export class ValidationError extends ApiError {}
export class RateLimitError extends ApiError {
  override readonly exitCode = EXIT.rateLimited;
}
export class ServerError extends ApiError {}
/** The connection failed or timed out after every retry. */
export class NetworkError extends ApiError {}
/**
 * A 2xx answer svc cannot use: not the documented shape (a wrong type, a missing
 * required field, not JSON, too big). Exit 1; never retried (the same answer would come back).
 */
export class BadAnswerError extends ApiError {
  constructor(where: string, what: string, field: string, status?: number) {
    super({
      status,
      message:
        field === 'the answer'
          ? `the service answered ${where}, but the answer ${what}`
          : `the service answered ${where}, but field ${field} ${what}`,
    });
    this.hint =
      'the service (or a proxy in front of it) did not answer in the documented shape; check --base-url, and report it to the service if it persists';
  }
}

/** A v2-only command run with only a v1 key: fails before sending (exit 4). */
export class NeedsV2KeyError extends SvcError {
  override readonly exitCode = EXIT.auth;
  constructor(what: string) {
    super(
      `${what} needs a v2 key (closed beta, request one through support)`,
      'store one with `svc auth login` or set SVC_API_KEY to a svc_v2_sk_ key',
    );
  }
}
export class NeedsV1KeyError extends SvcError {
  override readonly exitCode = EXIT.auth;
  constructor(what: string) {
    super(`${what} needs a v1 key`, 'store one with `svc auth login` (v1 keys start with svc_sk_) or set SVC_API_KEY');
  }
}
export class NoKeyError extends SvcError {
  override readonly exitCode = EXIT.auth;
  /** `others`: the profiles that do exist, so the hint can name the one the seller meant. */
  constructor(profile: string, others: string[] = []) {
    super(`no API key for profile "${profile}"`, noKeyHint(others));
  }
}

function noKeyHint(others: string[]): string {
  if (others.length === 0) return 'run `svc auth login`, set SVC_API_KEY, or try the local sandbox with `svc sandbox`';
  const example = others.includes('sandbox') ? 'sandbox' : others[0]!;
  const names = others.map((n) => `"${n}"`).join(', ');
  return `${others.length === 1 ? 'a profile exists' : 'profiles exist'}: ${names}; use it with \`--profile ${example}\` or make it the default with \`svc auth use ${example}\` (or run \`svc auth login\` for this one)`;
}

/** Map a status + error body to the error class (spec 7; A14 codes that change the class). */
export function errorFromResponse(
  status: number,
  body: ErrorBody | undefined,
  extra: Partial<ApiErrorInit> = {},
): ApiError {
  const init: ApiErrorInit = {
    status,
    code: body?.code ?? undefined,
    message: body?.message || body?.error || defaultMessage(status),
    field: body?.field ?? undefined,
    retryable: body?.retryable ?? undefined,
    limit: body?.limit ?? undefined,
    ...extra,
  };
  if (status === 401) return new AuthError(init);
  if (status === 403) return new PermissionError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 410) return new GoneError(init);
  if (status === 429 && init.code !== 'DAILY_CREATION_LIMIT') return new RateLimitError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 400 || status === 422) return new ValidationError(init);
  if (status >= 500) return new ServerError(init);
  return new ApiError(init);
}

function defaultMessage(status: number): string {
  switch (status) {
    case 401:
      return 'the API key is invalid or missing';
    case 403:
      return 'the key is not allowed to do this';
    case 404:
      return 'not found';
    case 429:
      return 'rate limit exceeded';
    default:
      return status >= 500 ? 'the service failed' : `request failed`;
  }
}

/** A failure as a value another part of svc can act on: a code, never a class name. */
export interface ErrorValue {
  /** The service's code (spec 7) when it gave one, else the kind of failure by its exit code. */
  code: string;
  message: string;
  hint?: string;
  exit: number;
}

const CODE_BY_EXIT: Record<number, string> = {
  [EXIT.usage]: 'USAGE',
  [EXIT.refused]: 'REFUSED',
  [EXIT.auth]: 'AUTH',
  [EXIT.rateLimited]: 'RATE_LIMITED',
  [EXIT.interrupted]: 'INTERRUPTED',
};

export function errorValue(err: unknown): ErrorValue {
  const se = err instanceof SvcError ? err : undefined;
  const exit = se?.exitCode ?? EXIT.failed;
  const own = (err as { code?: unknown } | undefined)?.code;
  return {
    code: typeof own === 'string' && own !== '' ? own : (CODE_BY_EXIT[exit] ?? 'FAILED'),
    message: err instanceof Error ? err.message : String(err),
    ...(se?.hint ? { hint: se.hint } : {}),
    exit,
  };
}
