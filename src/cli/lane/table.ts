// The verbs the read lane runs (issue 26): one-shot reads whose options are all of the common
// kinds (option-kinds.ts). Each entry loads the verb's options-and-run module, the same one its
// full-path verb is made of (list.ts → list-run.ts), so both paths run the same code. A verb is
// added here only with its `*-run.ts` split; test/cli/lane-argv.test.ts checks each entry
// against the verb commander registers (same flags, same kinds).
import type { Deps } from '../shared/context.js';
import type { KindDecl } from '../shared/option-kinds.js';

export interface LaneVerb {
  options: Record<string, KindDecl>;
  run(deps: Deps, opts: never, args: string[]): Promise<number | undefined>;
}

export const LANE_VERBS: Record<string, () => Promise<LaneVerb>> = {
  'products list': () => import('../products/list-run.js'),
  'orders list': () => import('../orders/list-run.js'),
  'reviews list': () => import('../reviews/list-run.js'),
  'questions list': () => import('../questions/list-run.js'),
  'mediations list': () => import('../mediations/list-run.js'),
};
