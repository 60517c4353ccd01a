// Where `svc webhooks listen` reports: a live Ink log when stdout is a terminal
// (and no machine format was asked for), JSON lines on stdout otherwise, one per action:
// {"at", "action", "event", "orderId", "ms", ...}. Warnings also go to stderr when stdout
// is piped, so someone watching the terminal sees a dropped or failing delivery.
import { loadUi } from '../../ui/load.js';
import { jsonText, sanitizeInline } from '../../output/sanitize.js';
import { warn } from '../../output/reporter.js';
import { canDrawLive } from '../../output/io.js';
import { WARN_ACTIONS, type LogFn, type WebhookLogLine } from '../../webhooks/log.js';
import type { Deps } from '../shared/context.js';

export interface ListenOutput {
  log: LogFn;
  started(info: { url: string; mode: string; resumed: number }): Promise<void>;
  setPending(n: number): void;
  stopping(): void;
  done(pending: number): Promise<void>;
}

export function listenOutput(deps: Deps): ListenOutput {
  const { io } = deps;
  const live = canDrawLive(io, 'stdout') && deps.format() === 'table';
  return live ? inkOutput(deps) : jsonLinesOutput(deps);
}

function jsonLinesOutput(deps: Deps): ListenOutput {
  const { io } = deps;
  return {
    log: (l) => {
      const line: WebhookLogLine = { at: new Date().toISOString(), ...l };
      io.stdout.write(`${jsonText(line)}\n`);
      if (WARN_ACTIONS.has(l.action) && !io.stdoutIsTTY && !io.quiet) warn(io, describe(line));
    },
    started: async ({ url, mode, resumed }) => {
      // The address goes to stderr (stdout carries the log); with --port 0 it is how a script learns the port.
      if (!io.quiet) io.stderr.write(`listening on ${url} (${mode})\n`);
      if (resumed > 0 && !io.quiet)
        io.stderr.write(`resuming ${resumed} pending ${resumed === 1 ? 'delivery' : 'deliveries'} from the last run\n`);
    },
    setPending: () => undefined,
    stopping: () => {
      if (!io.quiet) io.stderr.write('stopping…\n');
    },
    done: async (pending) => {
      if (!io.quiet)
        io.stderr.write(
          `stopped${pending > 0 ? `; ${pending} pending ${pending === 1 ? 'delivery' : 'deliveries'} kept for the next start` : ''}\n`,
        );
    },
  };
}

type WebhookLogHandle = ReturnType<Awaited<ReturnType<typeof loadUi>>['startWebhookLog']>;

function inkOutput(deps: Deps): ListenOutput {
  const early: WebhookLogLine[] = [];
  let handle: WebhookLogHandle | undefined;
  // If the terminal UI cannot load, the listener keeps running and logs JSON lines instead.
  let fallback: ListenOutput | undefined;
  return {
    log: (l) => {
      if (fallback) return fallback.log(l);
      const line: WebhookLogLine = { at: new Date().toISOString(), ...l };
      if (handle) handle.add(line);
      else early.push(line);
    },
    started: async (info) => {
      try {
        const ui = await loadUi({ color: deps.io.colorStdout ?? false });
        handle = ui.startWebhookLog(deps.io, { url: info.url, mode: info.mode });
        for (const l of early.splice(0)) handle.add(l);
      } catch (err) {
        warn(deps.io, `${(err as Error).message}; logging JSON lines instead`);
        fallback = jsonLinesOutput(deps);
        await fallback.started(info);
        for (const { at: _at, ...l } of early.splice(0)) fallback.log(l);
      }
    },
    setPending: (n) => handle?.setPending(n),
    stopping: () => (fallback ? fallback.stopping() : handle?.setStopping()),
    done: async (pending) => {
      if (fallback) return fallback.done(pending);
      handle?.setPending(pending);
      await handle?.done();
      if (pending > 0)
        deps.io.stderr.write(
          `${pending} pending ${pending === 1 ? 'delivery' : 'deliveries'} kept for the next start\n`,
        );
    },
  };
}

function describe(l: WebhookLogLine): string {
  const what = [l.event, l.orderId === undefined ? undefined : `order ${l.orderId}`].filter(Boolean).join(' ');
  const retry = l.retryInS === undefined ? '' : ` (retry in ${l.retryInS} s)`;
  return sanitizeInline(`${l.action}${what ? ` ${what}` : ''}: ${l.detail ?? `status ${l.status ?? '-'}`}${retry}`);
}
