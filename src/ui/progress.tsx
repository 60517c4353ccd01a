// The bulk-job progress view on a TTY: items done/total as a bar, requests, rate,
// ETA and failures. Redrawn in place by Ink; the last frame stays on screen.
import type React from 'react';
import { Box, Text } from 'ink';

export interface ProgressState {
  title: string;
  itemsDone: number;
  totalItems: number;
  requests: number;
  failures: number;
  itemsPerSecond: number;
  etaSeconds?: number;
  note?: string;
}

const BAR = 30;

export function Progress({ state }: { state: ProgressState }): React.ReactElement {
  const ratio = state.totalItems > 0 ? Math.min(1, state.itemsDone / state.totalItems) : 1;
  const filled = Math.round(ratio * BAR);
  const eta = state.etaSeconds === undefined ? '–' : formatSeconds(state.etaSeconds);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{state.title}</Text> <Text color="green">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR - filled)}</Text> {state.itemsDone}/{state.totalItems} items (
        {Math.round(ratio * 100)}%)
      </Text>
      <Text dimColor>
        {state.requests} requests · {state.itemsPerSecond.toFixed(1)} items/s · ETA {eta}
        {state.failures > 0 ? '' : ' · no failures'}
        {state.failures > 0 ? <Text color="red"> · {state.failures} failed</Text> : null}
      </Text>
      {state.note ? <Text color="yellow">{state.note}</Text> : null}
    </Box>
  );
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '–';
  const r = Math.max(0, Math.round(s));
  return r >= 60 ? `${Math.floor(r / 60)}m${String(r % 60).padStart(2, '0')}s` : `${r}s`;
}
