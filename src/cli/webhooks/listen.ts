// svc webhooks listen: a receiver a seller can run in production (issue 7, spec 6.2). Answers
// 2xx at once, dedupes by event + order id in a store under SVC_STATE_DIR, confirms order
// events with GET /api/v2/orders/:id, then forwards and/or runs a handler, with retries that
// survive restarts. Runs until SIGINT/SIGTERM, then stops cleanly (exit 0).
import type { Command } from 'commander';
import { z } from 'zod';
import { NeedsV2KeyError, SvcError } from '../../api/errors.js';
import { warn } from '../../output/reporter.js';
import { apiConfirmer, type Confirmer } from '../../webhooks/confirm.js';
import { EVENT_NAMES } from '../../webhooks/events.js';
import { displayUrl } from '../../webhooks/forward.js';
import { startListener } from '../../webhooks/listener.js';
import { act, examples, parseOpts, type Runtime } from '../command.js';
import type { Deps } from '../context.js';
import { listenOutput } from './listen-output.js';

const Opts = z.object({
  port: z.coerce.number().int().min(0).max(65535),
  host: z.string().min(1),
  path: z.string().regex(/^\/[^\s?#]*$/, 'must be a path starting with / (no query)'),
  events: z.string().optional().transform((s, ctx) => {
    if (s === undefined) return undefined;
    const names = s.split(',').map((x) => x.trim()).filter(Boolean);
    const unknown = names.filter((n) => !EVENT_NAMES.includes(n));
    if (names.length === 0 || unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown event ${unknown.join(', ') || '(none given)'}; see \`svc webhooks events\`` });
      return z.NEVER;
    }
    return new Set(names);
  }),
  forwardTo: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  exec: z.string().min(1).optional(),
  confirm: z.boolean(),
});

export function registerListen(webhooks: Command, rt: Runtime): void {
  const cmd = webhooks.command('listen')
    .description('receive webhooks: answer at once, dedupe, confirm order events, forward and/or run a handler')
    .option('--port <n>', 'port; 0 picks a free one', '8787')
    .option('--host <address>', 'address to listen on (0.0.0.0 behind a proxy)', '127.0.0.1')
    .option('--path <path>', 'URL path the notifications are POSTed to', '/')
    .option('--events <a,b>', 'hand on only these events (others are answered and ignored)')
    .option('--forward-to <url>', 'POST each notification, same body and X-Service-Event, to URL')
    .option('--exec <cmd>', 'run CMD per notification: payload on stdin, SVC_EVENT and SVC_ORDER_ID set')
    .option('--no-confirm', 'do not confirm order events with GET /api/v2/orders/:id (e.g. no v2 key)')
    .action(act(rt, run));
  examples(cmd, [
    'svc webhooks listen --forward-to http://127.0.0.1:3000/hooks',
    "svc webhooks listen --events order.delivered --exec './on-delivery.sh'",
    'svc webhooks listen --host 0.0.0.0 --port 8787 --path /svc-hooks > webhooks.jsonl',
    'svc webhooks listen --no-confirm --port 0        # prints the chosen port on stderr',
  ]);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(Opts, cmd);
  const confirm = o.confirm ? await confirmer(deps) : undefined;
  const out = listenOutput(deps);
  let listener;
  try {
    listener = await startListener({
      stateDir: deps.stateDir(), host: o.host, port: o.port, path: o.path, events: o.events,
      forwardTo: o.forwardTo, exec: o.exec, confirm, env: deps.env, log: out.log,
    });
  } catch (err) {
    await out.done(0);
    throw listenError(err, o.host, o.port);
  }
  const l = listener;
  try {
    // Anyone who can reach the port can POST; without confirmation nothing tells a forged
    // notification from a real one (A11: no signature is sent).
    if (!o.confirm && !LOOPBACK.includes(o.host) && !deps.io.quiet) {
      warn(deps.io, `listening on ${o.host} with --no-confirm: notifications are handed on unchecked`);
    }
    await out.started({ url: l.url, mode: describeMode(o), resumed: l.resumed });
    const tick = setInterval(() => out.setPending(l.pendingCount()), 1000);
    await new Promise<void>((resolve) => {
      if (deps.signal.aborted) return resolve();
      deps.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    clearInterval(tick);
    out.stopping();
  } finally {
    await l.close();
  }
  await out.done(l.pendingCount());
  return 0;
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

/** spec 6.2.5 needs the seller's v2 key; say how to do without before opening the port. */
async function confirmer(deps: Deps): Promise<Confirmer> {
  const skip = 'or pass --no-confirm to hand notifications on unconfirmed';
  try {
    const client = await deps.client();
    if (!client.hasKey('v2')) throw new NeedsV2KeyError('confirming order events with GET /api/v2/orders/:id (spec 6.2.5)');
    return apiConfirmer(client);
  } catch (err) {
    if (err instanceof SvcError) err.hint = err.hint ? `${err.hint}; ${skip}` : skip;
    throw err;
  }
}

function describeMode(o: z.infer<typeof Opts>): string {
  const parts = [o.confirm ? 'confirming order events' : 'not confirming'];
  if (o.events) parts.push(`events ${[...o.events].join(',')}`);
  if (o.forwardTo) parts.push(`forward to ${displayUrl(o.forwardTo)}`);
  if (o.exec) parts.push('exec handler');
  if (!o.forwardTo && !o.exec) parts.push('log only');
  return parts.join(' · ');
}

function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new SvcError(`port ${port} on ${host} is already in use`, 'pick another with --port, or --port 0 for a free one');
  if (code === 'EACCES') return new SvcError(`not allowed to listen on ${host}:${port}`, 'use a port above 1023');
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new SvcError(`cannot listen on ${host}: no such local address`, 'use --host 127.0.0.1, or 0.0.0.0 for every interface');
  return err;
}
