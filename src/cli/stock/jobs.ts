// svc stock jobs: interrupted and finished import jobs, with their resume commands.
import { listJobs } from '../../jobs/index.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, type OptsOf } from '../shared/verb.js';

const options = { allKinds: flag('--all-kinds', 'also list bulk-price and bulk-status jobs') };

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const jobs = listJobs(deps.stateDir(), o.allKinds ? {} : { kind: 'stock' });
  const rows = jobs.map((j) => ({
    id: j.id,
    kind: j.kind,
    target: j.target ?? '',
    file: j.input.displayName,
    progress: `${j.itemsDone}/${j.totalItems}`,
    state: j.state,
    created: j.createdAt,
    resume: j.state === 'done' ? '' : (j.resumeCommand ?? ''),
  }));
  const format = deps.format();
  if (format === 'json' || format === 'jsonl') {
    await printRecords(deps.io, jobs, { format, columns: [] });
    return 0;
  }
  await printRecords(deps.io, rows, {
    format,
    empty: 'no jobs yet',
    columns: [
      { header: 'id', value: 'id' },
      { header: 'target', value: 'target', kind: 'word' },
      { header: 'file', value: 'file', max: 30 },
      { header: 'progress', value: 'progress' },
      { header: 'state', value: 'state', kind: 'word' },
      { header: 'created', value: 'created', kind: 'date' },
      { header: 'resume with', value: 'resume' },
    ],
  });
  return 0;
}

export const jobsVerb = defineVerb({
  name: 'jobs',
  description: 'list stock import jobs (interrupted ones with their resume command)',
  options,
  examples: ['svc stock jobs', 'svc stock jobs --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [jobsVerb];
