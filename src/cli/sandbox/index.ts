// svc sandbox: the local emulator, and fronts for its control routes.
import { Option, type Command } from 'commander';
import { act, examples, type Runtime } from '../shared/command.js';
import { fault, moderate, offline, sell } from './control.js';
import { runSandbox } from './start.js';

export function registerSandbox(program: Command, rt: Runtime): void {
  const sandbox = program.command('sandbox')
    .description('start a local emulator of the whole service on 127.0.0.1 (no key needed)')
    .option('--port <n>', 'port; 0 picks a free one', '4010')
    .option('--host <host>', 'loopback address to listen on', '127.0.0.1')
    .option('--data <file>', 'keep the state in FILE across restarts')
    .option('--time-scale <x>', 'speed of time for rate windows and webhook retries (0.01 = 100x faster)', '1')
    .addOption(new Option('--webhook <url...>', 'deliver webhook events to URL (up to 5)'))
    .option('--rate-limit <n>', 'v2 requests per minute (default 60; v1 gets half)')
    .option('--no-seed', 'start empty, without the demo data')
    .option('--no-save', 'do not write the `sandbox` profile')
    .action(act(rt, runSandbox));
  examples(sandbox, [
    'svc sandbox',
    'svc sandbox --port 0 --json            # prints {"url", "v1Key", "v2Key"} for scripts',
    'svc sandbox --data sandbox.json --webhook http://127.0.0.1:8787/',
  ]);
  const sellCmd = sandbox.command('sell').argument('<listing>', 'listing id').description('simulate a purchase (auto-delivery consumes credentials, webhooks fire)')
    .option('--variant <index>', 'variant index').option('--quantity <n>', 'units')
    .option('--orders <n>', 'a burst of N sales, one after another, stopping when the stock runs out').action(act(rt, sell));
  examples(sellCmd, ['svc --profile sandbox sandbox sell 109 --variant 0', 'svc --profile sandbox sandbox sell 102 --orders 50   # drain a listing']);
  const modCmd = sandbox.command('moderate').argument('<listing>', 'listing id').argument('<action>', 'approve|reject|take-down|reject-permanently')
    .description('moderate a listing as the platform would').action(act(rt, moderate));
  examples(modCmd, ['svc --profile sandbox sandbox moderate 104 approve']);
  const offCmd = sandbox.command('offline').argument('<on|off>', 'state').description('turn Offline Mode on or off').action(act(rt, offline));
  examples(offCmd, ['svc --profile sandbox sandbox offline on']);
  const faultCmd = sandbox.command('fault').argument('<type>', 'drop-before|drop-after|delay|status')
    .description('make the next matching request fail (for trying retries and resume)')
    .option('--route <name>', 'route name, e.g. bulkPrice, addStock').option('--method <m>', 'HTTP method').option('--path <text>', 'path contains')
    .option('--status <code>', 'status to answer (type status)').option('--body <json>', 'body to answer (type status)')
    .option('--ms <n>', 'delay (type delay)').option('--times <n>', 'how many requests', '1').action(act(rt, fault));
  examples(faultCmd, ['svc --profile sandbox sandbox fault drop-after --route bulkPrice', "svc --profile sandbox sandbox fault status --route addStock --status 503 --body '{\"code\":\"IDEMPOTENCY_UNAVAILABLE\"}'"]);
}
