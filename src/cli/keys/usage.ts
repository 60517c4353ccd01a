// svc keys usage ID: GET /api/api-keys/:id/usage, the key's last 100 requests (spec 4.4, 8).
import { z } from 'zod';
import { NotFoundError } from '../../api/errors.js';
import type { KeyUsageEntry } from '../../api/responses.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { printList } from '../shared/read.js';

type Entry = z.infer<typeof KeyUsageEntry>;
const options = { limit: option('--limit <n>', 'only the newest N', z.coerce.number().int().positive().optional()) };

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const id = parseId(args[0], 'key ID');
  let data: Entry[];
  try {
    data = (await (await deps.api()).keys.usage(id)).data;
  } catch (err) {
    if (err instanceof NotFoundError) err.hint = `no key #${id} on this account: see \`svc keys list\``;
    throw err;
  }
  const rows = newestFirst(data);
  await printList(
    deps,
    o.limit ? rows.slice(0, o.limit) : rows,
    [
      { header: 'at', value: 'at', kind: 'date' },
      { header: 'method', value: 'method' },
      { header: 'path', value: 'path', max: 48 },
      { header: 'status', value: 'status', kind: 'number' },
    ],
    'no requests recorded for this key',
  );
  return 0;
}

/**
 * spec 4.4 does not say in which order the service lists a key's requests: sorted here by `at`,
 * newest first, so `--limit N` keeps the newest N whatever the server's order.
 * Entries without a readable time go last, in the order they came.
 */
function newestFirst(entries: Entry[]): Entry[] {
  const time = (e: Entry) => {
    const t = e.at ? Date.parse(e.at) : Number.NaN;
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  return entries
    .map((e, i) => ({ e, i, t: time(e) }))
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .map((x) => x.e);
}

export const usageVerb = defineVerb({
  name: 'usage',
  description: "a key's last requests, newest first (needs a v1 key; the service keeps 100)",
  args: [['<id>', 'key id (see `svc keys list`)']],
  options,
  examples: ['svc keys usage 2', 'svc keys usage 2 --limit 10 -o csv'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [usageVerb];
