// The base URL is checked before anything is sent: a usage error (exit 2) at once,
// never a request retried for seconds then "network error: Invalid URL".
import { UsageError } from './errors.js';

/** The reason `text` is not a usable base URL, or undefined when it is. */
export function baseUrlProblem(text: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) return 'has no scheme (add http:// or https://)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return /^https?:\/\/\/*$/i.test(text.trim()) ? 'has no host' : 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `has the scheme "${url.protocol.replace(/:$/, '')}"; only http and https are used`;
  }
  if (!url.hostname) return 'has no host';
  if (url.username || url.password) return 'holds a user name or password; the API key is the only credential';
  if (url.search || url.hash) return 'has a query or a fragment';
  return undefined;
}

/** Throws a UsageError naming where the bad URL came from. */
export function checkBaseUrl(text: string, from: string): string {
  const problem = baseUrlProblem(text);
  if (problem)
    throw new UsageError(`${from} ${problem}`, 'use a URL like https://marketplace.example or http://127.0.0.1:4010');
  return text;
}

/**
 * The one spelling of a base URL: scheme and host in lower case, the default port of the scheme
 * dropped, no trailing slash. Ledgers, journals and locks that still name a service by its URL name
 * it by this, so `http://HOST:PORT/` and `http://host:port` are one service (svc decision "one
 * identity").
 */
export function normalBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return text.trim().replace(/\/+$/, '');
  }
  // URL already lowers the scheme and host and drops a default port (WHATWG URL).
  const pathPart = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${pathPart}`;
}

/**
 * Loopback: the sandbox and tunnels on this machine; nothing on the way can read the key, and
 * no proxy is asked to reach it (proxy.ts).
 */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * spec 5.5 (keys stay on the server side): the stored key travels only over https or to this
 * machine. Plain http to another host is refused (exit 2, nothing sent) unless the seller says
 * --insecure-http.
 */
export function checkKeyTransport(baseUrl: string, insecureHttp: boolean | undefined): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return; // baseUrlProblem says why, where the URL was read
  }
  if (url.protocol !== 'http:' || isLoopback(url.hostname) || insecureHttp) return;
  throw new UsageError(
    `the base URL ${normalBaseUrl(baseUrl)} is plain http to another machine: svc does not send the API key in clear over the network; nothing was sent`,
    'use https://, or add --insecure-http if this network is yours and you accept that the key can be read on it',
  );
}
