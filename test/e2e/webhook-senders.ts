// Senders that are not the service, for the receiver-capacity tests: floods posted
// concurrently over kept-alive connections from chosen loopback addresses (127.0.0.2, 127.0.0.3,
// … are distinct senders; the sandbox posts from 127.0.0.1), connections held open, and a hook
// that records what it got on stdin.
import http from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';

export interface Posted {
  statuses: Record<number, number>;
  errors: number;
}

/** POST `bodies(i)` for i < count from `localAddress`, `sockets` at a time over keep-alive. */
export async function flood(
  url: string,
  opts: {
    localAddress: string;
    count: number;
    body: (i: number) => string;
    event: string;
    sockets?: number;
    headers?: Record<string, string>;
  },
): Promise<Posted> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.sockets ?? 8, localAddress: opts.localAddress });
  const out: Posted = { statuses: {}, errors: 0 };
  let next = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const body = opts.body(i);
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-service-event': opts.event,
            ...opts.headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            out.statuses[res.statusCode!] = (out.statuses[res.statusCode!] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        out.errors++;
        resolve();
      });
      req.end(body);
    });
  const worker = async () => {
    while (next < opts.count) await one(next++);
  };
  await Promise.all(Array.from({ length: opts.sockets ?? 8 }, worker));
  agent.destroy();
  return out;
}

/**
 * `count` connections from `localAddress` held open: each sends a small request every 3 s over
 * keep-alive (any path: the secret path is not needed to hold a connection), so neither the
 * header nor the idle time-out ever frees it. A socket the server closes is opened again after
 * `reopenMs` (the attacker's own pacing), until stop().
 */
export function slowConnections(
  port: number,
  localAddress: string,
  count: number,
  reopenMs = 2_000,
): { stop(): void; open(): number; peak(): number } {
  const live = new Set<Socket>();
  const connected = new Set<Socket>();
  let peak = 0;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const open = () => {
    if (stopped) return;
    const s = connect({ port, host: '127.0.0.1', localAddress });
    live.add(s);
    s.on('connect', () => {
      connected.add(s);
      peak = Math.max(peak, connected.size);
      s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    s.on('error', () => undefined);
    s.on('data', () => undefined); // answers read and dropped
    s.on('close', () => {
      live.delete(s);
      connected.delete(s);
      later(open, reopenMs);
    });
  };
  for (let i = 0; i < count; i++) open();
  const drip = setInterval(() => {
    for (const s of connected) if (s.writable) s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  }, 3_000);
  return {
    open: () => connected.size,
    /** The most connections open at once so far. */
    peak: () => peak,
    stop: () => {
      stopped = true;
      clearInterval(drip);
      for (const t of timers) clearTimeout(t);
      for (const s of live) s.destroy();
    },
  };
}

export interface HookRun {
  event: string;
  order: string;
  confirmed: string;
  id: string;
  stdin: { event: string; timestamp: string; data: Record<string, any>; svc: Record<string, any> };
}

/** A hook that appends one JSON line per run: its environment's delivery fields and its stdin, parsed. */
export function stdinHook(dir: string): { cmd: string; runs: () => HookRun[] } {
  const file = join(dir, 'runs.jsonl');
  const script = join(dir, 'hook.cjs');
  writeFileSync(
    script,
    `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const e=process.env;require('fs').appendFileSync(${JSON.stringify(file)},JSON.stringify({event:e.SVC_EVENT,order:e.SVC_ORDER_ID,confirmed:e.SVC_CONFIRMED,id:e.SVC_DELIVERY_ID,stdin:JSON.parse(s)})+'\\n')})`,
  );
  return {
    cmd: `"${process.execPath}" "${script}"`,
    runs: () =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as HookRun)
        : [],
  };
}

/** The listener's peak resident memory so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export function orderNotification(event: string, id: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ event, timestamp: new Date().toISOString(), data: { id, orderCode: `ORD-${id}`, ...extra } });
}
