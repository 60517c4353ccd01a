import { printRecords } from '../../ui/print.js';
import { count as plural } from '../../output/plural.js';
import { localDecimal, t } from '../../i18n/index.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';

const RATINGS = ['5', '4', '3', '2', '1'] as const;
const BAR = 30;

async function run(deps: Deps): Promise<number> {
  const res = await (await deps.api()).reviews.stats();
  const stats = res.data;
  const format = deps.format();
  const dist = stats.distribution ?? {};
  if (format === 'json' || format === 'jsonl') {
    await printRecords(deps.io, res.data, { format, columns: [] });
    return 0;
  }
  if (format === 'csv' || format === 'tsv') {
    // One row, one column per rating, for a spreadsheet.
    const row = {
      count: stats.count,
      average: stats.average,
      ...Object.fromEntries(RATINGS.map((r) => [`r${r}`, dist[r] ?? 0])),
    };
    await printRecords(deps.io, [row], {
      format,
      columns: [
        { header: 'count', value: 'count' },
        { header: 'average', value: 'average' },
        ...RATINGS.map((r) => ({ header: `rating_${r}`, value: `r${r}` as keyof typeof row })),
      ],
    });
    return 0;
  }
  const count = stats.count ?? 0;
  deps.io.stdout.write(
    `${t('{reviews}, average {average} of 5', { reviews: plural(count, 'review'), average: localDecimal((stats.average ?? 0).toFixed(2)) })}\n\n`,
  );
  const most = Math.max(1, ...RATINGS.map((r) => dist[r] ?? 0));
  const rows = RATINGS.map((r) => ({
    rating: `${r} ★`,
    count: dist[r] ?? 0,
    bar: '█'.repeat(Math.round(((dist[r] ?? 0) / most) * BAR)),
  }));
  await printRecords(deps.io, rows, {
    format,
    columns: [
      { header: 'rating', value: 'rating' },
      { header: 'count', value: 'count', kind: 'number' },
      { header: '', value: 'bar' },
    ],
  });
  return 0;
}

export const statsVerb = defineVerb({
  name: 'stats',
  description: 'number of reviews, average rating and how many of each rating (v2)',
  examples: ['svc reviews stats', 'svc reviews stats --json | jq .average'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [statsVerb];
