// Envelopes of assumption A1 and the error type every handler throws. A handler returns a
// `Reply`; the server adds the rate-limit headers (A8) and writes it.
import { VALIDATION_ERROR } from '../api/assumptions.js';
import type { RouteFamily } from '../api/routes.js';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Page {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

const SHORT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  422: 'Unprocessable entity',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};
export function shortError(status: number): string {
  return SHORT[status] ?? `HTTP ${status}`;
}

export interface SandboxErrorExtra {
  field?: string;
  limit?: number;
  retryable?: boolean;
  retryAfterS?: number;
  error?: string;
}

/** Thrown by handlers; turned into the A1 error body of the request's family. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly extra: SandboxErrorExtra = {},
  ) {
    super(message);
  }
}

export function validationError(field: string, message: string, code?: string): SandboxError {
  return new SandboxError(400, code, message, { field, error: VALIDATION_ERROR });
}
export function notFound(what: string): SandboxError {
  return new SandboxError(404, undefined, `${what} not found`);
}

/** A1 error body: v2 `{error, code?, message, retryable?, limit?, field?}`; v1 adds `success: false`. */
export function errorReply(family: RouteFamily | 'control', err: SandboxError): Reply {
  const body: Record<string, unknown> = {};
  if (family === 'v1' || family === 'keys') body.success = false;
  body.error = err.extra.error ?? shortError(err.status);
  if (err.code !== undefined) body.code = err.code;
  body.message = err.message;
  if (err.extra.retryable !== undefined) body.retryable = err.extra.retryable;
  if (err.extra.limit !== undefined) body.limit = err.extra.limit;
  if (err.extra.field !== undefined) body.field = err.extra.field;
  const headers: Record<string, string> = {};
  if (err.extra.retryAfterS !== undefined) headers['retry-after'] = String(err.extra.retryAfterS);
  return { status: err.status, body, headers };
}

/** A1 v2 success: `{data, pagination?, message?}`. */
export function v2Data(data: unknown, opts: { pagination?: Page; message?: string; status?: number } = {}): Reply {
  const body: Record<string, unknown> = { data };
  if (opts.pagination) body.pagination = opts.pagination;
  if (opts.message) body.message = opts.message;
  return { status: opts.status ?? 200, body };
}

/** A1 v1 (and key management) success: `{success: true, data, pagination?}`. */
export function v1Data(data: unknown, opts: { pagination?: Page; message?: string; status?: number } = {}): Reply {
  const body: Record<string, unknown> = { success: true, data };
  if (opts.pagination) body.pagination = opts.pagination;
  if (opts.message) body.message = opts.message;
  return { status: opts.status ?? 200, body };
}

/** A6 per-item result. */
export interface ItemResult {
  id?: number;
  index?: number;
  status: 'ok' | 'failed' | 'unchanged';
  code?: string;
  error?: string;
  message?: string;
}
export function failedItem(key: { id?: number; index?: number }, code: string, message: string): ItemResult {
  return { ...key, status: 'failed', code, error: code.toLowerCase(), message };
}
export function resultsReply(results: ItemResult[]): Reply {
  return { status: 200, body: { results } };
}
