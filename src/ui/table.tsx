// A table on a terminal (issue 28): the lines src/output/table.ts laid out (widths, cuts with …,
// money aligned), rendered by Ink once into a string; nothing is redrawn, the scrollback stays.
// Ink gets room for every line, so it never wraps one; no wrap="truncate-end" (cli-truncate on
// every line tripled the render time). An empty line is a space: Ink gives an empty <Text> no line at all (Ink trims it back off).
import { Box, Text } from 'ink';
import type { TableLine } from '../output/table.js';

export function Table({ lines, bold }: { lines: TableLine[]; bold: boolean }) {
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
        <Text key={i}>
          {l.bold !== '' && <Text bold={bold}>{l.bold}</Text>}
          {l.rest === '' && l.bold === '' ? ' ' : l.rest}
        </Text>
      ))}
    </Box>
  );
}
