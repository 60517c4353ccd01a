// The whole command tree. Building it loads no HTTP, no config and no UI: the build also
// walks it to write the help texts that bin/svc.js prints without loading anything.
import { Command, Option } from 'commander';
import { VERSION } from '../version.js';
import type { Runtime } from './command.js';
import { registerAuth } from './auth/index.js';
import { registerAccount } from './account/index.js';
import { registerProducts } from './products/index.js';
import { registerKeys } from './keys/index.js';
import { registerMediations } from './mediations/index.js';
import { registerOrders } from './orders/index.js';
import { registerQuestions } from './questions/index.js';
import { registerReviews } from './reviews/index.js';
import { registerSandbox } from './sandbox/index.js';
import { registerStock } from './stock/index.js';
import { registerWebhooks } from './webhooks/index.js';

/** Help is laid out for 80 columns always, so the prebuilt help texts match. */
const HELP_WIDTH = 80;

export function buildProgram(rt: Runtime): Command {
  const program = new Command('svc')
    .description('Command-line tool for verified sellers of the marketplace: listings, bulk price and stock jobs, orders, reviews, questions, webhooks, and a local sandbox.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    // cli-spec 1: global options
    .option('--profile <name>', 'config profile to use (env SVC_PROFILE)')
    .option('--base-url <url>', 'service base URL, overrides the profile (env SVC_BASE_URL)')
    .addOption(new Option('--api <version>', 'API version for commands in both v1 and v2 (default: v2 when a v2 key is available)').choices(['v1', 'v2']))
    .option('-o, --output <format>', 'table|json|jsonl|csv|tsv (default: table on a terminal, tsv when piped)')
    .option('--json', 'same as -o json')
    .option('-q, --quiet', 'only errors on stderr')
    .option('--verbose', 'one line per HTTP request on stderr (never a key)')
    .option('--no-color', 'no ANSI colours (also NO_COLOR)')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--dry-run', 'on writes: validate and print the plan, send nothing')
    .option('--timeout <seconds>', 'per-request timeout in seconds (default 30)')
    .option('--no-wait', 'fail with exit 5 instead of waiting when the rate limit is spent');
  // Set before the subcommands exist: commander copies these settings into each of them.
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => rt.io.stdout.write(s),
    writeErr: (s) => rt.io.stderr.write(s),
    getOutHelpWidth: () => HELP_WIDTH,
    getErrHelpWidth: () => HELP_WIDTH,
  });
  program.addHelpText('after', `
Examples:
  $ svc sandbox                                  # a local emulator of the service, no key needed
  $ svc products bulk-price prices.csv --report out.csv
  $ svc stock add 42 --variant 1 --file creds.txt
  $ svc orders profit --from 2026-11-01 --by listing

Environment: SVC_API_KEY, SVC_PROFILE, SVC_BASE_URL, SVC_CONFIG_DIR, SVC_STATE_DIR, NO_COLOR (see \`svc help environment\`).
Exit codes: 0 ok, 1 refused/failed, 2 usage or bad input (nothing sent), 3 some items refused, 4 auth, 5 rate limit with --no-wait, 130 interrupted.`);

  registerAuth(program, rt);
  registerAccount(program, rt);
  registerProducts(program, rt);
  registerStock(program, rt);
  registerWebhooks(program, rt);
  registerOrders(program, rt);
  registerMediations(program, rt);
  registerReviews(program, rt);
  registerQuestions(program, rt);
  registerKeys(program, rt);
  registerSandbox(program, rt);
  return program;
}
