// svc usage: the account's windows as the service counts them (GET /usage, spec 8), and beside
// them what svc spent today from this state folder, by feature (the usage ledger,
// src/state/usage-ledger.ts), so the seller sees what eats the day's 5,000.
import { nowMs } from '../../api/clock.js';
import { timeToIso } from '../../api/times.js';
import { utcDay, UsageLedger } from '../../state/usage-ledger.js';
import { t } from '../../i18n/index.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';

async function run(deps: Deps): Promise<number> {
  const res = await (await deps.api()).account.usage();
  const usage = res.data;
  const ledger = UsageLedger.of(deps.stateDir());
  if (usage.day) ledger.noteAccountDay(usage.day);
  const left = ledger.accountLeft();
  const day = utcDay(nowMs());
  const features = Object.entries(ledger.read().days[day] ?? {}).sort((a, b) => b[1] - a[1]);
  const format = deps.format();
  if (format === 'json' || format === 'jsonl') {
    const svc = { day, requests: left.countedToday, byFeature: Object.fromEntries(features) };
    await printRecords(deps.io, { ...res.data, svc }, { format, columns: [] });
    return 0;
  }
  const rows = (['minute', 'day'] as const).flatMap((w) =>
    usage[w] ? [{ window: w, ...usage[w], resetAt: timeToIso(usage[w].reset) }] : [],
  );
  await printRecords(deps.io, rows, {
    format,
    columns: [
      { header: 'window', value: 'window', kind: 'status' },
      { header: 'limit', value: 'limit', kind: 'number' },
      { header: 'remaining', value: 'remaining', kind: 'number' },
      { header: 'resets', value: 'resetAt', kind: 'date' },
    ],
  });
  if (format !== 'table') return 0;
  deps.io.stdout.write(`\n${t('requests svc made today (UTC {day}), by feature:', { day })}\n`);
  await printRecords(
    deps.io,
    features.map(([feature, requests]) => ({ feature, requests })),
    {
      format,
      empty: 'none yet',
      columns: [
        { header: 'feature', value: 'feature' },
        { header: 'requests', value: 'requests', kind: 'number' },
      ],
    },
  );
  return 0;
}

export const usageVerb = defineVerb({
  name: 'usage',
  description: "requests used and left in this minute and this day, and today's requests of svc by feature",
  examples: ['svc usage', 'svc usage -o json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [usageVerb];
