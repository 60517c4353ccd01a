// The build's warm-up run (bin/svc.js `__warm-cache`, scripts/build.mjs): it checks that the built
// chunks run, and the code cache it leaves for the building Node line (bin/svc.js writes it after
// the run) holds the functions a read runs: a read, piped and as JSON, through the read lane and
// the real request core against a stand-in server on 127.0.0.1. Not the help walk: help is
// answered from dist/help.json, and its functions would only make every read's cache larger.
// The stand-in is node:http, a builtin. Nothing leaves the machine; the run's own files go to a
// temporary folder, and the code cache to the user's cache folder, as after any first run.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processIO, type IO } from './output/io.js';

const LISTING = {
  id: 1,
  title: 'Warm-up listing',
  description: 'A listing that only the build ever sees.',
  price: 1990,
  effectivePrice: 1990,
  game: 'game',
  category: 'account',
  listingType: 'single',
  status: 'approved',
  isActive: true,
  pausedByOfflineMode: false,
  isAutoDelivery: false,
  stock: 1,
  autoDeliveryStock: 0,
  variants: [],
  imageUrls: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

type Entry = (argv: string[], opts: { io: IO; env: NodeJS.ProcessEnv }) => Promise<number | undefined>;

/** What main.ts hands in, so this module never imports it (no import cycle). */
export interface WarmEntry {
  main: Entry;
  /** The read lane (dist/lane.cjs): where a read runs, so its chunks are the ones warmed. */
  lane?: Entry;
  helpTexts(): Promise<unknown>;
}

export async function warmCache({ main, lane }: WarmEntry): Promise<void> {
  const body = JSON.stringify({ data: [LISTING], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } });
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'svc-warm-'));
  try {
    const sink = { write: () => true };
    const io: IO = {
      ...processIO({}, {}),
      stdout: sink,
      stderr: sink,
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
      interactive: false,
    };
    const env = {
      SVC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      SVC_API_KEY: `svc_v2_sk_${'w'.repeat(32)}`,
      SVC_CONFIG_DIR: dir,
      SVC_STATE_DIR: dir,
      SVC_KEYRING: 'off',
    };
    for (const argv of [
      ['products', 'list', '--json'],
      ['products', 'list'],
    ]) {
      const code = (await lane?.(argv, { io, env })) ?? (await main(argv, { io, env }));
      if (code !== 0) throw new Error(`warm-up run \`svc ${argv.join(' ')}\` exited ${code}`);
    }
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
