// svc questions inbox: an interactive screen over the unanswered questions. Needs a
// terminal (cli-spec 1: interactive only on a TTY without CI); the Ink screen is loaded late
// through loadUi() and gets callbacks, never the HTTP client.
import { UsageError } from '../../api/errors.js';
import { loadUi } from '../../ui/load.js';
import { note } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { InboxFeed } from './inbox-feed.js';

async function run(deps: Deps): Promise<number> {
  const { io } = deps;
  if (!io.interactive || !io.stdoutIsTTY) {
    throw new UsageError(
      '`svc questions inbox` is interactive and needs a terminal (stdin and stdout a TTY, CI not set)',
      'in scripts, list with `svc questions list --status unanswered` and answer with `svc questions answer ID --text "..."`',
    );
  }
  const feed = new InboxFeed(await deps.api());
  const waiting = await feed.prime();
  if (waiting === 0) {
    note(io, 'no unanswered questions');
    return 0;
  }
  const ui = await loadUi(deps.io);
  // While Ink owns the terminal, "waiting …" notes on stderr would tear its frame: the screen
  // shows the budget itself. Restored afterwards.
  const quiet = io.quiet;
  io.quiet = true;
  let result: Awaited<ReturnType<typeof ui.runInbox>>;
  try {
    result = await ui.runInbox(io, {
      next: () => feed.next(),
      send: (id, text) => feed.send(id, text),
      budget: () => feed.budget(),
    });
  } finally {
    io.quiet = quiet;
  }
  if (result.failedWith) throw result.failedWith;
  if (result.stoppedBy) throw result.stoppedBy;
  note(io, `answered ${result.answered}, skipped ${result.skipped}`);
  return 0;
}

export const inboxVerb = defineVerb({
  name: 'inbox',
  description:
    'answer unanswered questions one by one on an interactive screen (v2): Enter sends, Tab skips, Esc quits',
  examples: ['svc questions inbox', 'svc questions inbox --profile shop2'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [inboxVerb];
