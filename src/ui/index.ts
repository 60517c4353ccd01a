// The small public UI API (style.md, Shopify CLI): commands never import Ink; they call these.
// This module is the only entry into src/ui/, and is bundled apart (dist/ui.mjs) so that
// --version, --help, --json and piped output never load Ink or React.
import React from 'react';
import { render } from 'ink';
import type { IO } from '../output/io.js';
import type { TableModel } from '../output/format.js';
import { Table } from './table.js';

/** Render a table once to the terminal, then let go of it. */
export async function renderTable(io: IO, model: TableModel): Promise<void> {
  const instance = render(React.createElement(Table, { model }), {
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  instance.unmount();
  await instance.waitUntilExit();
}
