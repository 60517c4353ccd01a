// What the listener reports, one line per thing it did (event, order id, action taken,
// ms). The same lines feed the Ink log on a terminal and JSON lines on stdout otherwise.
export type WebhookAction =
  | 'received' // recorded and answered 2xx
  | 'duplicate' // answered 2xx, already seen (spec 6.2.4): not handed on again
  | 'ignored' // answered 2xx, not in --events
  | 'rejected' // answered 4xx (not a valid notification)
  | 'confirmed' // GET /api/v2/orders/:id found it (spec 6.2.5)
  | 'dropped' // the order does not exist or is not ours: not handed on
  | 'forwarded' // POSTed to --forward-to, 2xx
  | 'executed' // --exec ran and exited 0
  | 'failed' // a step failed; retried after a backoff
  | 'resumed' // a pending delivery taken up again after a restart
  | 'limited' // a sender over its share of connections or pending posts, once a minute per address
  | 'caught-up' // a sale the listener missed, found in the orders list and handed on
  | 'stuck'; // a paid sale with no delivery after MIRROR.stuckAfterMs

export interface WebhookLogLine {
  at: string;
  action: WebhookAction;
  event?: string;
  orderId?: number;
  /** How long the action took (answer, confirmation, forward, handler). */
  ms?: number;
  /** HTTP status answered (received/duplicate/ignored/rejected) or got (forwarded/failed). */
  status?: number;
  attempt?: number;
  /** Seconds until the next try, for `failed`. */
  retryInS?: number;
  detail?: string;
  /** The sender's address, for `limited`. */
  from?: string;
}

export type LogFn = (line: Omit<WebhookLogLine, 'at'>) => void;

/** Warnings: also on stderr in JSON-lines mode, so they are seen when stdout is piped away. */
export const WARN_ACTIONS: ReadonlySet<WebhookAction> = new Set(['dropped', 'rejected', 'failed', 'limited', 'stuck']);
