// The live log of `svc webhooks listen` on a terminal (issue 7): where it listens, what it does
// with each notification, counters and pending deliveries. A window of the latest lines is
// redrawn in place (bounded memory for a listener that runs for weeks); piped output gets
// JSON lines instead and never loads this.
import type React from 'react';
import { Box, Text } from 'ink';
import { sanitizeInline } from '../output/sanitize.js';
import type { WebhookAction, WebhookLogLine } from '../webhooks/log.js';

export interface WebhookLogState {
  url: string;
  /** e.g. "confirm with GET /api/v2/orders/:id · forward to http://127.0.0.1:3000/hook" */
  mode: string;
  lines: WebhookLogLine[];
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
      <Text>
        <Text bold>listening on {state.url}</Text>
        <Text dimColor> {state.mode}</Text>
      </Text>
      {state.lines.length === 0 ? <Text dimColor>waiting for notifications…</Text> : null}
      {state.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a window of log lines, replaced whole; the position is the identity
        <Line key={`${l.at}-${i}`} line={l} />
      ))}
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
