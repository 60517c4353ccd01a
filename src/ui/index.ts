// The small public UI API (style.md, Shopify CLI): commands never import Ink; they call these.
// This module is the only entry into src/ui/, and is bundled apart (dist/ui.mjs) so that
// --version, --help, --json and piped output never load Ink or React.
import React from 'react';
import { render } from 'ink';
import type { IO } from '../output/io.js';
import { language, setLanguage } from '../i18n/index.js';
import { PT_BR } from '../i18n/pt-BR/index.js';
import { pseudoCatalogue } from '../i18n/pseudo.js';
import { markedCatalogue, marksAsked } from '../i18n/marks.js';
import { Inbox } from './inbox.js';
import type { InboxCallbacks, InboxResult } from './inbox-model.js';
import { Progress, type ProgressState } from './progress.js';
import { WebhookLog, type WebhookLogState } from './webhook-log.js';
import type { WebhookLogLine } from '../webhooks/log.js';

export type { ProgressState } from './progress.js';

// this bundle has its own copy of src/i18n; it takes the language from the environment
// (as main() did) and, for pt-BR, the catalogue (the UI loads only on a terminal: its cost is paid there).
if (marksAsked(process.env)) setLanguage(language(), markedCatalogue(PT_BR, language()), true);
else if (language() === 'pt-BR') setLanguage('pt-BR', PT_BR);
else if (language() === 'pseudo') setLanguage('pseudo', pseudoCatalogue(PT_BR));
export type * from './inbox-model.js';

// src/ui/load.ts tells a test-only trace (SVC_TRACE_UI) that this bundle was loaded.
(globalThis as { __svcUiLoaded?: boolean }).__svcUiLoaded = true;

function inkOptions(io: IO) {
  return {
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
  };
}

export interface ProgressHandle {
  update(state: ProgressState): void;
  done(): Promise<void>;
}

/** A live progress view on stderr (stdout stays for results). */
export function startProgress(io: IO, initial: ProgressState): ProgressHandle {
  const instance = render(React.createElement(Progress, { state: initial }), {
    ...inkOptions(io),
    stdout: io.stderr as NodeJS.WriteStream,
  });
  return {
    update: (state) => instance.rerender(React.createElement(Progress, { state })),
    done: async () => {
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}

/** The questions inbox: runs until the seller quits or no question is left. */
export async function runInbox(io: IO, callbacks: InboxCallbacks): Promise<InboxResult> {
  let result: InboxResult = { answered: 0, skipped: 0 };
  const instance = render(
    React.createElement(Inbox, {
      callbacks,
      onDone: (r: InboxResult) => {
        result = r;
      },
    }),
    { ...inkOptions(io), stdin: io.stdin as NodeJS.ReadStream },
  );
  await instance.waitUntilExit();
  return result;
}

export interface WebhookLogHandle {
  add(line: WebhookLogLine): void;
  setPending(n: number): void;
  setStopping(): void;
  done(): Promise<void>;
}

/**
 * The live log of `svc webhooks listen` on stdout: each event printed once into the
 * scrollback (<Static>), the counters redrawn below it.
 */
export function startWebhookLog(io: IO, info: { url: string; mode: string }): WebhookLogHandle {
  const state: WebhookLogState = {
    url: info.url,
    mode: info.mode,
    lines: [],
    batch: 0,
    seen: false,
    counts: {},
    pending: 0,
    stopping: false,
  };
  const instance = render(React.createElement(WebhookLog, { state }), inkOptions(io));
  const redraw = () => {
    instance.rerender(React.createElement(WebhookLog, { state: { ...state } }));
    // printed: the next render starts a new set (what was printed stays only on the screen)
    if (state.lines.length > 0) state.lines = [];
  };
  return {
    add: (line) => {
      if (state.lines.length === 0) state.batch++;
      state.lines = [...state.lines, line];
      state.seen = true;
      state.counts[line.action] = (state.counts[line.action] ?? 0) + 1;
      redraw();
    },
    setPending: (n) => {
      state.pending = n;
      redraw();
    },
    setStopping: () => {
      state.stopping = true;
      redraw();
    },
    done: async () => {
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
}
