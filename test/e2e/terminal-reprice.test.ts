// products reprice on a real terminal (tmux): the plan, the default --max-change and a prompt
// come before anything is sent; `n` sends nothing and exits 6 (cancelled), `y` sends, and the
// row that moves more than the default 30% is refused by its rules-file line, naming the flag.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { SEED_IDS } from '../../src/sandbox/index.js';
import { BIN, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const CS2 = SEED_IDS.products.singleAuto; // 8,00, credentials with a cost of 1,00 or so
let sb: TestSandbox;
let dirs: ReturnType<typeof tempDirs>;
const sockets: string[] = [];

before(async () => {
  sb = await startTestSandbox();
  // What the plan prices from: credentials uploaded with their cost (1,00 each), in the state
  // folder every run of this file shares (svc's own stock journal).
  dirs = tempDirs();
  const file = writeFile(dirs.dir, 'custos.csv', 'credential,cost\nrp-a:pw,"1,00"\nrp-b:pw,"1,00"\n');
  const r = await svc(['stock', 'add', String(CS2), '--file', file, '-y'], { env: svcEnv(sb, dirs) });
  assert.equal(r.code, 0, r.stderr);
});
after(async () => {
  for (const s of sockets) spawnSync('tmux', ['-L', s, 'kill-server']);
  await sb.close();
});

const priceWrites = async () =>
  (await sb.writeRequests()).filter((r) => r.route === 'bulkPrice' || r.route === 'updateVariants').length;

/** `svc products reprice` in an 80x40 terminal: answer the prompt, return the screen and exit. */
async function repriceAt(answer: string, lang: Record<string, string> = {}): Promise<{ screen: string; code: number }> {
  const rules = writeFile(
    dirs.dir,
    'regras.yaml',
    `fee: 12%\nrules:\n  - match: { listing: ${CS2} }\n    margin: 10%\n`,
  );
  return atTerminal(['products', 'reprice', '--rules', rules], answer, lang);
}

/** svc ARGS in an 80x40 terminal: answer its prompt, return the screen and the exit code. */
async function atTerminal(
  args: string[],
  answer: string,
  lang: Record<string, string> = {},
): Promise<{ screen: string; code: number }> {
  const socket = `svc-reprice-${process.pid}-${sockets.length}`;
  sockets.push(socket);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('SVC_') && !/^(TMUX|NO_COLOR|CI|LANG|LC_ALL)$/.test(k)) env[k] = v;
  Object.assign(env, svcEnv(sb, dirs), { NO_COLOR: '1' }, lang);
  const cmd = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
  const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { env, encoding: 'utf8' });
  tmux(
    '-f',
    '/dev/null',
    'new-session',
    '-d',
    '-s',
    't',
    '-x',
    '80',
    '-y',
    '40',
    'sh',
    '-c',
    `${cmd}; echo "svc-exit=$?"; exec cat`,
  );
  const screen = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 't');
  // Wait for the state: the prompt on the screen, then the exit line after the answer.
  let first = screen();
  while (!/\[(y\/N|s\/N)\]|svc-exit=/.test(first)) {
    await new Promise((r) => setImmediate(r));
    first = screen();
  }
  assert.doesNotMatch(first, /svc-exit=/, `ended before asking:\n${first}`);
  tmux('send-keys', '-t', 't', answer, 'Enter');
  let s = screen();
  while (!/svc-exit=\d+/.test(s)) {
    await new Promise((r) => setImmediate(r));
    s = screen();
  }
  return { screen: s, code: Number(/svc-exit=(\d+)/.exec(s)![1]) };
}

describe('products reprice on a terminal', { skip: hasTmux ? false : 'tmux is not installed' }, () => {
  test('n: the plan, the default --max-change and the prompt; nothing sent, exit 6', async () => {
    const before = await priceWrites();
    const { screen, code } = await repriceAt('n');
    assert.match(
      screen,
      new RegExp(`^\\s*${CS2}\\s.*8\\.00\\s+\\d+\\.\\d\\d`, 'm'),
      'the plan row: current and new price',
    );
    assert.match(screen, /refused unless --max-change is raised above 30%: 111 \(8\.00 → \d+\.\d\d\)/);
    assert.match(screen, /send 1 new price\? \[y\/N\]/);
    assert.match(screen, /cancelled: nothing sent/);
    assert.equal(code, 6);
    assert.equal(await priceWrites(), before, 'no price request');
    for (const l of screen.split('\n')) assert.ok(l.trimEnd().length <= 80, `wider than 80: ${l}`);
  });

  test('y in pt-BR: sent, the row refused by --max-change named by the rules file and line, never a plan file', async () => {
    const { screen, code } = await repriceAt('s', { LANG: 'pt_BR.UTF-8' });
    assert.match(screen, /enviar 1 preço novo\? \[s\/N\]/);
    assert.equal(code, 3, screen);
    assert.match(screen, /recusados a menos que --max-change passe de 30%: 111 \(8,00 → 1,25\)/);
    // the refused row by its rule's line in the seller's file (line 3: `- match`), in pt-BR money
    assert.match(screen, /^\s+3\s+111\s+pulado\s+MAX_CHANGE\s+o preço muda 84,4% \(8,00 → 1,25\)/m);
    assert.match(screen, /regras\.yaml: 1 a mudar/);
    assert.doesNotMatch(screen, /plan-[0-9a-f]{16}|bulkPrice/);
  });
});

describe('products update --price and --inactive on a terminal', {
  skip: hasTmux ? false : 'tmux is not installed',
}, () => {
  const ID = SEED_IDS.products.singleAuto;
  const patches = async () =>
    (await sb.writeRequests()).filter((r) => r.method === 'PATCH' && r.path === `/api/v2/products/${ID}`).length;

  test('the change is shown and asked: n sends nothing (exit 6), s sends it; a script is not asked', async () => {
    const before = await patches();
    const no = await atTerminal(['products', 'update', String(ID), '--price', '5,00', '--inactive'], 'n', {
      LANG: 'pt_BR.UTF-8',
    });
    assert.match(no.screen, /anúncio \d+: preço 8,00 → 5,00/);
    assert.match(no.screen, /anúncio \d+: ativo → inativo/);
    assert.match(no.screen, /alterar o anúncio \d+\? \[s\/N\]/);
    assert.equal(no.code, 6, no.screen);
    assert.equal(await patches(), before, 'nothing sent on n');
    const yes = await atTerminal(['products', 'update', String(ID), '--price', '7.50'], 'y');
    assert.match(yes.screen, /listing \d+: price 8\.00 → 7\.50/);
    assert.equal(yes.code, 0, yes.screen);
    assert.equal(await patches(), before + 1);
    // Not a terminal: a script's update goes ahead as before, nothing asked.
    const script = await svc(['products', 'update', String(ID), '--price', '8.00'], { env: svcEnv(sb, dirs) });
    assert.equal(script.code, 0, script.stderr);
    assert.doesNotMatch(script.stderr, /\[y\/N\]/);
    assert.equal(await patches(), before + 2);
  });
});
