// svc api PATH (like `gh api`): any route of the service with the profile's key and
// base URL, through the one request core (pacing, retries, error mapping, answer checks). A v2
// write carries an Idempotency-Key made before the first attempt (spec 4.1.1), printed with
// --verbose and reusable with --idempotency-key (the service keeps a key 24 h: past that a
// "reused" key is a new operation, spec 4.1.2). No other host: the key never leaves its service.
import { closeSync, constants as fsConstants, openSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../api/assumptions.js';
import { ApiError, InterruptedError, UsageError } from '../../api/errors.js';
import { newIdempotencyKey } from '../../api/idempotency-key.js';
import type { Method } from '../../api/routes.js';
import { note } from '../../output/reporter.js';
import { jsonText } from '../../output/sanitize.js';
import type { Deps } from '../shared/context.js';
import { printRequestPlan } from '../shared/plan.js';
import { choice, defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { API_METHODS, apiPath, checkGivenKey, parseFields, routeFor } from './request-spec.js';

const list = z.array(z.string()).optional();
const options = {
  method: choice('-X, --method <method>', 'HTTP method (default: GET, or POST with -f/-F/--input)', API_METHODS),
  rawField: option('-f, --raw-field <key=value...>', 'a string field of the JSON body (of the query on GET)', list),
  field: option('-F, --field <key=value...>', 'a JSON field: number, true, false, null, object or array', list),
  input: option('--input <file>', 'the JSON body from a file (- for stdin)', z.string().optional()),
  paginate: flag('--paginate', "follow every page of a list: one JSON array of every page's data"),
  idempotencyKey: option(
    '--idempotency-key <key>',
    'reuse the key of an earlier attempt of this v2 write (valid 24 h at the service)',
    z.string().optional(),
  ),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const fields = parseFields(o.rawField, o.field);
  const hasFields = Object.keys(fields).length > 0;
  if (hasFields && o.input !== undefined) throw new UsageError('give the body with -f/-F or with --input, not both');
  const method: Method = o.method ?? (hasFields || o.input !== undefined ? 'POST' : 'GET');
  const session = await deps.session();
  const { route, params, path, query } = routeFor(method, apiPath(args[0]!, session.baseUrl));
  if (o.paginate && method !== 'GET') throw new UsageError('--paginate follows the pages of a GET list');
  const write = Boolean(route.write);
  checkGivenKey(o.idempotencyKey, write);
  const onQuery = method === 'GET' || method === 'DELETE';
  if (onQuery) for (const [k, v] of Object.entries(fields)) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
  const body = onQuery
    ? undefined
    : o.input !== undefined
      ? await readBody(deps, o.input)
      : hasFields
        ? fields
        : undefined;
  // spec 4.1.1: one key per operation, made before the first attempt; every retry reuses it.
  const key = write ? (o.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const shownPath = path + (Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '');
  if (deps.globals.dryRun) {
    const notes = key ? [`${IDEMPOTENCY_HEADER}: ${key}`] : [];
    return printRequestPlan(deps, [{ method, path: shownPath, ...(body !== undefined ? { body } : {}) }], notes);
  }
  if (key && deps.globals.verbose) {
    // The retry is shown as one word: a key may start with '-' (spec 4.1.1 allows it), which
    // commander would read as a flag if the key came as a word of its own.
    note(deps.io, `svc: ${IDEMPOTENCY_HEADER}: ${key} (reuse it as --idempotency-key=${key} to retry this write)`);
  }
  const client = await deps.client();
  if (o.paginate) {
    const all: unknown[] = [];
    for await (const page of client.pagesAny(route, {
      params,
      query,
      all: true,
      limit: 100,
      signal: deps.signal,
    })) {
      if (!Array.isArray(page.items)) throw new UsageError(`${path} is not a list: its data is not an array`);
      all.push(...page.items);
      if (page.incomplete) deps.incomplete = page.incomplete;
    }
    deps.io.stdout.write(`${jsonText(all, 2)}\n`);
    return 0;
  }
  const res = await client
    .requestAny(route, { params, query, body, idempotencyKey: key, signal: deps.signal })
    .catch((err: unknown) => {
      // A key the seller gave back with another request: their mistake to fix, not a bug of svc.
      if (o.idempotencyKey && err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_REUSED') {
        err.hint = 'a retry with --idempotency-key must send the same method, path and body as the first attempt';
      }
      throw err;
    });
  deps.io.stdout.write(`${jsonText(res.body, 2)}\n`);
  return 0;
}

/** --input FILE or - (stdin): JSON, checked before anything is sent (rule 4: exit 2). */
async function readBody(deps: Deps, file: string): Promise<unknown> {
  let text: string;
  try {
    // A named pipe with no writer blocks open() in libuv's pool, where no signal reaches it: the
    // read is raced against Ctrl-C/SIGTERM, and the process exits without waiting for it.
    text = await untilAborted(
      file === '-' ? readStdin(deps.io.stdin) : readFile(file, { encoding: 'utf8', signal: deps.signal }),
      deps.signal,
      () => file !== '-' && releaseFifo(file),
    );
  } catch (err) {
    if (deps.signal.aborted) throw new InterruptedError('interrupted');
    throw new UsageError(`${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    return JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (err) {
    // V8's own wording is English: say where, in svc's words
    const at = /position (\d+)/.exec((err as Error).message);
    const before = at ? text.slice(0, Number(at[1])).split('\n') : [''];
    const where = { file: file === '-' ? 'stdin' : file, line: before.length, column: before.at(-1)!.length + 1 };
    // printError says it in the run's language (the catalogue's `{file}:{line}: not JSON…`)
    throw new UsageError(
      at ? `${where.file}:${where.line}: not JSON (column ${where.column})` : `${where.file}:${where.line}: not JSON`,
    );
  }
}

function untilAborted<T>(p: Promise<T>, signal: AbortSignal, onAbort0: () => void): Promise<T> {
  if (signal.aborted) return Promise.reject(new InterruptedError('interrupted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      onAbort0();
      reject(new InterruptedError('interrupted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The process cannot exit while a pool thread waits in open() for a writer (exit joins the pool):
 * open the pipe's other end without blocking and close it, so that open() returns and reads EOF.
 */
function releaseFifo(file: string): void {
  try {
    if (!statSync(file).isFIFO()) return;
    closeSync(openSync(file, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK));
  } catch {
    /* no reader waiting any more (ENXIO), or gone: nothing holds the exit */
  }
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stdin) {
    const b = Buffer.isBuffer(c) ? c : Buffer.from(String(c));
    size += b.length;
    if (size > 8 * 1024 * 1024) throw new UsageError('stdin: a body over 8 MB');
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const apiVerb = defineVerb({
  name: 'api',
  description: "call any route of the service with the profile's key (prints the JSON answer)",
  args: [['<path>', 'a path under /api/v2, /api/v1 or /api/api-keys (or a URL of the same service)']],
  options,
  helpAfter: `
A v2 write (POST, PATCH, DELETE under /api/v2) carries an Idempotency-Key made before the first
attempt; --verbose prints it, --idempotency-key sends it again (the service keeps it 24 h).
Pacing, retries and exit codes are those of every other command; --jq filters the answer.`,
  examples: [
    'svc api /api/v2/me',
    'svc api /api/v2/products --paginate --jq \'.[] | select(.status == "em_analise") | .id\'',
    'svc api -X PATCH /api/v2/products/101 -F price=1990 --verbose',
    'svc api -X PATCH /api/v2/products/101 --input body.json --idempotency-key=K6xk2Yb0nQ4mQ1sW9aT0cE',
  ],
  run,
});

/** What the group's loader takes (src/cli/program.ts). */
export const verbs = [apiVerb];
