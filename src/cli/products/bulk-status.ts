import { count } from '../../output/plural.js';
import { createHash } from 'node:crypto';
import { CHUNK_SIZE } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import { openInput, startsWithBom } from '../../input/source.js';
import { readStatusFile } from '../../input/statuses.js';
import { ARGS_INPUT_PATH, fingerprintInput, jobSpec, planChunks, type JobInput } from '../../jobs/index.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { runBulkJob, type ChunkSend } from '../shared/job-runner.js';
import { outcomesFromResults } from './item-results.js';
import { refuseBadFile, jobCommand, requireV2 } from '../shared/job-helpers.js';

const options = {
  report: reportOption(),
  resume: resumeOption(),
  strictColumns: flag('--strict-columns', 'refuse columns other than id, active (default: ignored with a note)'),
};

/** An item of a status job: where it sits, and the state it gets. */
interface StatusItem {
  line: number;
  id: number;
  isActive: boolean;
}

const send =
  (deps: Deps): ChunkSend<StatusItem> =>
  async (chunk, send) => {
    const api = await deps.api();
    const res = await send(api.products.bulkStatus(chunk.items.map((r) => ({ id: r.id, isActive: r.isActive }))));
    return {
      items: outcomesFromResults(
        chunk.items.map(({ line, id }) => ({ line, id })),
        res.data,
        'id',
      ),
    };
  };

async function runFile(deps: Deps, opts: OptsOf<typeof options>, args: string[]): Promise<number> {
  const input = await openInput(args[0]!, { signal: deps.signal });
  try {
    const parsed = await readStatusFile(input.path, {
      displayName: input.displayName,
      strictColumns: opts.strictColumns ?? false,
      signal: deps.signal,
    });
    const refused = refuseBadFile(deps, parsed, input.displayName, 'status');
    if (refused !== undefined) return refused;
    await requireV2(deps, 'products bulk-status');
    const spec = jobSpec({
      kind: 'bulk-status',
      command: jobCommand(deps, ['products', 'bulk-status', input.displayName]),
      input: await fingerprintInput(input.path, input.displayName),
      chunks: planChunks(
        [{ route: 'bulkStatus', items: parsed.rows.map(({ line, id, isActive }) => ({ line, id, isActive })) }],
        CHUNK_SIZE.bulk,
      ),
    });
    return await runBulkJob(deps, {
      spec,
      send: send(deps),
      resume: typeof opts.resume === 'string' ? opts.resume : undefined,
      noResume: opts.resume === false,
      report: opts.report
        ? {
            path: opts.report,
            columns: parsed.columns,
            rows: new Map(parsed.rows.map((r) => [r.line, r.raw])),
            style: { delimiter: parsed.delimiter ?? ',', bom: startsWithBom(input.path) },
          }
        : undefined,
      summary: (r) => summary(input.displayName, parsed.rows.length, r.counts, r.requests),
    });
  } finally {
    await input.cleanup();
  }
}

async function runIds(deps: Deps, args: string[], active: boolean): Promise<number> {
  const ids = args.map((a) => {
    if (!/^\d+$/.test(a) || Number(a) <= 0) throw new UsageError(`listing ids are positive whole numbers, got "${a}"`);
    return Number(a);
  });
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) throw new UsageError(`listing ${dup} is given twice`);
  await requireV2(deps, `products ${active ? 'activate' : 'deactivate'}`);
  // Ids from the command line: the "line" of an item is its position (1-based), and the job
  // fingerprint is the list itself, so a re-run of the same command can resume.
  const text = `${active}\n${ids.join('\n')}\n`;
  const input: JobInput = {
    path: ARGS_INPUT_PATH,
    displayName: 'arguments',
    sha256: createHash('sha256').update(text).digest('hex'),
    size: text.length,
  };
  const spec = jobSpec({
    kind: 'bulk-status',
    target: active ? 'activate' : 'deactivate',
    command: jobCommand(deps, ['products', active ? 'activate' : 'deactivate', ...ids.map(String)]),
    input,
    chunks: planChunks(
      [{ route: 'bulkStatus', items: ids.map((id, i) => ({ line: i + 1, id, isActive: active })) }],
      CHUNK_SIZE.bulk,
    ),
  });
  return runBulkJob(deps, {
    spec,
    send: send(deps),
    summary: (r) => summary(count(ids.length, 'listing'), ids.length, r.counts, r.requests),
  });
}

function summary(what: string, n: number, c: Record<string, number>, requests: number): string {
  return `${what}: ${count(n, 'item')}, ${c.ok} applied, ${c.unchanged} unchanged, ${c.failed} refused, ${count(requests, 'request')}`;
}

export const bulkStatusVerb = defineVerb({
  name: 'bulk-status',
  description: 'activate or deactivate many listings from a CSV, 100 per request',
  args: [['<file>', 'status CSV (id, active: true/false/1/0/yes/no); - for stdin']],
  options,
  examples: [
    'svc products bulk-status statuses.csv',
    'svc products bulk-status statuses.csv --report report.csv -o json',
  ],
  run: runFile,
});

/** `products activate ID…` and `products deactivate ID…`. */
const [activateVerb, deactivateVerb] = [true, false].map((active) => {
  const name = active ? 'activate' : 'deactivate';
  return defineVerb({
    name,
    description: `${name} listings (bulk-status, 100 per request)`,
    args: [['<ids...>', 'listing ids']],
    examples: [`svc products ${name} 101 102 103`],
    run: (deps, _o, args) => runIds(deps, args, active),
  });
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [bulkStatusVerb, activateVerb!, deactivateVerb!];
