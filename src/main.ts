// Entry of the bundle: build the program, run it, map every failure to its exit code.
import { t } from './i18n/index.js';
import { CommanderError, type Command } from 'commander';
import { EXIT, UsageError } from './api/errors.js';
import { HELP_TOPICS } from './cli/help/topics.js';
import { buildProgram, unknownCommandWord, withoutValues } from './cli/program.js';
import { verbVersionArgv } from './cli/shared/version-flag.js';
import { commandPath } from './cli/shared/command.js';
import { processIO, type IO } from './output/io.js';
import { errorJson } from './output/reporter.js';
import { runInvocation, wantsJson, type MainOptions } from './cli/shared/lifecycle.js';
import { VERSION } from './version.js';
import type { WarmEntry } from './warm-cache.js';
import { initLanguage } from './i18n/load.js';

export type { MainOptions };

export async function main(argv: string[], opts: MainOptions = {}): Promise<number> {
  return runInvocation(argv, opts, async (rt) => {
    const program = await buildProgram(rt, argv);
    try {
      if (argv.includes('--help') || argv.includes('-h')) refuseUnknownCommand(program, argv);
      await program.parseAsync(verbVersionArgv(argv), { from: 'user' });
      return rt.exitCode;
    } catch (err) {
      if (!(err instanceof CommanderError)) throw err;
      // help and version are not failures; every other parse error is a usage error (exit 2)
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
        return 0;
      // commander printed its own line; a script asking for json also gets the object
      const message = withoutValues(err.message.replace(/^error: /, ''));
      if (wantsJson(argv))
        rt.io.stderr.write(`${errorJson({ status: null, code: 'USAGE', message, hint: null, exit: EXIT.usage })}\n`);
      return EXIT.usage;
    }
  });
}

/** `svc nosuch sync --help`: an unknown command, not the global help (exit 2). */
function refuseUnknownCommand(program: Command, argv: readonly string[]): void {
  const unknown = unknownCommandWord(program, argv);
  if (!unknown) return;
  const where = commandPath(unknown.under);
  const names = unknown.under.commands.map((c) => c.name()).filter((n) => !n.startsWith('_'));
  const close = names.filter((n) => n.startsWith(unknown.word.slice(0, 2)) || unknown.word.startsWith(n.slice(0, 3)));
  throw new UsageError(
    `unknown command '${[where, unknown.word].filter(Boolean).join(' ')}'`,
    close.length > 0
      ? `did you mean ${close.map((n) => `\`svc ${[where, n].filter(Boolean).join(' ')}\``).join(' or ')}? (\`svc ${where ? `${where} ` : ''}--help\` lists them)`
      : `\`svc ${where ? `${where} ` : ''}--help\` lists the commands`,
  );
}

/**
 * Every command's help text and the help topics (`svc help exit-codes`), for bin/svc.js's fast
 * path (written to dist/help.json by the build).
 */
export async function helpTexts(lang: 'en' | 'pt-BR' = 'en'): Promise<{
  version: string;
  texts: Record<string, string>;
  groups: string[];
  topics: Record<string, string>;
}> {
  let buf = '';
  const sink = {
    write: (s: string) => {
      buf += s;
      return true;
    },
  };
  const io: IO = {
    ...processIO({ noColor: true }),
    stdout: sink,
    stderr: sink,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  await initLanguage({ SVC_LANG: lang }); // one help.json per language (scripts/build.mjs)
  const program = await buildProgram({ io, env: {}, signal: new AbortController().signal, exitCode: 0 });
  const texts: Record<string, string> = {};
  const groups: string[] = [];
  const walk = (cmd: Command, path: string[]) => {
    buf = '';
    cmd.outputHelp();
    texts[path.join(' ')] = buf;
    if (cmd.commands.length > 0) groups.push(path.join(' '));
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  // the topics in the help's language too
  const topics = Object.fromEntries(Object.entries(HELP_TOPICS).map(([name, topic]) => [name, t(topic.text)]));
  return { version: VERSION, texts, groups, topics };
}

/** The build's warm-up run (src/warm-cache.ts): loaded only then, never on a seller's start. */
export async function warmCache(laneEntry?: { lane: WarmEntry['main'] }): Promise<void> {
  await (await import('./warm-cache.js')).warmCache({ main, helpTexts, lane: laneEntry?.lane });
}
