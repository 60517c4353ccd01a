// The tools `svc mcp` offers, taken from the verb registry (each noun's table in src/cli/*/index.ts):
// this table only says which verbs an assistant may reach and what kind of change each one makes.
// Their descriptions, arguments and option schemas are the verbs' own (schema.ts), so a tool cannot
// drift from its command. Credential uploads (`stock add`, `stock refill`), key management
// (`keys …`, `auth …`) and the raw `svc api` are not here and never will be: an assistant must not
// hold credentials or keys (spec 4.1: keys stay on the seller's side).
import type { OptionDecls, Verb } from '../shared/verb.js';
import type { Verbs } from '../shared/verbs.js';

/** The kinds of change `--allow-writes` names. */
export const WRITE_KINDS = ['prices', 'status'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** A verb as the registry defines it (defineVerb), whatever its options. */
export type AnyDefinedVerb = Verb<OptionDecls>;

export interface ToolEntry {
  /** The command, as `svc` takes it: the tool is named after it (`orders profit` → `orders_profit`). */
  path: string;
  kind: 'read' | WriteKind;
  /** The noun's table of verbs. */
  table: () => Promise<Verbs>;
  /** Reads the orders mirror, synced first unless it is fresh (`offline`, calls.ts). */
  mirror?: boolean;
  /** The verb's file argument is given as rows instead, written to a CSV the verb reads (prices.ts). */
  rows?: 'prices';
}

const products = async () => (await import('../products/index.js')).registerProducts.verbs;
const orders = async () => (await import('../orders/index.js')).registerOrders.verbs;
const stock = async () => (await import('../stock/index.js')).registerStock.verbs;
const questions = async () => (await import('../questions/index.js')).registerQuestions.verbs;
const reviews = async () => (await import('../reviews/index.js')).registerReviews.verbs;
const mediations = async () => (await import('../mediations/index.js')).registerMediations.verbs;
const account = async () => (await import('../account/index.js')).VERBS;

export const TOOLS: readonly ToolEntry[] = [
  { path: 'products list', kind: 'read', table: products },
  { path: 'products get', kind: 'read', table: products },
  { path: 'orders list', kind: 'read', table: orders },
  { path: 'orders get', kind: 'read', table: orders },
  // Read from the local orders mirror, synced first unless fresh: only the new sales cost requests.
  { path: 'orders profit', kind: 'read', table: orders, mirror: true },
  { path: 'stock status', kind: 'read', table: stock, mirror: true },
  { path: 'questions list', kind: 'read', table: questions },
  { path: 'questions get', kind: 'read', table: questions },
  { path: 'reviews list', kind: 'read', table: reviews },
  { path: 'reviews stats', kind: 'read', table: reviews },
  { path: 'mediations list', kind: 'read', table: mediations },
  { path: 'mediations get', kind: 'read', table: mediations },
  { path: 'balance', kind: 'read', table: account },
  { path: 'usage', kind: 'read', table: account },
  { path: 'products bulk-price', kind: 'prices', table: products, rows: 'prices' },
  { path: 'products activate', kind: 'status', table: products },
  { path: 'products deactivate', kind: 'status', table: products },
];

/** The tool's name: the command's words joined by `_` (tool names take no spaces or dashes everywhere). */
export function toolName(e: ToolEntry): string {
  return e.path.replace(/[ -]/g, '_');
}

/** The verb a tool runs, loaded from its noun's table. */
export async function loadVerb(e: ToolEntry): Promise<AnyDefinedVerb> {
  const name = e.path.split(' ').at(-1)!;
  const load = (await e.table())[name];
  const verb = load ? (await load()).verbs.find((v) => (v as AnyDefinedVerb).name === name) : undefined;
  if (!verb) throw new Error(`svc mcp: no verb for ${e.path}`);
  return verb as AnyDefinedVerb;
}
