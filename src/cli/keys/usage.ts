// svc keys usage ID: GET /api/api-keys/:id/usage, the key's last 100 requests (spec 4.4, 8).
import type { Command } from 'commander';
import { z } from 'zod';
import { NotFoundError } from '../../api/errors.js';
import { KeyUsageEntry } from '../../api/responses.js';
import { act, examples, parseId, parseOpts, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { lenient, printList } from '../shared/read.js';

const Opts = z.object({ limit: z.coerce.number().int().positive().optional() });
type Entry = z.infer<typeof KeyUsageEntry>;

export function registerUsage(keys: Command, rt: Runtime): void {
  const cmd = keys.command('usage')
    .argument('<id>', 'key id (see `svc keys list`)')
    .description("a key's last requests, newest first (needs a v1 key; the service keeps 100)")
    .option('--limit <n>', 'only the newest N')
    .action(act(rt, run));
  examples(cmd, ['svc keys usage 2', 'svc keys usage 2 --limit 10 -o csv']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const id = parseId(cmd.args[0], 'key ID');
  const o = parseOpts(Opts, cmd);
  let data: unknown;
  try {
    data = (await (await deps.client()).request({ route: 'keyUsage', params: { id }, signal: deps.signal })).data;
  } catch (err) {
    if (err instanceof NotFoundError) err.hint = `no key #${id} on this account: see \`svc keys list\``;
    throw err;
  }
  const rows = (Array.isArray(data) ? data : []).map((e) => lenient(deps, KeyUsageEntry, e) as Entry);
  await printList(deps, o.limit ? rows.slice(0, o.limit) : rows, [
    { header: 'at', value: 'at', kind: 'date' }, { header: 'method', value: 'method' },
    { header: 'path', value: 'path', max: 48 }, { header: 'status', value: 'status', kind: 'number' },
  ], 'no requests recorded for this key');
  return 0;
}
