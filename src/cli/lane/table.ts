// The verbs the read lane runs: one-shot reads whose options are all of the common
// kinds (option-kinds.ts). Each entry is the verb's options-and-run module, the same one its
// full-path verb is made of (list.ts → list-run.ts), so both paths run the same code. They are
// imported statically: the lane is one bundle (dist/lane.cjs, scripts/build.mjs) and these are
// small. A verb is added here only with its `*-run.ts` split; test/cli/lane-argv.test.ts checks
// each entry against the verb commander registers (same options, same run).
import * as mediationsList from '../mediations/list-run.js';
import * as ordersList from '../orders/list-run.js';
import * as productsList from '../products/list-run.js';
import * as questionsList from '../questions/list-run.js';
import * as reviewsList from '../reviews/list-run.js';
import type { Deps } from '../shared/context.js';
import type { KindDecl } from '../shared/option-kinds.js';

export interface LaneVerb {
  options: Record<string, KindDecl>;
  run(deps: Deps, opts: never, args: string[]): Promise<number | undefined>;
}

export const LANE_VERBS: Record<string, LaneVerb> = {
  'products list': productsList,
  'orders list': ordersList,
  'reviews list': reviewsList,
  'questions list': questionsList,
  'mediations list': mediationsList,
};
