// The shapes shared by the bulk-job engine and its callers (style "one job engine for every
// bulk write": bulk-price, bulk-status, variants, stock). Nothing here knows about HTTP.

export type JobKind = 'bulk-price' | 'bulk-status' | 'variants' | 'stock';
export const JOB_KINDS: readonly JobKind[] = ['bulk-price', 'bulk-status', 'variants', 'stock'];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Where one input item sits in the input file: enough to report on it (cli-spec 1). */
export interface ItemRef {
  /** Physical line of the input file (header = line 1), cli-spec 3. */
  line: number;
  id?: number;
  variant?: number;
}

/**
 * One request's worth of items. `items` stays in memory (the engine needs it to mark every
 * item of a refused chunk as failed); only index, route, descriptor and the item count are
 * journaled, so the journal never holds input data (cli-spec 4).
 */
export interface ChunkPlan<I extends ItemRef = ItemRef> {
  index: number;
  /** Route name the chunk goes through, e.g. "bulkPrice" or "updateVariants" (src/api/routes.ts). */
  route?: string;
  /** JSON that locates the chunk in the input file, e.g. {lines:[2,101]} or {startOffset,endOffset,sha256}. */
  descriptor: JsonValue;
  /** The items themselves (a caller's rows may carry what it sends, e.g. a price row). */
  items: I[];
}

/** The path of a job whose items came from the command line, not a file (`products activate 1 2`). */
export const ARGS_INPUT_PATH = '(arguments)';

export interface JobInput {
  path: string;
  displayName: string;
  sha256: string;
  size: number;
}

export interface JobSpec<I extends ItemRef = ItemRef> {
  kind: JobKind;
  /** The resume command's base, e.g. "svc products bulk-price prices.csv". */
  command: string;
  /** What the job writes to when the kind alone does not say it, e.g. "listing 123 variant 2". */
  target?: string;
  /**
   * The account the job writes for, as the service names it (svc decision "one identity"), when
   * the command knows it: a job is resumed only by a key of the same account, never because
   * another service (a sandbox, a second account) has a listing of the same id.
   */
  account?: string;
  input: JobInput;
  chunks: ChunkPlan<I>[];
  totalItems: number;
}

export type ItemStatus = 'ok' | 'unchanged' | 'failed' | 'skipped';
export const ITEM_STATUSES: readonly ItemStatus[] = ['ok', 'unchanged', 'failed', 'skipped'];

/** The CLI's per-item outcome of cli-spec 1, whichever route carried the item. */
export interface ItemOutcome {
  line: number;
  id?: number;
  variant?: number;
  status: ItemStatus;
  code?: string;
  message?: string;
}

export interface ChunkResult {
  items: ItemOutcome[];
  /** Route-specific counters, e.g. stock {added, duplicates}; summed over the job. */
  summary?: Record<string, number>;
}

/**
 * Sends one chunk with the given idempotency key, retrying inside with that same key
 * (cli-spec 4). Throws the classes of src/api/errors.ts when it gives up.
 */
export type SendChunk<I extends ItemRef = ItemRef> = (
  chunk: ChunkPlan<I>,
  idempotencyKey: string,
  signal: AbortSignal,
) => Promise<ChunkResult>;

export interface JobProgress {
  jobId: string;
  itemsDone: number;
  totalItems: number;
  chunksDone: number;
  chunksTotal: number;
  /** Requests sent by this run. */
  requests: number;
  /** Items failed so far, journaled ones included. */
  failures: number;
  /** Items per second in this run (0 before the first chunk completes). */
  itemsPerSecond: number;
  /** Seconds left at the current pace; undefined until a pace is known. */
  etaSeconds?: number;
}

/** done: every chunk answered; interrupted: stopped by the signal; aborted: stopped by an error. */
export type RunState = 'done' | 'interrupted' | 'aborted';

export interface JobResult {
  jobId: string;
  state: RunState;
  /** Outcomes of every answered item (this run and earlier runs), sorted by line. */
  items: ItemOutcome[];
  counts: Record<ItemStatus, number>;
  /** Sum of the chunks' summaries. */
  summary: Record<string, number>;
  /** Requests (send calls) made by this run. */
  requests: number;
  /** Chunks whose outcomes came from the journal of an earlier run. */
  chunksFromJournal: number;
  /** Indexes of chunks not answered yet (resume sends them). */
  unfinishedChunks: number[];
  /** Set when state is "aborted": the error that stopped the job. */
  error?: unknown;
  /** `<command> --resume <id>` when state is not "done" (cli-spec 1: exit 130 prints it). */
  resumeCommand?: string;
  journalPath: string;
}
