// The notifications' own requests: through the one transport (src/api/transport.ts: its pools,
// HTTP/1.1 only, the environment's proxy), a short timeout, never the marketplace's retries and
// never its key. It returns what the rate-limit logic needs (status, retry_after from the body or
// the headers, Discord's X-RateLimit-* headers) and never puts a URL in an error: a Telegram URL
// holds the bot token, a Discord one its secret.
import { rawRequest, type TransportResponse } from '../api/transport.js';

const NOTIFY_TIMEOUT_MS = 10_000;
/** A chat platform's answer is small; a larger one is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;

export interface PostResult {
  status: number;
  /** Seconds to wait, from a 429's JSON (`parameters.retry_after` on Telegram, `retry_after` on Discord) or `Retry-After`. */
  retryAfterS?: number;
  /** Discord: requests left in this bucket, and seconds until it refills. */
  remaining?: number;
  resetAfterS?: number;
  /** The platform's own words on a refusal (description/message), for the warning. */
  detail?: string;
  /** The answer's JSON object (Telegram's `result`, for the bot's reads), when it was one. */
  json?: Record<string, unknown>;
}

export interface PostOptions {
  signal?: AbortSignal;
  /** Extra request headers (Evolution API's `apikey`, a webhook's own); never printed. */
  headers?: Record<string, string>;
  /** Longer than the default for a long poll (Telegram getUpdates holds the answer). */
  timeoutMs?: number;
}

/** POST a JSON body: the one HTTP path of every chat platform and the bot (a signal, or options). */
export async function postJson(
  url: string,
  body: unknown,
  signalOrOptions?: AbortSignal | PostOptions,
): Promise<PostResult> {
  const o: PostOptions = signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
  let res: TransportResponse & { json?: unknown };
  try {
    res = await rawRequest('POST', url, {
      body,
      headers: { ...o.headers, 'user-agent': 'svc-notify' },
      timeoutMs: o.timeoutMs ?? NOTIFY_TIMEOUT_MS,
      maxBytes: MAX_BODY_BYTES,
      signal: o.signal,
    });
  } catch (err) {
    // Keep only the kind of failure: a message could name the URL.
    const e = err as { causeCode?: string; kind?: string; code?: string; name?: string };
    throw new Error(`no answer (${e.causeCode ?? e.kind ?? e.code ?? e.name ?? 'network error'})`);
  }
  const json = res.json && typeof res.json === 'object' ? (res.json as Record<string, unknown>) : undefined;
  const h = (name: string): number | undefined => num(res.headers[name]);
  const bodyRetry =
    num((json?.parameters as Record<string, unknown> | undefined)?.retry_after) ?? num(json?.retry_after);
  const detail =
    typeof json?.description === 'string'
      ? json.description
      : typeof json?.message === 'string'
        ? json.message
        : undefined;
  return {
    status: res.status,
    ...(bodyRetry !== undefined || h('retry-after') !== undefined
      ? { retryAfterS: bodyRetry ?? h('retry-after') }
      : {}),
    ...(h('x-ratelimit-remaining') !== undefined ? { remaining: h('x-ratelimit-remaining') } : {}),
    ...(h('x-ratelimit-reset-after') !== undefined ? { resetAfterS: h('x-ratelimit-reset-after') } : {}),
    ...(detail ? { detail: detail.slice(0, 200) } : {}),
    ...(json ? { json } : {}),
  };
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Test-only base URLs (SVC_TELEGRAM_API_BASE, SVC_DISCORD_API_BASE): honoured for loopback only. */
export function loopbackOverride(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))
      return value.replace(/\/+$/, '');
  } catch {
    /* ignored: not a URL */
  }
  return undefined;
}
