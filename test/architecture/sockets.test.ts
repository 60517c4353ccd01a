// One HTTP stack: svc's own requests leave through one transport interface (src/api/transport.ts)
// and its two implementations, so every outbound request gets the same deadlines, size cap,
// failure words and proxy (src/api/proxy.ts). This lists every module of src/ that can open a
// socket (it loads undici, node:http, node:https, node:net, node:tls or node:dgram for more than
// types or address checks) and fails on one not named here: a new one must say why it is not
// the transport, or go through it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..', '..', 'src');

const OPENERS: Record<string, string> = {
  'api/transport.ts': 'the transport interface and its undici implementation (every command but one-shot reads)',
  'api/http-transport.ts': 'its node:http implementation (the read lane)',
  'api/proxy-tunnel.ts': "the node:http implementation's CONNECT tunnel through a proxy",
  'sandbox/index.ts': "the sandbox's server (inbound)",
  'sandbox/webhooks.ts': 'the emulated service sending its webhooks (the service, not svc)',
  'warm-cache.ts': "the build's loopback stand-in for warming the code cache (inbound)",
  'webhooks/receiver.ts': "the webhook receiver's server (inbound)",
};

const SOCKET_MODULES = /^(?:undici(?:\/.*)?|node:(?:http|https|net|tls|dgram))$/;
// node:net's address checks open nothing.
const ADDRESS_ONLY = new Set(['BlockList', 'isIP', 'isIPv4', 'isIPv6', 'SocketAddress']);

function loadsSockets(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/\bimport\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    if (m[1] || !SOCKET_MODULES.test(m[3]!)) continue;
    const names = /^\{([^}]*)\}$/.exec(m[2]!.trim());
    const values = (names?.[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '));
    if (!names || values.some((n) => !ADDRESS_ONLY.has(n.split(/\s+as\s+/)[0]!))) return true;
  }
  for (const m of code.matchAll(/\b(?:import|getBuiltinModule)\s*\(\s*['"]([^'"]+)['"]/g)) {
    if (SOCKET_MODULES.test(m[1]!)) return true;
  }
  return false;
}

function socketOpeners(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .filter((f) => loadsSockets(readFileSync(join(root, f), 'utf8')))
    .map((f) => relative(root, join(root, f)).split('\\').join('/'))
    .sort();
}

test('the modules of src/ that open sockets are the transports and the inbound servers', () => {
  assert.deepEqual(socketOpeners(SRC), Object.keys(OPENERS).sort());
});

test('the check sees static, lazy and built-in loads, and skips types and address checks', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sockets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'a/default.ts': "import http from 'node:http';\n",
    'a/named.ts': "import { Agent, request } from 'undici';\n",
    'a/deep.ts': "const m = await import('undici/lib/api/index.js');\n",
    'a/builtin.ts': "const https = process.getBuiltinModule('node:https');\n",
    'a/tls.ts': "import * as tls from 'node:tls';\n",
    'b/types.ts': "import type { IncomingMessage } from 'node:http';\nimport { type Socket } from 'node:net';\n",
    'b/address.ts': "import { BlockList, isIP } from 'node:net';\n",
    'b/comment.ts': "// import http from 'node:http';\nimport { x } from './other.js';\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  assert.deepEqual(socketOpeners(dir), ['a/builtin.ts', 'a/deep.ts', 'a/default.ts', 'a/named.ts', 'a/tls.ts']);
});
