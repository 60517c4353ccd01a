// Outbound proxies from the environment, as curl and most tools read them: HTTPS_PROXY for an
// https: target, HTTP_PROXY for an http: one (the lower-case name wins when both are set, as in
// curl and undici), NO_PROXY a list of hosts that go direct. A loopback target never goes
// through a proxy: a proxy elsewhere cannot reach this machine's sandbox (docs/DECISIONS.md
// "Outbound proxies"). Both transports reach a proxied target through a CONNECT tunnel, so an
// https request (the API key in its headers) crosses the proxy encrypted.
// Pure: nothing is loaded here, so the read lane pays nothing when no proxy is set.
import { OUTBOUND_PROXY } from './assumptions.js';
import { isLoopback } from './base-url.js';

type Env = Readonly<Record<string, string | undefined>>;

function pick(env: Env, name: string): string | undefined {
  const v = env[name.toLowerCase()] ?? env[name];
  return v?.trim() ? v.trim() : undefined;
}

/** The proxy a request to `target` goes through, or undefined for a direct connection. */
export function proxyFor(target: URL, env: Env = process.env): URL | undefined {
  const variable = OUTBOUND_PROXY.variableFor[target.protocol];
  const raw = variable ? pick(env, variable) : undefined;
  if (!raw || isLoopback(target.hostname) || bypassed(target, pick(env, OUTBOUND_PROXY.bypass))) return undefined;
  try {
    // "proxy.corp:3128" is read as http://proxy.corp:3128, as curl reads it
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether any proxy variable is set (the transports then look at each request). */
export function proxyConfigured(env: Env = process.env): boolean {
  return Object.values(OUTBOUND_PROXY.variableFor).some((name) => pick(env, name) !== undefined);
}

/**
 * NO_PROXY: `*` (everything), or entries split by commas or spaces, each a host name (matching
 * itself and its subdomains; a leading `.` or `*.` changes nothing), an IP address, and an
 * optional `:port` that must then match too.
 */
function bypassed(target: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(entry.toLowerCase());
      if (!m) return false;
      const name = (m[1] ?? m[2] ?? '').replace(/^\*?\./, '');
      if (m[3] && m[3] !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}
