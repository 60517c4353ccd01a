// Following the pages of a list (cli-spec 1 `--all`) with guards that hold whatever the server
// claims (A1 paging). The request core (client.ts) sends each page; this decides when to stop
// and what to say when the list could not be read to its end for sure.
import { LIMITS, MAX_LIST_PAGES } from './assumptions.js';
import { SvcError } from './errors.js';
import type { Pagination } from './responses.js';

export type PagingOptions = { limit?: number; all?: boolean; maxPages?: number };

export interface ListPage<T> {
  items: T[];
  pagination?: Pagination;
  /** Why the list may go on beyond this, the last page read. */
  incomplete?: string;
}

type Query = Record<string, string | number | boolean | undefined>;
/** One page's answer, as the request core returns it. */
type PageAnswer = { data: unknown; pagination?: Pagination };

/**
 * Stop on an empty page or a short one (the last page of A1 paging), never read more than
 * `maxPages` (MAX_LIST_PAGES unless the caller derived fewer from `--limit`), and say so
 * (`incomplete` on the last page yielded) when the list could not be read to its end for sure:
 * a full page without `pagination`, a short page before the claimed last one, the page cap
 * reached. An answer that claims more pages than the cap at once fails before reading them
 * (TooManyPagesError). `where` names the list in those messages.
 */
export async function* followPages(
  send: (query: Query) => Promise<PageAnswer>,
  where: () => string,
  opts: PagingOptions & { query?: Query },
): AsyncGenerator<ListPage<unknown>> {
  const first = Number(opts.query?.page ?? 1);
  const perPage = Number(opts.limit ?? opts.query?.limit ?? LIMITS.pageSizeDefault);
  const maxPages = Math.max(1, Math.min(opts.maxPages ?? MAX_LIST_PAGES, MAX_LIST_PAGES));
  for (let page = first, read = 1; ; page++, read++) {
    const res = await send({ ...opts.query, page, limit: opts.limit ?? opts.query?.limit });
    const items = res.data as unknown[]; // an array: checked by the response layer (answers.ts)
    const p = res.pagination ?? undefined; // `"pagination": null` is no pagination
    if (!opts.all) {
      yield { items, pagination: p };
      return;
    }
    // A server that pages by less than asked (its own maximum) says so in `limit`.
    const size = p && p.limit > 0 && p.limit < perPage ? p.limit : perPage;
    const { last, incomplete } = judgePage({ page, read, items: items.length, size, p, maxPages, where: where() });
    yield incomplete ? { items, pagination: p, incomplete } : { items, pagination: p };
    if (last) return;
    // The first page is the plan: a list that claims more pages than the cap is refused before
    // reading them (a caller looking for one row, like the catalog lookup, may stop at page 1).
    // (A cap the caller derived from --limit is its own stop, not a list too long.)
    if (read === 1 && opts.maxPages === undefined && p && p.totalPages - first + 1 > maxPages)
      throw new TooManyPagesError(where(), p, maxPages, size);
  }
}

interface PageSeen {
  page: number;
  read: number;
  items: number;
  size: number;
  p: Pagination | undefined;
  maxPages: number;
  where: string;
}

/** Whether this page is the last one read, and why the list may go on beyond it. */
function judgePage({ page, read, items, size, p, maxPages, where }: PageSeen): { last: boolean; incomplete?: string } {
  const last = items === 0 || items < size || (p !== undefined && page >= p.totalPages);
  if (items > 0 && items < size && p && page < p.totalPages) {
    return {
      last,
      incomplete: `page ${page} of ${where} held ${items} rows of the ${size} asked for, but the service says there are ${p.totalPages} pages; svc stopped there`,
    };
  }
  if (!last && !p) {
    return {
      last: true,
      incomplete: `${where} answered a full page ${page} without pagination (A1): svc cannot tell whether more pages exist and stopped there`,
    };
  }
  if (!last && read >= maxPages) {
    return {
      last: true,
      incomplete: `svc read ${read} pages of ${where} (its cap, MAX_LIST_PAGES) and the service says there are ${p?.totalPages}; the rest was not read`,
    };
  }
  return { last };
}

/** `--all` on a list longer than svc reads (MAX_LIST_PAGES): fails before paging. */
class TooManyPagesError extends SvcError {
  constructor(where: string, p: Pagination, maxPages: number, perPage: number) {
    super(
      `the service says ${where} has ${p.totalPages} pages (${p.total} rows); --all reads at most ${maxPages} pages (${maxPages * perPage} rows)`,
      'narrow the list with its filters (--status, --from/--to, …) or read part of it with --limit / --page',
    );
  }
}
