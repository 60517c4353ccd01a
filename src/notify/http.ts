// The notifications' own small HTTP client (issue 24): undici, a short timeout, never the
// marketplace request core and never its key. It returns what the rate-limit logic needs
// (status, retry_after from the body or the headers, Discord's X-RateLimit-* headers) and
// never puts a URL in an error: a Telegram URL holds the bot token, a Discord one its secret.
import { Agent, request } from 'undici';

const NOTIFY_TIMEOUT_MS = 10_000;
/** A chat platform's answer is small; more is read no further. */
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

// HTTP/1.1 only, as the request core (src/api/transport.ts): undici 8's default dispatcher would
// offer h2 to the chat platforms. Made on the first notice.
let dispatcher: Agent | undefined;
function http1Agent(): Agent {
  dispatcher ??= new Agent({ allowH2: false });
  return dispatcher;
}

/** POST a JSON body: the one HTTP path of every chat platform and the bot (a signal, or options). */
export async function postJson(
  url: string,
  body: unknown,
  signalOrOptions?: AbortSignal | PostOptions,
): Promise<PostResult> {
  const o: PostOptions = signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
  const timeout = o.timeoutMs ?? NOTIFY_TIMEOUT_MS;
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: 'POST',
      headers: { ...o.headers, 'content-type': 'application/json', 'user-agent': 'svc-notify' },
      body: JSON.stringify(body),
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal: o.signal,
      dispatcher: http1Agent(),
    });
  } catch (err) {
    // undici's errors can name the URL: keep only the kind of failure.
    const code = (err as { code?: string }).code;
    throw new Error(`no answer (${code ?? (err as Error).name ?? 'network error'})`);
  }
  const text = await readCapped(res.body);
  const json = parseJson(text);
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
    status: res.statusCode,
    ...(bodyRetry !== undefined || h('retry-after') !== undefined
      ? { retryAfterS: bodyRetry ?? h('retry-after') }
      : {}),
    ...(h('x-ratelimit-remaining') !== undefined ? { remaining: h('x-ratelimit-remaining') } : {}),
    ...(h('x-ratelimit-reset-after') !== undefined ? { resetAfterS: h('x-ratelimit-reset-after') } : {}),
    ...(detail ? { detail: detail.slice(0, 200) } : {}),
    ...(json ? { json } : {}),
  };
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy?: () => void }): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy?.();
      break;
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
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
