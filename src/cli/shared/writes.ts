// What every command does with the global --dry-run (cli-spec 1): a write either
// honours it (prints its plan on stdout, in the chosen -o format, and sends nothing) or refuses
// it (exit 2, nothing done); a read has nothing to do without it. Every command of the tree is
// here: a test walks the tree and fails on a command missing from this table, so a new verb
// cannot silently act under --dry-run (sandbox sell and auth logout once did).
export type DryRun = 'read' | 'plan' | 'refuse';

export const DRY_RUN: Record<string, DryRun> = {
  // local or service changes with no plan to show: refused under --dry-run
  'auth login': 'refuse',
  'auth logout': 'refuse',
  'auth use': 'refuse',
  sandbox: 'refuse',
  'sandbox sell': 'refuse',
  'sandbox moderate': 'refuse',
  'sandbox offline': 'refuse',
  'sandbox fault': 'refuse',
  'webhooks listen': 'refuse',
  'shop run': 'refuse',
  'notify set-secret': 'refuse',
  'notify remove': 'refuse',
  backup: 'refuse',
  restore: 'refuse',
  'orders reconcile': 'refuse',
  'questions inbox': 'refuse',
  mcp: 'refuse', // a server: its writes are plans the seller applies, never a --dry-run
  // writes with a plan
  'products bulk-price': 'plan',
  'products reprice': 'plan',
  'products bulk-status': 'plan',
  'products activate': 'plan',
  'products deactivate': 'plan',
  'products create': 'plan',
  'products update': 'plan',
  'products variants set': 'plan',
  'stock add': 'plan',
  'stock refill': 'plan',
  'shop sync': 'plan',
  'notify test': 'plan',
  'notify digest': 'plan',
  'reviews contest': 'plan',
  'questions answer': 'plan',
  'keys create': 'plan',
  'keys revoke': 'plan',
  'keys rotate': 'plan',
  'webhooks trigger': 'plan',
  api: 'plan', // the request it would send, Idempotency-Key included
  // reads
  'auth status': 'read',
  'auth profiles': 'read',
  me: 'read',
  usage: 'read',
  limits: 'read',
  balance: 'read',
  stats: 'read',
  games: 'read',
  catalog: 'read',
  'products list': 'read',
  'products get': 'read',
  'products variants': 'read',
  'stock jobs': 'read',
  'stock status': 'read',
  'stock pool': 'read',
  'notify list': 'read',
  'orders list': 'read',
  'orders get': 'read',
  'orders profit': 'read',
  'orders sync': 'read',
  'mediations list': 'read',
  'mediations get': 'read',
  'reviews list': 'read',
  'reviews stats': 'read',
  'reviews contestations': 'read',
  'questions list': 'read',
  'questions get': 'read',
  'keys list': 'read',
  'keys usage': 'read',
  'webhooks events': 'read',
  completion: 'read',
  '__complete profiles': 'read',
  help: 'read',
};

/** Global flags that only writes take: shown in a command's help only where they apply. */
export const WRITE_ONLY_FLAGS = new Set(['--dry-run', '--yes']);
