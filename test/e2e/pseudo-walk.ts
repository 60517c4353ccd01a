// The commands a seller reads, for the pseudo-locale check and the 80-column check: every
// command that prints a table or a human line at least once, each with its own input files.
import { SEED_IDS } from '../../src/sandbox/index.js';
import { writeFile } from './harness.js';

const P = SEED_IDS.products;
const O = SEED_IDS.orders;

export interface WalkStep {
  args: string[];
  /** Standard input (e.g. a secret). */
  input?: string;
}

/** The walk over every verb's human output, in order (later steps read what earlier ones wrote). */
export function walk(dir: string): WalkStep[] {
  const prices = writeFile(dir, 'precos.csv', 'id;preço\n101;R$ 249,90\n102;15,50\n');
  const bad = writeFile(dir, 'ruim.csv', 'id,price\n101,abc\nx,1\n');
  const creds = writeFile(dir, 'creds.csv', 'credential,cost\npseudo-a:pw,"1,00"\npseudo-b:pw,"1,00"\n');
  writeFile(dir, 'pool.csv', 'credential,ref,cost_cents\npseudo-pool-1,b1,100\n');
  const shop = writeFile(
    dir,
    'shop.yaml',
    `rules:\n  - listing: ${P.singleAuto}\n    pool: pool.csv\n    target: 2\n    deactivateWhenEmpty: true\n`,
  );
  const rules = writeFile(
    dir,
    'rules.yaml',
    `fee: 12%\nrules:\n  - match: { listing: ${P.singleAuto} }\n    margin: 10%\n`,
  );
  const table = ['-o', 'table'];
  const steps: string[][] = [
    ['products', 'list', ...table],
    ['products', 'get', String(P.activeManual), ...table],
    ['products', 'bulk-price', prices, '--dry-run'],
    ['products', 'bulk-price', bad, '--dry-run'],
    ['products', 'bulk-price', prices, '-y', ...table],
    ['products', 'bulk-price', prices, '-y', ...table],
    ['products', 'update', String(P.takenDown), '--price', '1,00'],
    ['products', 'update', String(P.activeManual), '--title', 'Conta Imortal com skins raras', '--dry-run'],
    ['products', 'update', String(P.offlinePaused), '--price', '31,00', ...table],
    ['products', 'activate', String(P.offlinePaused), '--dry-run'],
    ['products', 'create', '--title', 'x'],
    ['stock', 'add', String(P.singleAuto), '--file', creds, '-y', ...table],
    ['stock', 'add', String(P.singleAuto), '--file', creds, '--dry-run'],
    ['stock', 'pool', '--config', shop, ...table],
    ['stock', 'jobs', '--all-kinds', ...table],
    ['stock', 'status', ...table],
    ['stock', 'refill', String(P.singleAuto), '--pool', 'pool.csv', '--target', '3', '--dry-run', ...table],
    ['products', 'bulk-status', String(P.inactiveWithStock), '--active', '--dry-run'],
    ['products', 'variants', String(P.multiManual), ...table],
    ['keys', 'usage', '1', ...table],
    ['reviews', 'contestations', ...table],
    ['questions', 'get', String(SEED_IDS.questions.unanswered), ...table],
    ['mediations', 'get', String(O.saleInMediation), ...table],
    ['webhooks', 'events', ...table],
    ['notify', 'list', '--config', shop, ...table],
    ['auth', 'profiles', ...table],
    ['stats', ...table],
    ['games', ...table],
    ['catalog', ...table],
    ['shop', 'sync', '--config', shop, '--dry-run', ...table],
    ['products', 'reprice', '--rules', rules, '--dry-run', ...table],
    ['orders', 'list', ...table],
    ['orders', 'get', String(O.saleDelivered), ...table],
    ['orders', 'sync'],
    ['orders', 'profit', ...table],
    ['orders', 'profit', '--by', 'listing', ...table],
    ['orders', 'reconcile', '--exec', 'true', ...table],
    ['reviews', 'list', ...table],
    ['reviews', 'stats', ...table],
    ['questions', 'list', ...table],
    ['mediations', 'list', ...table],
    ['keys', 'list', ...table],
    ['limits', ...table],
    ['usage', ...table],
    ['balance', ...table],
    ['me', ...table],
    ['auth', 'status', ...table],
    ['help', 'formats'],
    ['help', 'exit-codes'],
  ];
  return steps.map((args) => ({ args }));
}
