// The whole command tree. Building it loads no HTTP, no config and no UI: the build also
// walks it to write the help texts that bin/svc.js prints without loading anything.
import { stripVTControlCharacters } from 'node:util';
import { Command, Option } from 'commander';
import { withoutMarks } from '../i18n/marks.js';
import { VERSION } from '../version.js';
import type { CliRuntime } from './shared/command.js';
import { registerHelp } from './help/index.js';
import { commandPath } from './shared/command.js';
import { DRY_RUN, WRITE_ONLY_FLAGS } from './shared/writes.js';
import { UsageError } from '../api/errors.js';
import {
  argumentDescription,
  localiseCommanderError,
  localiseHelpText,
  localiseTree,
  optionDescription,
} from './shared/help-language.js';

/** Registers a group; `verb`, when the run names one, lets it load just that verb (src/cli/shared/verbs.ts). */
type Register = (program: Command, rt: CliRuntime, verb?: string) => void | Promise<void>;

// Top-level commands and the module that registers them. A run loads only the group of the
// command it runs (style.md principle 5: heavy things load late): a read never evaluates the
// webhook server, the job engine or the input readers. Help and unknown commands load all.
// Within a group, only the verb that runs is loaded (src/cli/shared/verbs.ts); `topLevel` groups are
// made of top-level commands, so their verb is the command word itself.
const GROUPS: { names: string[]; topLevel?: boolean; load: () => Promise<Register> }[] = [
  { names: ['auth'], load: async () => (await import('./auth/index.js')).registerAuth },
  {
    names: ['me', 'usage', 'limits', 'balance', 'stats', 'games', 'catalog'],
    topLevel: true,
    load: async () => (await import('./account/index.js')).registerAccount,
  },
  { names: ['products'], load: async () => (await import('./products/index.js')).registerProducts },
  { names: ['stock'], load: async () => (await import('./stock/index.js')).registerStock },
  { names: ['orders'], load: async () => (await import('./orders/index.js')).registerOrders },
  { names: ['mediations'], load: async () => (await import('./mediations/index.js')).registerMediations },
  { names: ['reviews'], load: async () => (await import('./reviews/index.js')).registerReviews },
  { names: ['questions'], load: async () => (await import('./questions/index.js')).registerQuestions },
  { names: ['keys'], load: async () => (await import('./keys/index.js')).registerKeys },
  { names: ['webhooks'], load: async () => (await import('./webhooks/index.js')).registerWebhooks },
  // `svc api PATH`, gh's raw command over the one request core.
  {
    names: ['api'],
    topLevel: true,
    load: async () => {
      const { registerVerbs } = await import('./shared/verbs.js');
      return (program, rt, verb) => registerVerbs(program, rt, { api: () => import('./api/api.js') }, verb);
    },
  },
  // An MCP server for AI assistants: the SDK loads only with it (src/cli/mcp/server.ts).
  {
    names: ['mcp'],
    topLevel: true,
    load: async () => {
      const { registerVerbs } = await import('./shared/verbs.js');
      return (program, rt, verb) => registerVerbs(program, rt, { mcp: () => import('./mcp/mcp.js') }, verb);
    },
  },
  { names: ['sandbox'], load: async () => (await import('./sandbox/index.js')).registerSandbox },
  { names: ['shop'], load: async () => (await import('./shop/index.js')).registerShop },
  { names: ['notify'], load: async () => (await import('./notify/index.js')).registerNotify },
  // Moving a shop to another machine: one encrypted archive of its config and state folders.
  {
    names: ['backup', 'restore'],
    topLevel: true,
    load: async () => {
      const { registerVerbs } = await import('./shared/verbs.js');
      const verbs = { backup: () => import('./backup/backup.js'), restore: () => import('./backup/restore.js') };
      return (program, rt, verb) => registerVerbs(program, rt, verbs, verb);
    },
  },
  // Completion needs the whole tree: it gets a builder of it, so it never imports this module.
  {
    names: ['completion', '__complete'],
    load: async () => {
      const { registerCompletion } = await import('./completion/index.js');
      return (program, rt) => registerCompletion(program, rt, () => buildProgram(rt));
    },
  },
];

// Global options that take a value (cli-spec 1), to find the command word after them.
const VALUE_OPTIONS = new Set(['--profile', '--base-url', '--api', '-o', '--output', '--timeout', '--jq']);

/** The first two command words of argv (`svc --profile p products list 5` → products, list). */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (VALUE_OPTIONS.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    words.push(a);
  }
  return words;
}

/** Help is laid out for 80 columns always, so the prebuilt help texts match. */
const HELP_WIDTH = 80;

/** The program; with argv, only the command group argv runs is loaded. */
export async function buildProgram(rt: CliRuntime, argv?: readonly string[]): Promise<Command> {
  const program = new Command('svc')
    .description(
      'Command-line tool for verified sellers of the marketplace: listings, bulk price and stock jobs, orders, reviews, questions, webhooks, and a local sandbox.',
    )
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    // cli-spec 1: global options
    .option('--profile <name>', 'config profile to use (env SVC_PROFILE)')
    .option('--base-url <url>', 'service base URL, overrides the profile (env SVC_BASE_URL)')
    .addOption(
      new Option(
        '--api <version>',
        'API version for commands in both v1 and v2 (default: v2 when a v2 key is available)',
      ).choices(['v1', 'v2']),
    )
    .option('-o, --output <format>', 'table|json|jsonl|csv|tsv (default: table on a terminal, tsv when piped)')
    .option('--json', 'same as -o json')
    .option('--jq <expression>', 'filter the json result with a jq expression (whole result, all pages joined)')
    .option('-q, --quiet', 'only errors on stderr')
    .option('--verbose', 'one line per HTTP request on stderr (never a key)')
    .option('--no-color', 'no ANSI colours or bold (also NO_COLOR, TERM=dumb)')
    .option('--wide', 'tables: every column whole, even wider than the terminal')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--dry-run', 'on writes: validate and print the plan, send nothing')
    .option('--timeout <seconds>', 'per-request timeout in seconds (default 30)')
    .option('--no-wait', 'fail with exit 5 instead of waiting when the rate limit is spent')
    .option('--insecure-http', 'send the API key over plain http to a host other than this machine');
  // Set before the subcommands exist: commander copies these settings into each of them.
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => rt.io.stdout.write(localiseHelpText(s)),
    writeErr: (s) => rt.io.stderr.write(localiseHelpText(s)),
    getOutHelpWidth: () => HELP_WIDTH,
    getErrHelpWidth: () => HELP_WIDTH,
    // a parse error never echoes a value (`--api-key=KEY` must not print the key).
    outputError: (s, write) => write(localiseCommanderError(withoutValues(s))),
  });
  configureHelpLayout(program);
  // a write that cannot show a plan refuses --dry-run before doing anything.
  program.hook('preAction', (_program, action) => {
    const path = commandPath(action);
    if (action.optsWithGlobals().dryRun && DRY_RUN[path] === 'refuse') {
      throw new UsageError(`\`svc ${path}\` has no dry run: nothing was done`, 'run it without --dry-run');
    }
  });
  program.addHelpText(
    'after',
    `
Examples:
  $ svc sandbox                                  # a local emulator of the service, no key needed
  $ svc products bulk-price prices.csv --report out.csv
  $ svc stock add 42 --variant 1 --file creds.txt
  $ svc orders profit --from 2026-11-01 --by listing

Environment: SVC_API_KEY, SVC_PROFILE, SVC_BASE_URL, SVC_CONFIG_DIR, SVC_STATE_DIR, NO_COLOR (see \`svc help environment\`).
Exit codes: 0 ok, 1 refused/failed, 2 usage or bad input (nothing sent), 3 some items refused, 4 auth, 5 rate limit with --no-wait, 6 cancelled at a prompt, 130 interrupted (see \`svc help exit-codes\`).
Input files: \`svc help formats\`. Shell completion: \`svc completion bash|zsh|fish\`.`,
  );

  const [word, second] = argv ? commandWords(argv) : [];
  const only = GROUPS.find((g) => word !== undefined && g.names.includes(word));
  if (only) await (await only.load())(program, rt, only.topLevel ? word : second);
  else for (const group of GROUPS) await (await group.load())(program, rt);
  registerHelp(program, rt); // help topics beside `help [command]`
  localiseTree(program); // pt-BR descriptions before commander lays them out
  return program;
}

/** The help's layout: global flags listed under each command (as gh lists inherited flags), commander's extras in the run's language. */
function configureHelpLayout(program: Command): void {
  // a command's help lists the global flags it honours, as gh lists inherited flags;
  // --dry-run and --yes only on writes.
  program.configureHelp({
    showGlobalOptions: true,
    optionDescription,
    argumentDescription,
    // the marks of the marked mode take no room (src/i18n/marks.ts): the same layout without them
    displayWidth: (s: string) => withoutMarks(stripVTControlCharacters(s)).length,
    visibleGlobalOptions(cmd: Command) {
      const honoursWrites = DRY_RUN[commandPath(cmd)] === 'plan' || DRY_RUN[commandPath(cmd)] === 'refuse';
      const globals: Option[] = [];
      for (let c = cmd.parent; c; c = c.parent) globals.push(...c.options.filter((o) => !o.hidden));
      return globals.filter(
        (o) => o.long !== '--version' && o.long !== '--help' && (honoursWrites || !WRITE_ONLY_FLAGS.has(o.long ?? '')),
      );
    },
  });
}

/**
 * The command words of a help request that name no command: `svc nosuch sync --help`
 * printed the global help and exited 0; it is an unknown command (exit 2). Returns the first
 * unknown word and where it was looked for, or undefined when the words name a command.
 */
export function unknownCommandWord(
  program: Command,
  argv: readonly string[],
): { word: string; under: Command } | undefined {
  let cmd = program;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return undefined;
    if (VALUE_OPTIONS.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    if (cmd.commands.length === 0) return undefined; // the rest are the verb's arguments
    const next = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!next) return cmd === program && a === 'help' ? undefined : { word: a, under: cmd };
    cmd = next;
  }
  return undefined;
}

/**
 * A commander error without the values typed on the command line: `unknown option '--x=VALUE'`
 * keeps the option's name only, and anything shaped like a svc key is masked wherever it is.
 */
export function withoutValues(message: string): string {
  return message
    .replace(/(unknown option '[^'=\s]+)=[^']*'/g, "$1=…'")
    .replace(/svc_(?:v2_)?sk_[A-Za-z0-9_-]+/g, 'svc_…');
}
