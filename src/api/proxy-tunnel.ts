// The node:http transport's way through a proxy (proxy.ts says which): a CONNECT tunnel to the
// target, then TLS to the target inside it for an https: URL, so the proxy sees the target's
// host and port and nothing of the request (the API key stays end to end encrypted). An http:
// target goes through a tunnel too, as undici's ProxyAgent does with `proxyTunnel: true`.
import type { Agent, ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import { CONNECT_TIMEOUT_MS } from './transport-errors.js';

type Http = typeof import('node:http');
type Callback = (err: Error | null, stream: Duplex) => void;

/** Makes `agent`'s new connections tunnels through `proxy` (TLS inside them when `secure`). */
export function tunnelThrough(agent: Agent, secure: boolean, proxy: URL): Agent {
  const direct = agent.createConnection.bind(agent); // https: TLS over the given socket, sessions kept
  agent.createConnection = (opts: ClientRequestArgs, cb?: Callback) => {
    openTunnel(proxy, String(opts.host), Number(opts.port), (err, socket) => {
      if (err || !socket) return cb?.(err ?? new Error('no tunnel'), undefined as unknown as Duplex);
      cb?.(null, secure ? (direct({ ...opts, socket } as ClientRequestArgs) as Duplex) : socket);
    });
    return undefined; // the socket comes through the callback (node:http's Agent allows it)
  };
  return agent;
}

function openTunnel(proxy: URL, host: string, port: number, cb: (err: Error | null, socket?: Duplex) => void): void {
  const mod = process.getBuiltinModule(proxy.protocol === 'https:' ? 'node:https' : 'node:http') as Http;
  const authority = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.username) {
    const user = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['proxy-authorization'] = `Basic ${Buffer.from(user).toString('base64')}`;
  }
  let settled = false;
  const settle = (err: Error | null, socket?: Duplex) => {
    if (settled) return;
    settled = true;
    cb(err, socket);
  };
  const req = mod.request({
    host: proxy.hostname.replace(/^\[|\]$/g, ''),
    port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
    method: 'CONNECT',
    path: authority,
    headers,
    agent: false,
  });
  // A proxy that never answers fails as a host that never answers does (transport-errors.ts).
  req.setTimeout(CONNECT_TIMEOUT_MS, () => {
    req.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' }));
  });
  req.once('error', settle);
  // Every answer to a CONNECT arrives here, whatever its status.
  req.once('connect', (res, socket, head) => {
    req.setTimeout(0);
    if (res.statusCode !== 200) {
      socket.destroy();
      // undici's words and code for the same refusal, so both transports fail alike
      const message = `Proxy response (${res.statusCode}) !== 200 when HTTP Tunneling`;
      return settle(Object.assign(new Error(message), { code: 'UND_ERR_ABORTED' }));
    }
    if (head.length > 0) socket.unshift(head);
    settle(null, socket);
  });
  req.end();
}
