// The live log of `svc webhooks listen` on a terminal: where it listens, what it does
// with each notification, counters and pending deliveries. Each event line is printed once
// above the live part with Ink's <Static> (every event stays in the scrollback; only
// the header and the counters are redrawn). Lines already printed are not kept (bounded memory
// for a listener that runs for weeks): `lines` holds the ones not printed yet, and `batch`
// changes with each new set, so <Static> starts again on them. Piped output gets JSON lines
// instead and never loads this.
import type React from 'react';
import { Box, Static, Text } from 'ink';
import { sanitizeInline } from '../output/sanitize.js';
import type { WebhookAction, WebhookLogLine } from '../webhooks/log.js';

export interface WebhookLogState {
  url: string;
  /** e.g. "confirm with GET /api/v2/orders/:id · forward to http://127.0.0.1:3000/hook" */
  mode: string;
  /** Lines not printed yet (printed once, then dropped). */
  lines: WebhookLogLine[];
  /** Changes whenever `lines` is a new set to print. */
  batch: number;
  /** Whether any line was printed yet. */
  seen: boolean;
  counts: Partial<Record<WebhookAction, number>>;
  pending: number;
  stopping: boolean;
}

const COLOURS: Partial<Record<WebhookAction, string>> = {
  received: 'cyan',
  forwarded: 'green',
  executed: 'green',
  confirmed: 'blue',
  duplicate: 'gray',
  ignored: 'gray',
  resumed: 'magenta',
  rejected: 'yellow',
  dropped: 'yellow',
  failed: 'red',
};

export function WebhookLog({ state }: { state: WebhookLogState }): React.ReactElement {
  const c = state.counts;
  return (
    <Box flexDirection="column">
      <Static key={state.batch} items={state.lines}>
        {(l, i) => <Line key={`${state.batch}-${i}`} line={l} />}
      </Static>
      <Text>
        <Text bold>listening on {state.url}</Text>
        <Text dimColor> {state.mode}</Text>
      </Text>
      {state.seen ? null : <Text dimColor>waiting for notifications…</Text>}
      <Text dimColor>
        {c.received ?? 0} received · {c.duplicate ?? 0} duplicates · {(c.forwarded ?? 0) + (c.executed ?? 0)} handed on
        · {c.dropped ?? 0} dropped · {c.rejected ?? 0} rejected · {state.pending} pending
        {state.stopping ? ' · stopping…' : ' · Ctrl-C to stop'}
      </Text>
    </Box>
  );
}

function Line({ line }: { line: WebhookLogLine }): React.ReactElement {
  const time = line.at.slice(11, 19);
  const order = line.orderId === undefined ? '' : `#${line.orderId}`;
  const ms = line.ms === undefined ? '' : `${line.ms}ms`;
  const extra = [
    line.status === undefined ? '' : String(line.status),
    line.attempt === undefined ? '' : `attempt ${line.attempt}`,
    line.retryInS === undefined ? '' : `retry in ${line.retryInS}s`,
    line.detail ?? '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{time}</Text>
      {'  '}
      <Text color={COLOURS[line.action]}>{line.action.padEnd(9)}</Text>
      {'  '}
      {sanitizeInline(line.event ?? '-').padEnd(20)}
      {'  '}
      {order.padEnd(8)}
      {'  '}
      <Text dimColor>{ms.padStart(6)}</Text>
      {extra ? (
        <Text dimColor>
          {'  '}
          {sanitizeInline(extra)}
        </Text>
      ) : null}
    </Text>
  );
}
