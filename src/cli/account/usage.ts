import { timeToIso } from '../../api/times.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';

async function run(deps: Deps): Promise<number> {
  const res = await (await deps.api()).account.usage();
  const usage = res.data;
  const format = deps.format();
  if (format === 'json' || format === 'jsonl') {
    await printRecords(deps.io, res.data, { format, columns: [] });
    return 0;
  }
  const rows = (['minute', 'day'] as const).flatMap((w) =>
    usage[w] ? [{ window: w, ...usage[w], resetAt: timeToIso(usage[w].reset) }] : [],
  );
  await printRecords(deps.io, rows, {
    format,
    columns: [
      { header: 'window', value: 'window' },
      { header: 'limit', value: 'limit', kind: 'number' },
      { header: 'remaining', value: 'remaining', kind: 'number' },
      { header: 'resets', value: 'resetAt', kind: 'date' },
    ],
  });
  return 0;
}

export const usageVerb = defineVerb({
  name: 'usage',
  description: 'requests used and left in this minute and this day',
  examples: ['svc usage', 'svc usage -o json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [usageVerb];
