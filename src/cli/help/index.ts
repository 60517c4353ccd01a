// svc help [command... | topic]: commander's implicit `help [command]`, plus the topics of
// (exit-codes, environment, formats). A `help` command of our own replaces commander's
// implicit one on the program; the groups keep theirs (`svc products help list`). bin/svc.js
// answers the same forms from dist/help.json without loading the bundle (src/main.ts helpTexts).
import type { Command } from 'commander';
import { t } from '../../i18n/index.js';
import { UsageError } from '../../api/errors.js';
import { examples, type CliRuntime } from '../shared/command.js';
import { HELP_TOPICS } from './topics.js';

export { HELP_TOPICS } from './topics.js';

export function registerHelp(program: Command, rt: CliRuntime): void {
  const names = Object.keys(HELP_TOPICS);
  const cmd = program
    .command('help')
    .argument('[command-or-topic...]', `a command (products list) or a topic: ${names.join(', ')}`)
    .description(`show help for a command, or a topic: ${names.join(', ')}`)
    .action((words: string[]) => {
      const topic = HELP_TOPICS[words.join(' ')];
      if (topic) {
        rt.io.stdout.write(t(topic.text));
        return;
      }
      const target = findCommand(program, words);
      if (!target) {
        throw new UsageError(
          `no help topic or command "${words.join(' ')}"`,
          `topics: ${names.map((n) => `"${n}"`).join(', ')}; commands: see \`svc --help\``,
        );
      }
      target.outputHelp();
    });
  examples(cmd, ['svc help exit-codes', 'svc help environment', 'svc help formats', 'svc help products bulk-price']);
  cmd.addHelpText(
    'after',
    `\nTopics:\n${names.map((n) => `  ${n.padEnd(12)}${HELP_TOPICS[n]!.summary}`).join('\n')}\n`,
  );
}

/** The command at a path of names (or aliases), from the program down. */
function findCommand(program: Command, words: readonly string[]): Command | undefined {
  let cmd: Command | undefined = program;
  for (const w of words) {
    cmd = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w));
    if (!cmd) return undefined;
  }
  return cmd;
}
