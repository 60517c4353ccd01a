// tables on a real terminal (tmux), as a seller sees them. A table taller than the
// terminal keeps the scrollback (nothing printed before it is erased), rows fit the terminal's
// width (free text cut with …, ids and money whole), and NO_COLOR / TERM=dumb mean no escape
// sequence at all. Each terminal is a tmux server of its own; every byte svc writes to it is
// also recorded raw (pipe-pane), so escapes that the screen hides are seen too.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { displayWidth } from '../../src/output/table.js';
import { BIN, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
let sb: TestSandbox;
const sockets: string[] = [];
const ids: number[] = [];

before(async () => {
  sb = await startTestSandbox();
  for (let i = 1; i <= 60; i++) {
    const res = await sb.api('POST', '/api/v2/products', {
      title: `Tmuxtest account number ${i} with every agent, rare knife skins and a clean history`,
      description: 'A listing made by the terminal tests.',
      price: 1234 * i,
      game: 'valorant',
      category: 'skin',
    });
    assert.equal(res.status, 201);
    ids.push(res.body.data.id);
  }
});
after(async () => {
  for (const s of sockets) spawnSync('tmux', ['-L', s, 'kill-server']);
  await sb.close();
});

interface Terminal {
  screen: string;
  raw: string;
}

/**
 * Run `svc ARGS` in a fresh terminal of WIDTH x HEIGHT after printing a marker line, and return
 * the whole history (wrapped lines joined, so a wrapped row shows as one long line) and the raw
 * bytes the terminal received.
 */
async function inTerminal(
  args: string[],
  size: { width: number; height: number },
  extraEnv: Record<string, string> = {},
  bin = BIN,
): Promise<Terminal> {
  const dirs = tempDirs();
  const socket = `svc-test-${process.pid}-${sockets.length}`;
  sockets.push(socket);
  const rawFile = join(dirs.dir, 'raw.log');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('SVC_') && k !== 'TMUX' && k !== 'NO_COLOR' && k !== 'CI') env[k] = v;
  Object.assign(env, svcEnv(sb, dirs), { PS1: '$ ' });
  // Set on the command itself: tmux gives the pane a TERM of its own.
  const assignments = Object.entries(extraEnv)
    .map(([k, v]) => `${k}='${v}' `)
    .join('');
  const cmd = `${assignments}${[process.execPath, bin, ...args].map((a) => `'${a}'`).join(' ')}`;
  // The command waits for a line on the terminal, so the raw recording is in place before it runs.
  const script = `read go; printf 'printed-before-the-table\\n'; ${cmd}; echo "svc-exit=$?"; exec cat`;
  const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { env, encoding: 'utf8' });
  tmux(
    '-f',
    '/dev/null',
    'new-session',
    '-d',
    '-s',
    't',
    '-x',
    String(size.width),
    '-y',
    String(size.height),
    'sh',
    '-c',
    script,
  );
  tmux('set-option', '-g', 'history-limit', '5000');
  tmux('pipe-pane', '-t', 't', '-o', `cat >> '${rawFile}'`);
  tmux('send-keys', '-t', 't', 'go', 'Enter');
  // Wait for the state we need: the exit line on the screen.
  let screen = '';
  while (!/svc-exit=\d+/.test(screen)) {
    await new Promise((r) => setImmediate(r));
    screen = tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 't');
  }
  // The raw recording has everything up to the exit line once it holds that line too.
  while (!(existsSync(rawFile) && readFileSync(rawFile, 'latin1').includes('svc-exit=')))
    await new Promise((r) => setImmediate(r));
  return { screen, raw: readFileSync(rawFile, 'latin1') };
}

/** The raw bytes svc itself wrote: between the marker line and the exit line. */
function svcBytes(t: Terminal): string {
  const start = t.raw.indexOf('printed-before-the-table');
  return t.raw.slice(start + 'printed-before-the-table'.length, t.raw.indexOf('svc-exit='));
}

describe('tables on a real terminal', { skip: hasTmux ? false : 'tmux is not installed' }, () => {
  test('a table taller than the terminal keeps the scrollback and fits 80 columns', async () => {
    const t = await inTerminal(['products', 'list', '--all'], { width: 80, height: 35 });
    assert.match(t.screen, /svc-exit=0/);
    // Nothing printed before the table was erased: the marker is still in the history.
    assert.match(t.screen, /printed-before-the-table/);
    const bytes = svcBytes(t);
    assert.doesNotMatch(bytes, /\u001b\[[23]J/, 'the screen or the scrollback was cleared');
    // Every row of the table, each on one line no wider than the terminal.
    const lines = t.screen.split('\n');
    const rows = lines.filter((l) => /^\s*\d+\s+Tmuxtest/.test(l));
    assert.equal(rows.length, 60, t.screen);
    for (const l of lines) assert.ok(displayWidth(l.trimEnd()) <= 80, `wider than 80: ${l}`);
    // Titles are cut with …; ids and money are whole.
    for (const id of ids)
      assert.ok(
        rows.some((r) => r.trimStart().startsWith(`${id} `)),
        `id ${id}`,
      );
    assert.ok(
      rows.every((r) => r.includes('…')),
      'long titles end with …',
    );
    assert.ok(
      rows.some((r) => r.includes('740.40')),
      'money whole (60 x 12.34)',
    );
  });

  for (const width of [80, 120]) {
    test(`orders list at ${width} columns: one line per row, dates and money whole`, async () => {
      const t = await inTerminal(['orders', 'list', '--limit', '20'], { width, height: 35 });
      assert.match(t.screen, /svc-exit=0/);
      for (const l of t.screen.split('\n')) assert.ok(displayWidth(l.trimEnd()) <= width, `wider than ${width}: ${l}`);
      // Each order is one line that holds its id, its price and its whole date (a renderer that
      // wraps rows itself would pass the width check with two lines per order).
      const rows = t.screen.split('\n').filter((l) => /^\s*50\d\d\s/.test(l));
      assert.ok(rows.length >= 5, t.screen);
      for (const r of rows) assert.match(r, /\d+\.\d\d\s.*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/, `one line per order: ${r}`);
      assert.match(t.screen, /\b250\.00\b/, 'money is whole');
    });
  }

  test('--wide shows every title whole, even past the terminal', async () => {
    const t = await inTerminal(['products', 'list', '--all', '--wide'], { width: 80, height: 35 });
    assert.match(t.screen, /every agent, rare knife skins and a clean history/);
  });

  test('a terminal gets a bold header; NO_COLOR, --no-color and TERM=dumb get no escape at all', async () => {
    const plain = await inTerminal(['products', 'list', '--limit', '3'], { width: 100, height: 20 });
    assert.match(svcBytes(plain), /\u001b\[1m/, 'the header is bold on a colour terminal');
    for (const [args, env] of [
      [['products', 'list', '--limit', '3'], { NO_COLOR: '1' }],
      [['products', 'list', '--limit', '3', '--no-color'], {}],
      [['products', 'list', '--limit', '3'], { TERM: 'dumb' }],
    ] as const) {
      const t = await inTerminal([...args], { width: 100, height: 20 }, env);
      assert.match(t.screen, /svc-exit=0/);
      assert.doesNotMatch(svcBytes(t), /\u001b/, `an escape with ${JSON.stringify(env)} ${args.join(' ')}`);
    }
  });
});

// a table on a terminal is rendered by Ink (dist/table.cjs), once, to the plain table's
// bytes; SVC_INK_TABLE=0, or an Ink that fails to load, prints the plain lines; through a pipe Ink
// is never loaded. SVC_TRACE_UI=1 makes svc say on stderr at exit whether an Ink bundle was loaded.
describe('tables by Ink on a terminal, plain through a pipe', () => {
  const ink = { SVC_TRACE_UI: '1' };
  const plainAsked = { SVC_TRACE_UI: '1', SVC_INK_TABLE: '0' };
  test('products list on a terminal: Ink renders the plain table once, by default', {
    skip: hasTmux ? false : 'tmux is not installed',
  }, async () => {
    const t = await inTerminal(['products', 'list', '--all'], { width: 80, height: 35 }, ink);
    assert.match(t.screen, /svc-exit=0/);
    assert.match(t.screen, /^ui loaded$/m, 'the Ink table bundle was loaded');
    assert.match(t.screen, /printed-before-the-table/);
    const bytes = svcBytes(t);
    assert.doesNotMatch(
      bytes,
      /\u001b\[[23]J|\u001b\[\d*A|\u001b\[2K/,
      'a redraw: the screen, the scrollback or lines erased',
    );
    assert.match(bytes, /\u001b\[1m\s*ID\s+TITLE\s/, 'the bold header');
    const lines = t.screen.split('\n');
    const rows = lines.filter((l) => /^\s*\d+\s+Tmuxtest/.test(l));
    assert.equal(rows.length, 60, t.screen);
    for (const l of lines) assert.ok(displayWidth(l.trimEnd()) <= 80, `wider than 80: ${l}`);
    assert.ok(
      rows.every((r) => r.includes('…')),
      'long titles end with …',
    );
    assert.ok(
      rows.some((r) => /\s740\.40\b/.test(r)),
      'money whole',
    );
    // The same bytes as the plain printer's on the same terminal (the trace lines aside).
    const plain = await inTerminal(['products', 'list', '--all'], { width: 80, height: 35 }, plainAsked);
    assert.match(plain.screen, /^ui not loaded$/m, 'SVC_INK_TABLE=0 loaded Ink');
    assert.equal(bytes.replace(/ui loaded\r?\n/, ''), svcBytes(plain).replace(/ui not loaded\r?\n/, ''));
  });

  test('SVC_INK_TABLE=0 prints plain lines, and so does an Ink bundle that fails to load', {
    skip: hasTmux ? false : 'tmux is not installed',
  }, async () => {
    const t = await inTerminal(['products', 'list', '--limit', '3'], { width: 80, height: 20 }, plainAsked);
    assert.match(t.screen, /svc-exit=0/);
    assert.match(t.screen, /^ui not loaded$/m, 'a terminal table loaded Ink with SVC_INK_TABLE=0');
    // A package whose table bundle throws when loaded (a damaged install): the table is still
    // printed, plain, exit 0.
    const pkg = tempDirs().dir;
    cpSync(join(BIN, '..', '..', 'bin'), join(pkg, 'bin'), { recursive: true });
    cpSync(join(BIN, '..', '..', 'dist'), join(pkg, 'dist'), { recursive: true });
    writeFileSync(join(pkg, 'dist', 'table.cjs'), 'throw new Error("a damaged table bundle");\n');
    const broken = await inTerminal(
      ['products', 'list', '--limit', '3'],
      { width: 80, height: 20 },
      ink,
      join(pkg, 'bin', 'svc.js'),
    );
    const wanted = await inTerminal(['products', 'list', '--limit', '3'], { width: 80, height: 20 }, plainAsked);
    assert.match(broken.screen, /svc-exit=0/);
    assert.doesNotMatch(broken.screen, /damaged/);
    assert.equal(
      svcBytes(broken).replace(/ui (not )?loaded\r?\n/, ''),
      svcBytes(wanted).replace(/ui not loaded\r?\n/, ''),
    );
  });

  test('Ink table: NO_COLOR and TERM=dumb get no escape at all', {
    skip: hasTmux ? false : 'tmux is not installed',
  }, async () => {
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }] as Record<string, string>[]) {
      const t = await inTerminal(['products', 'list', '--limit', '3'], { width: 100, height: 20 }, { ...ink, ...env });
      assert.match(t.screen, /svc-exit=0/);
      assert.match(t.screen, /^ui loaded$/m);
      assert.doesNotMatch(svcBytes(t), /\u001b/, `an escape with ${JSON.stringify(env)}`);
    }
  });

  test('products list through a pipe: every row as TSV, Ink never loaded', async () => {
    const dirs = tempDirs();
    const res = await svc(['products', 'list', '--all'], { env: { ...svcEnv(sb, dirs), ...ink } });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^id\ttitle\t/);
    assert.match(res.stdout, /Tmuxtest account number/);
    assert.match(res.stderr, /^ui not loaded$/m, 'the trace ran');
    assert.doesNotMatch(res.stderr, /^ui loaded$/m, 'a piped list loaded the UI bundle');
    for (const o of ['', 'table', 'json', 'csv', 'jsonl']) {
      const r = await svc(['products', 'list', '--limit', '2', ...(o ? ['-o', o] : [])], {
        env: { ...svcEnv(sb, dirs), ...ink },
      });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /^ui not loaded$/m, `-o ${o} through a pipe loaded the UI bundle`);
    }
  });
});
