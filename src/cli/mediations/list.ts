// svc mediations list: GET /api/v2/mediations (A2: status open|closed); --all follows pages.
import type { Command } from 'commander';
import { Option } from 'commander';
import { z } from 'zod';
import { MEDIATION_STATUSES } from '../../api/assumptions.js';
import { Mediation } from '../../api/responses.js';
import { act, examples, parseOpts, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { mediationColumns, type MediationRow } from './columns.js';

const Opts = z.object({
  status: z.enum(MEDIATION_STATUSES).optional(),
  limit: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().optional(),
  all: z.boolean().optional(),
});

export function registerList(mediations: Command, rt: Runtime): void {
  const cmd = mediations.command('list')
    .description('list the mediations opened on your sales (v2)')
    .addOption(new Option('--status <status>', 'only open or only closed mediations').choices([...MEDIATION_STATUSES]))
    .option('--limit <n>', 'at most N mediations (default 20)')
    .option('--page <n>', 'page to start from')
    .option('--all', 'follow every page')
    .action(act(rt, run));
  examples(cmd, ['svc mediations list --status open', 'svc mediations list --all --json']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(Opts, cmd);
  await readList<MediationRow>(deps, (await deps.api()).mediations.list({ status: o.status, page: o.page }), { limit: o.limit, all: o.all }, Mediation, mediationColumns, 'no mediations match'); // issue 14: --all streams page by page
  return 0;
}
