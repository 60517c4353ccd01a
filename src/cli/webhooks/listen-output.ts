// Where `svc webhooks listen` reports: a live Ink log when stdout is a terminal
// (and no machine format was asked for), JSON lines on stdout otherwise, one per action:
// {"at", "action", "event", "orderId", "ms", ...}. Warnings also go to stderr when stdout
// is piped, so someone watching the terminal sees a dropped or failing delivery.
import { loadUi } from '../../ui/load.js';
import { jsonText, sanitizeInline } from '../../output/sanitize.js';
import { warn, warnSaid } from '../../output/reporter.js';
import { t, tKeyed } from '../../i18n/index.js';
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
      if (WARN_ACTIONS.has(l.action) && !io.stdoutIsTTY && !io.quiet) warnSaid(io, describe(line));
    },
    started: async ({ url, mode, resumed }) => {
      // The address goes to stderr (stdout carries the log); with --port 0 it is how a script learns the port.
      if (!io.quiet)
        io.stderr.write(
          `${t('listening on {url} ({mode})', {
            url,
            mode: mode
              .split(' · ')
              .map((part) => t(part))
              .join(' · '),
          })}\n`,
        );
      if (resumed > 0 && !io.quiet)
        io.stderr.write(
          `${t(`resuming ${resumed} pending ${resumed === 1 ? 'delivery' : 'deliveries'} from the last run`)}\n`,
        );
    },
    setPending: () => undefined,
    stopping: () => {
      if (!io.quiet) io.stderr.write(`${t('stopping…')}\n`);
    },
    done: async (pending) => {
      if (!io.quiet)
        io.stderr.write(
          `${t(`stopped${pending > 0 ? `; ${pending} pending ${pending === 1 ? 'delivery' : 'deliveries'} kept for the next start` : ''}`)}\n`,
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
          `${t(`${pending} pending ${pending === 1 ? 'delivery' : 'deliveries'} kept for the next start`)}\n`,
        );
    },
  };
}

/** A warning of the log, each part in the run's language (the action is the log's own word). */
function describe(l: WebhookLogLine): string {
  const order = l.orderId === undefined ? undefined : t('order {id}', { id: l.orderId });
  const what = [l.event, order].filter(Boolean).join(' ');
  const retry = l.retryInS === undefined ? '' : ` ${t('(retry in {s} s)', { s: l.retryInS })}`;
  const detail = l.detail === undefined ? t('status {status}', { status: l.status ?? '-' }) : t(l.detail);
  return sanitizeInline(`${action(l.action)}${what ? ` ${what}` : ''}: ${detail}${retry}`);
}

/** The log's action word, `label:NAME` in the catalogue (a one-word entry never catches another text). */
function action(name: string): string {
  return tKeyed('label', name);
}
