// svc sandbox: start the local emulator (cli-spec 5) on 127.0.0.1, print its URL and keys,
// write a `sandbox` profile, and run until Ctrl-C.
import { z } from 'zod';
import { SvcError, UsageError } from '../../api/errors.js';
import { success } from '../../output/reporter.js';
import { t } from '../../i18n/index.js';
import type { RateLimits } from '../../sandbox/rate-limit.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { faultVerb, moderateVerb, offlineVerb, sellVerb } from './control.js';

const options = {
  port: option('--port <n>', 'port; 0 picks a free one', z.coerce.number().int().min(0).max(65535), {
    default: '4010',
  }),
  host: option('--host <host>', 'loopback address to listen on', z.string(), { default: '127.0.0.1' }),
  data: option('--data <file>', 'keep the state in FILE across restarts', z.string().optional()),
  timeScale: option(
    '--time-scale <x>',
    'speed of time for rate windows and webhook retries (0.01 = 100x faster)',
    z.coerce.number().positive().max(1000),
    { default: '1' },
  ),
  webhook: option(
    '--webhook <url...>',
    'deliver webhook events to URL (up to 5)',
    z.array(z.url()).max(5, 'at most 5 webhooks (spec 6)').optional(),
  ),
  rateLimit: option(
    '--rate-limit <n>',
    "v2 requests per minute (default 60; v1 gets half); the day limits stay the spec's (5000 v2, 3000 v1)",
    z.coerce.number().int().positive().optional(),
  ),
  seed: option('--no-seed', 'start empty, without the demo data', z.boolean()),
  save: option('--no-save', 'do not write the `sandbox` profile', z.boolean()),
};

/**
 * spec 8: `--rate-limit` is the minute window; the day limits stay the spec's (v2 5000 per
 * account, v1 3000), the RateLimiter's defaults, whatever the minute (they were 100x
 * and 50x the minute, 6000/3000 at the default 60).
 */
export function sandboxRateLimits(perMinute: number | undefined): Partial<RateLimits> | undefined {
  return perMinute ? { v2PerMinute: perMinute, v1PerMinute: Math.max(1, Math.floor(perMinute / 2)) } : undefined;
}

async function runSandbox(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  if (!['127.0.0.1', 'localhost', '::1'].includes(o.host)) {
    throw new UsageError('the sandbox listens on the loopback interface only', 'use --host 127.0.0.1 (the default)');
  }
  const { startSandbox } = await import('../../sandbox/index.js');
  const rateLimit = sandboxRateLimits(o.rateLimit);
  const sb = await startSandbox({
    host: o.host,
    port: o.port,
    dataFile: o.data,
    timeScale: o.timeScale,
    webhooks: o.webhook,
    rateLimit,
    seed: o.seed,
    log: deps.globals.verbose ? (line) => deps.io.stderr.write(`${line}\n`) : undefined,
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      throw new SvcError(
        `port ${o.port} on ${o.host} is already in use`,
        'pick another with --port N, or --port 0 for a free one',
      );
    if (err.code === 'EACCES')
      throw new SvcError(`not allowed to listen on port ${o.port}`, 'use a port above 1024, or --port 0');
    throw err;
  });
  if (o.save) {
    // The emulator's keys are printed below and change with every start: they stay in the
    // config file rather than fill the OS keyring (src/config/key-store.ts).
    await (await deps.profiles()).update('sandbox', (p) => ({ ...p, baseUrl: sb.url }));
    const keys = await deps.keys();
    for (const version of ['v1', 'v2'] as const)
      await keys.write('sandbox', version, sb.keys[version], { fileOnly: 'sandbox keys' });
  }
  // These keys belong to the local emulator only; printing them is the point (cli-spec 5).
  if (deps.format() === 'json' || deps.format() === 'jsonl') {
    deps.io.stdout.write(
      `${JSON.stringify({ url: sb.url, v1Key: sb.keys.v1, v2Key: sb.keys.v2, profile: o.save ? 'sandbox' : null })}\n`,
    );
  } else {
    deps.io.stdout.write(`sandbox: ${sb.url}\nv1 key:  ${sb.keys.v1}\nv2 key:  ${sb.keys.v2}\n`);
  }
  if (o.save) success(deps.io, 'profile "sandbox" written: try `svc --profile sandbox products list`');
  deps.io.stderr.write(`${t('press Ctrl-C to stop')}\n`);
  await new Promise<void>((resolve) => {
    if (deps.signal.aborted) resolve();
    deps.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sb.close();
  deps.io.stderr.write(`${t('sandbox stopped')}\n`);
  return 0;
}

export const sandboxVerb = defineVerb({
  name: 'sandbox',
  description: 'start a local emulator of the whole service on 127.0.0.1 (no key needed)',
  options,
  examples: [
    'svc sandbox',
    'svc sandbox --port 0 --json            # prints {"url", "v1Key", "v2Key"} for scripts',
    'svc sandbox --data sandbox.json --webhook http://127.0.0.1:8787/',
  ],
  subcommands: [sellVerb, moderateVerb, offlineVerb, faultVerb],
  run: runSandbox,
});
