// Who is posting: each sender address gets a share of the connections and of the
// unconfirmed pool, so one host cannot starve the others (1000 slow connections from one address
// once made every genuine post fail). Behind a reverse proxy (the way to get TLS) every
// connection comes from the proxy: the sender is then the address the proxy forwards in
// X-Forwarded-For, believed only when the connection comes from a proxy the seller named
// (--trust-proxy). Anyone else can write that header.
import { BlockList, isIP, type Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { SENDER_LIMITED_LOG_EVERY_MS } from './decisions.js';

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same sender. */
function plainAddress(a: string | undefined): string {
  if (!a) return '(unknown)';
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/** `--trust-proxy 127.0.0.1,10.0.0.0/8,::1`: addresses or subnets; throws on anything else. */
export function trustedProxies(list: readonly string[]): BlockList {
  const b = new BlockList();
  for (const raw of list) {
    const [addr, bits] = raw.trim().split('/');
    const family = isIP(addr ?? '');
    if (!family) throw new Error(`"${raw}" is not an IP address or subnet`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) b.addAddress(addr!, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`"${raw}" has no valid prefix length`);
      b.addSubnet(addr!, prefix, type);
    }
  }
  return b;
}

/**
 * The sender a share is counted for: an IPv4 address, or an IPv6 address's /64 (one host is
 * given a whole /64 and can post from any of its 2^64 addresses, so each is not a sender of its own).
 */
export function senderGroup(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandV6(address.split('%')[0]!).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` filled in (an embedded IPv4 tail made two groups). */
function expandV6(a: string): string[] {
  let text = a;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [b0, b1, b2, b3] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => Number.parseInt(g || '0', 16).toString(16));
}

function isTrusted(trust: BlockList | undefined, address: string): boolean {
  if (!trust) return false;
  const family = isIP(address);
  return family !== 0 && trust.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The sender of a request: the peer, or, when the peer is a trusted proxy, the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy (entries to its left were written
 * by whoever sent the request, and prove nothing).
 */
export function senderOf(req: IncomingMessage, trust: BlockList | undefined): string {
  const peer = plainAddress(req.socket.remoteAddress);
  if (!isTrusted(trust, peer)) return senderGroup(peer);
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => plainAddress(h.trim()))
    .filter((h) => h !== '(unknown)');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) return senderGroup(peer); // not an address: the header is not to be believed
    if (!isTrusted(trust, hop)) return senderGroup(hop);
  }
  return senderGroup(peer);
}

/**
 * Connections per peer address. While fewer than `pressureAt` are open, anyone may connect (a
 * burst of sales from the service opens many at once); past that, an address holding its share
 * or more gets no new one: it is closed at once (and said, once a minute). One host with 1000
 * slow connections then holds at most `pressureAt`, and every other address still gets its share.
 */
export class ConnectionShare {
  private readonly open = new Map<string, number>();
  private total = 0;
  private readonly said = new Map<string, number>();
  /** Connections closed at once for being over their address's share. */
  refused = 0;

  constructor(
    private readonly perAddress: number,
    private readonly pressureAt: number,
    private readonly trust: BlockList | undefined,
    private readonly onLimited: (address: string, detail: string) => void,
  ) {}

  /** False when the socket was refused (destroyed). */
  admit(socket: Socket): boolean {
    const peer = plainAddress(socket.remoteAddress);
    if (isTrusted(this.trust, peer)) return true; // every sender comes through it
    const address = senderGroup(peer);
    const n = this.open.get(address) ?? 0;
    if (n >= this.perAddress && this.total >= this.pressureAt) {
      socket.destroy();
      this.refused++;
      this.limited(
        address,
        `${n} connections open, over its share of ${this.perAddress} (--max-connections-per-address)`,
      );
      return false;
    }
    this.open.set(address, n + 1);
    this.total++;
    socket.once('close', () => {
      this.total--;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
    return true;
  }

  /** Said once a minute per address, whatever the cause. */
  limited(address: string, detail: string): void {
    const now = Date.now();
    const last = this.said.get(address);
    if (last !== undefined && now - last < SENDER_LIMITED_LOG_EVERY_MS) return;
    if (this.said.size > 10_000) this.said.clear();
    this.said.set(address, now);
    this.onLimited(address, detail);
  }
}

/**
 * A request that carries X-Forwarded-For from a peer not named with --trust-proxy: when that peer
 * is the seller's own proxy, every sender shares one address (and one share of the pending
 * posts), so a flood through it would starve the service. Said once, with the fix.
 */
export function proxyHint(req: IncomingMessage, trust: BlockList | undefined): string | undefined {
  if (req.headers['x-forwarded-for'] === undefined) return undefined;
  const peer = plainAddress(req.socket.remoteAddress);
  if (isTrusted(trust, peer)) return undefined;
  return `posts from ${peer} carry X-Forwarded-For: if ${peer} is your reverse proxy, run with --trust-proxy ${peer} or every sender shares its one address and its share of pending posts`;
}
