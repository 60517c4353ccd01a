// The read lane: `svc products list --json` and the other one-shot reads of table.ts
// run without commander, zod or undici (its requests go through node:http), so a read starts
// near a bare node:http GET.
// bin/svc.js asks the lane first; `undefined` means "not mine" and the full CLI (main.ts) runs
// the command as always. The lane parses a subset of the full path's argv (argv.ts), then runs
// the verb's own run() through the same lifecycle (IO, language, errors, exit codes:
// lifecycle.ts) and the same dependencies (context.ts) as the full path. SVC_LANE=off sends
// every command the full way (a way to compare the two; docs/DECISIONS.md).
import { nodeHttpTransport } from '../../api/http-transport.js';
import { depsOf } from '../shared/context.js';
import { asOnlyFeature } from '../../api/feature.js';
import { runInvocation, verbExit, type MainOptions } from '../shared/lifecycle.js';
import { runWithJq } from '../shared/jq-run.js';
import { globalValueFlags, parseLaneArgs, splitCommand } from './argv.js';
import { LANE_VERBS } from './table.js';

/** Run argv in the lane and return its exit code, or undefined when the full CLI must run it. */
export async function lane(argv: string[], opts: MainOptions = {}): Promise<number | undefined> {
  const env = opts.env ?? process.env;
  if (env.SVC_LANE === 'off' || argv.length < 2) return undefined;
  const command = splitCommand(argv);
  const verb = command && LANE_VERBS[command.path];
  if (!verb) return undefined;
  const args = parseLaneArgs(command.rest, verb.options, command.before);
  if (!args) return undefined;
  return runInvocation(argv, { ...opts, env }, async (rt) => {
    // node:http, not undici, for the one request or few pages of a read: the same contract
    // (test/api/transport-conformance.test.ts) without loading undici's Agent (docs/DECISIONS.md)
    const transport = rt.transport ?? nodeHttpTransport();
    const { jq, output } = args.globals;
    let incomplete: string | undefined;
    const code = await runWithJq(rt.io, { expr: jq, output, signal: rt.signal }, async (io) => {
      const deps = depsOf({ io, env: rt.env, globals: args.globals, signal: rt.signal, transport });
      const made = await asOnlyFeature(command.path, () => verb.run(deps, args.opts as never, []));
      incomplete = deps.incomplete;
      return made;
    });
    return verbExit(code, incomplete);
  });
}

/**
 * The commands the lane may take (`products list`, ...) and the global flags that take a value,
 * for bin/svc.js (dist/lane.json, written by the build): it finds `NOUN VERB` after global flags
 * as commander does, and only those commands load the lane, so a command that goes the full way
 * neither pays for it nor makes its code cache with a run that is not a read.
 * @public
 */
export function laneCommands(): { paths: string[]; valueFlags: string[] } {
  return { paths: Object.keys(LANE_VERBS), valueFlags: globalValueFlags() };
}
