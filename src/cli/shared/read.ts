// The shape every read verb shares: call a route (following pages with --all) and print its
// answer in the chosen format. The answer was checked by the response layer against the route
// table's schema (src/api/answers.ts, routes.ts) before it gets here.
import type { ListCall } from '../../api/resources/index.js';
import { SvcError, UsageError } from '../../api/errors.js';
import { LIMITS } from '../../api/assumptions.js';
import type { Column } from '../../output/columns.js';
import { ListStream } from '../../output/list-stream.js';
import { printRecords } from '../../ui/print.js';
import { warn } from '../../output/reporter.js';
import type { Deps } from './context.js';

export interface ListOptions {
  limit?: number;
  all?: boolean;
  page?: number;
}

function pageLimit(limit: number | undefined): number | undefined {
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a whole number of 1 or more');
  return limit;
}

/**
 * Fetch a list (one page, or every page with --all, joined into ONE array). When the list
 * could not be read to its end for sure (src/api/client.ts `pages`), the rows read
 * are returned, a warning says why, and the command ends with exit 1 (`deps.incomplete`);
 * with `complete: true` (totals, lookups) it fails instead.
 */
export async function fetchList<T>(
  deps: Deps,
  list: ListCall<T>,
  opts: ListOptions & { complete?: boolean },
): Promise<T[]> {
  const want = pageLimit(opts.limit);
  // With --all, ask for the largest pages; a --limit without --all caps the total.
  const perPage = opts.all ? LIMITS.pageSizeMax : Math.min(want ?? LIMITS.pageSizeDefault, LIMITS.pageSizeMax);
  const maxPages = !opts.all && want !== undefined ? Math.ceil(want / perPage) : undefined;
  const out: T[] = [];
  for await (const page of list.pages({
    limit: perPage,
    // pages followed: --all, or a --limit past the largest page (as many as the limit takes)
    all: opts.all || (want !== undefined && want > perPage),
    maxPages,
  })) {
    for (const x of page.items) out.push(x); // each checked by the response layer (answers.ts)
    if (!opts.all && want !== undefined && out.length >= want) break;
    if (page.incomplete) {
      if (opts.complete) throw new IncompleteListError(page.incomplete);
      listIncomplete(deps, page.incomplete);
    }
  }
  return !opts.all && want !== undefined ? out.slice(0, want) : out;
}

/** The list read may not be all of it: a warning now, exit 1 at the end. */
function listIncomplete(deps: Deps, why: string): void {
  warn(deps.io, `${why}; the rows shown may not be all of them`);
  deps.incomplete = why;
}

export class IncompleteListError extends SvcError {
  constructor(why: string) {
    super(
      `${why}; nothing was computed from a partial list`,
      'narrow the list with its filters (--from/--to, …) and run again',
    );
  }
}

/**
 * A list verb's read and print in one: with --all in json, jsonl, csv or tsv, rows are
 * printed page by page as they come (ListStream); otherwise (a table needs every row for its
 * widths, a --limit is small) read, then print. Same guards and warnings as fetchList.
 */
export async function readList<T>(
  deps: Deps,
  list: ListCall<T>,
  opts: ListOptions,
  columns: Column<T>[],
  empty = 'nothing to show',
): Promise<void> {
  const format = deps.format();
  if (!opts.all || format === 'table') {
    await printList(deps, await fetchList<T>(deps, list, opts), columns, empty);
    return;
  }
  const out = new ListStream<T>(deps.io, format, columns);
  for await (const page of list.pages({ limit: LIMITS.pageSizeMax, all: true })) {
    out.write(page.items);
    if (page.incomplete) listIncomplete(deps, page.incomplete);
  }
  out.end();
}

export async function printList<T>(
  deps: Deps,
  rows: T[],
  columns: Column<T>[],
  empty = 'nothing to show',
): Promise<void> {
  await printRecords(deps.io, rows, { format: deps.format(), columns, empty });
}

export async function printOne<T>(deps: Deps, row: T, columns: Column<T>[]): Promise<void> {
  await printRecords(deps.io, row, { format: deps.format(), columns, single: true });
}
