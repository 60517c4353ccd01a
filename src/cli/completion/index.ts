// svc completion bash|zsh|fish (cli-spec 2): prints a completion script for the commands,
// subcommands and flags. The script never holds profile names: at Tab time it runs the hidden
// `svc __complete profiles`, which prints them one per line.
import { Argument, type Command } from 'commander';
import { ProfileStore } from '../../config/profiles.js';
import { examples, type CliRuntime } from '../shared/command.js';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionSpec } from './spec.js';
import { zshScript } from './zsh.js';

export const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;
export type Shell = keyof typeof SHELLS;

/** The whole command tree, built on demand (a run loads only its own group); given by program.ts. */
export type WholeTree = () => Promise<Command>;

/** The script for a shell, from the whole command tree. */
export async function completionScript(shell: Shell, wholeTree: WholeTree): Promise<string> {
  return SHELLS[shell](completionSpec(await wholeTree()));
}

export function registerCompletion(program: Command, rt: CliRuntime, wholeTree: WholeTree): void {
  const cmd = program
    .command('completion')
    .description('print a shell completion script: commands, flags, and profile names')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(Object.keys(SHELLS)))
    .action(async (shell: Shell) => {
      rt.io.stdout.write(await completionScript(shell, wholeTree));
    });
  examples(cmd, [
    'svc completion bash > ~/.local/share/bash-completion/completions/svc',
    'source <(svc completion bash)                                  # this shell only',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a zsh parameter expansion the user types, not a template
    'svc completion zsh > "${fpath[1]}/_svc"                        # then start a new shell',
    'svc completion fish > ~/.config/fish/completions/svc.fish',
  ]);

  // Hidden: what the scripts call at Tab time. Prints nothing rather than fail, so a broken or
  // missing config never spills an error into the user's command line.
  const complete = program
    .command('__complete', { hidden: true })
    .description('values for shell completion (used by the scripts)');
  examples(
    complete
      .command('profiles')
      .description('the profile names, one per line')
      .action(async () => {
        try {
          const store = await ProfileStore.open(rt.env);
          for (const { name } of store.list()) rt.io.stdout.write(`${name}\n`);
        } catch {
          // no config yet, or one that cannot be read: no names
        }
      }),
    ['svc __complete profiles'],
  );
  examples(complete, ['svc __complete profiles']);
}
