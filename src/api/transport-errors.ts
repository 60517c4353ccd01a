// The failure mapping both transports share (undici's in transport.ts, node:http's in
// http-transport.ts), so a refused port, a dropped answer or a timeout reads the same whatever
// carried the request (test/api/transport-conformance.test.ts holds both to it).
// Nothing is loaded here: the messages only.

export type TransportErrorKind = 'network' | 'timeout' | 'aborted' | 'too-large';

export interface TransportFailure {
  message: string;
  kind: TransportErrorKind;
  causeCode?: string;
}

/**
 * How long a connection may take to open before the attempt fails as a network error
 * ('connection timed out'), within the attempt's own deadline: undici's default (its
 * buildConnector), given to both transports so a host that drops packets fails alike.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** What a transport saw when its attempt failed. */
export interface FailureContext {
  /** The caller's own signal was aborted (Ctrl-C, a job stopping). */
  aborted: boolean;
  /** The attempt's own deadline passed (`timeoutMs`). */
  timedOut: boolean;
  timeoutMs: number;
}

/**
 * Failures that the same request will meet again, however often it is sent: a certificate or TLS
 * handshake refused (`CERT_*`, `ERR_TLS_*`, `ERR_SSL_*`, self-signed chains) and answer headers past
 * the parser's limit. Retrying them only delays the error (6 attempts): they fail at once.
 */
export function isPermanentFailure(code: string | undefined): boolean {
  if (!code) return false;
  return (
    /^(ERR_TLS_|ERR_SSL_|CERT_|UND_ERR_HEADERS_OVERFLOW$|HPE_HEADER_OVERFLOW$)/.test(code) ||
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'ERR_HTTP_HEADERS_OVERFLOW',
    ].includes(code)
  );
}

/** The message of an answer refused for its size. */
export function tooLargeMessage(maxBytes: number): string {
  return `the answer is larger than ${formatBytes(maxBytes)}`;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;
}

/**
 * The kind and message of a failure below HTTP. The caller's abort wins over the deadline (both
 * may have fired by the time the error surfaces), and the deadline over whatever error the torn
 * socket then raised.
 */
export function describeFailure(err: unknown, ctx: FailureContext): TransportFailure {
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  if (ctx.aborted) return { message: 'request aborted', kind: 'aborted' };
  if (
    ctx.timedOut ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT' ||
    e.name === 'TimeoutError'
  ) {
    return { message: `no answer within ${Math.round(ctx.timeoutMs / 1000)} s`, kind: 'timeout', causeCode: e.code };
  }
  const code = e.code ?? e.cause?.code;
  return { message: describeNetworkError(code, e.message), kind: 'network', causeCode: code };
}

function describeNetworkError(code: string | undefined, message: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the service, or `svc sandbox`, running?)';
    // undici's "other side closed"; node:http's "socket hang up" (before the headers) and
    // "aborted" (mid-body) are both ECONNRESET; EPIPE is a request body written to a closed socket.
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return 'connection dropped by the other side';
    case 'ENOTFOUND':
      return 'host not found';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    default:
      return message ? `network error: ${message}` : 'network error';
  }
}

/**
 * A connection refused by this machine (127.0.0.1, localhost, ::1) is a server that is not running:
 * nothing listens, and waiting ~10 s of backoff will not start it (a sandbox not started, a wrong
 * port). It fails at once; a remote refusal (a deploy, a balancer) keeps its retries.
 */
export function refusedLocally(netErr: { causeCode?: string } | undefined, baseUrl: string): boolean {
  if (netErr?.causeCode !== 'ECONNREFUSED') return false;
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}
