// A table on a terminal: the lines src/output/table.ts laid out (widths, cuts with …,
// money aligned), rendered by Ink once into a string; nothing is redrawn, the scrollback stays.
// The whole table is one <Text>, its lines joined by newlines, a header or a key in a nested bold
// <Text>: one Yoga node instead of one per line (each node costs dozens of calls into Yoga's
// WebAssembly; a <Text> per line was most of the render, docs/PERFORMANCE.md). Ink gets room for
// every line, so it never wraps one; no wrap="truncate-end" (cli-truncate on every line tripled
// the render time). An empty line between two newlines stays a line (test/ui/table.test.ts).
import type { ReactNode } from 'react';
import { Text } from 'ink';
import type { TableLine } from '../output/table.js';

export function Table({ lines, bold }: { lines: TableLine[]; bold: boolean }) {
  // Plain text between two bold parts is one string: the rows of a table are one React child.
  const parts: ReactNode[] = [];
  let plain = '';
  lines.forEach((l, i) => {
    if (i > 0) plain += '\n';
    if (l.bold !== '') {
      if (plain !== '') parts.push(plain);
      plain = '';
      parts.push(
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
        <Text key={i} bold={bold}>
          {l.bold}
        </Text>,
      );
    }
    plain += l.rest;
  });
  if (plain !== '') parts.push(plain);
  return <Text>{parts}</Text>;
}
