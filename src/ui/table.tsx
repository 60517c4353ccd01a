// A table for a terminal: bold header, right-aligned numbers, cut to the column's max.
import React from 'react';
import { Box, Text } from 'ink';
import { columnWidths, truncate, type TableModel } from '../output/format.js';

export function Table({ model }: { model: TableModel }): React.ReactElement {
  const widths = columnWidths(model);
  const cell = (text: string, i: number) => {
    const t = truncate(text, widths[i]!);
    return model.numeric[i] ? t.padStart(widths[i]!) : t.padEnd(widths[i]!);
  };
  return (
    <Box flexDirection="column">
      {!model.keyValue && (
        <Text bold>{model.headers.map(cell).join('  ').trimEnd()}</Text>
      )}
      {model.rows.map((r, n) => (
        <Text key={n}>
          {model.keyValue ? (
            <>
              <Text bold>{cell(r[0]!, 0)}</Text>
              {'  '}
              {r[1]}
            </>
          ) : (
            r.map(cell).join('  ').trimEnd()
          )}
        </Text>
      ))}
    </Box>
  );
}
