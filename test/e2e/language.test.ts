// svc speaks the seller's language. With LANG=pt_BR.UTF-8 a bad prices file, a
// refusal, a confirmation and --help are in Portuguese; the same runs with -o json (and csv)
// write byte-identical stdout and the same exit code as in English: machine output never moves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { KNOWN_V1, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const P = SEED_IDS.products;
const PT = { LANG: 'pt_BR.UTF-8' };
let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** The same command in English and in pt-BR, each with its own state folder. */
async function both(args: string[], extra: Record<string, string> = {}, key?: string) {
  const en = await svc(args, { env: { ...svcEnv(sb, tempDirs(), key), ...extra } });
  const pt = await svc(args, { env: { ...svcEnv(sb, tempDirs(), key), ...extra, ...PT } });
  return { en, pt };
}

describe('pt-BR', () => {
  test('a bad prices file: every problem and the summary in Portuguese, FILE:LINE kept, exit 2', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'precos.csv', 'id,price\n101,abc\n102,19,90\nx,1\n');
    const { en, pt } = await both(['products', 'bulk-price', file, '-y']);
    assert.equal(pt.code, 2);
    assert.equal(en.code, 2);
    assert.match(pt.stderr, /precos\.csv:2: o preço "abc" não é um valor decimal/);
    assert.match(pt.stderr, /precos\.csv:3: 3 valores, mas o cabeçalho tem 2 colunas/);
    assert.match(pt.stderr, /^erro: 3 problemas em .*precos\.csv; nada foi enviado$/m);
    assert.doesNotMatch(pt.stderr, /nothing was sent|is not a decimal/);
  });

  test('a refusal: erro and dica in Portuguese; the status and code as the service gave them', async () => {
    const { en, pt } = await both(['products', 'update', String(P.takenDown), '--price', '1.00']);
    assert.equal(pt.code, en.code);
    assert.match(pt.stderr, /^erro: o anúncio foi removido pela moderação \(410 LISTING_TAKEN_DOWN\)$/m);
    assert.match(pt.stderr, /^dica: isto é definitivo/m);
  });

  test('a confirmation: asked in Portuguese, and its non-interactive refusal says which flag', async () => {
    const keys = await svc(['keys', 'list', '-o', 'json'], { env: svcEnv(sb, tempDirs(), KNOWN_V1) });
    const id = String(JSON.parse(keys.stdout).find((k: any) => k.version === 'v2').id);
    const { en, pt } = await both(['keys', 'revoke', id], {}, KNOWN_V1);
    assert.equal(pt.code, 2);
    assert.equal(en.code, 2);
    assert.match(en.stderr, /^error: revoke .*: confirmation needed$/m);
    assert.match(pt.stderr, /^erro: revogar .*: é preciso confirmar$/m);
    assert.match(pt.stderr, /^dica: acrescente --yes para confirmar/m);
  });

  test('--help: the prebuilt help and commander alike, in Portuguese', async () => {
    const list = await svc(['products', 'list', '--help'], { env: PT });
    assert.equal(list.code, 0);
    assert.match(list.stdout, /^Uso: svc products list/m);
    assert.match(list.stdout, /lista seus anúncios/);
    assert.match(list.stdout, /^Opções globais:/m);
    const root = await svc(['--help'], { env: { SVC_LANG: 'pt-BR' } });
    assert.match(root.stdout, /^Exemplos:/m);
    assert.match(root.stdout, /Códigos de saída: 0 ok/);
    // not the fast path: `help products list` through commander, and an unknown command
    const viaCommander = await svc(['--profile', 'x', 'products', 'list', '--help'], { env: PT });
    assert.match(viaCommander.stdout, /lista seus anúncios/);
    const unknown = await svc(['prodcts', '--help'], { env: PT });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^erro: comando desconhecido 'prodcts'/m);
  });

  test('tables: Portuguese headers and the decimal comma (19,90)', async () => {
    const { pt } = await both(['products', 'get', String(P.inactiveWithStock), '-o', 'table']);
    assert.match(pt.stdout, /^preço\s+\d+,\d\d$/m);
    assert.match(pt.stdout, /^título\s+/m);
  });

  test('machine output is byte-identical in both languages, exit codes too', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'bad.csv', 'id,price\n101,abc\n');
    const runs: string[][] = [
      ['products', 'list', '--all', '-o', 'json'],
      ['products', 'list', '-o', 'csv'],
      ['products', 'list', '-o', 'tsv'],
      ['orders', 'list', '-o', 'jsonl'],
      ['products', 'get', String(P.activeManual), '-o', 'json'],
      ['products', 'activate', String(P.permanentlyRejected), '-o', 'json'],
      ['products', 'activate', String(P.permanentlyRejected), '-o', 'csv'],
      ['products', 'update', String(P.takenDown), '--price', '1.00', '-o', 'json'],
      ['products', 'bulk-price', file, '-o', 'json', '-y'],
      ['auth', 'logout', '--profile', 'sandbox', '-o', 'json'],
      ['products', 'list', '--jq', '[.[].price] | add'],
    ];
    for (const args of runs) {
      const { en, pt } = await both(args);
      assert.equal(pt.stdout, en.stdout, `stdout of svc ${args.join(' ')}`);
      assert.equal(pt.code, en.code, `exit of svc ${args.join(' ')}`);
      if (en.stderr.trimEnd().split('\n').at(-1)!.startsWith('{"error"')) {
        const code = (s: string) => JSON.parse(s.trimEnd().split('\n').at(-1)!).error;
        const [e, p] = [code(en.stderr), code(pt.stderr)];
        assert.deepEqual([p.status, p.code, p.exit], [e.status, e.code, e.exit], 'the JSON error keeps its data');
      }
    }
  });
});
