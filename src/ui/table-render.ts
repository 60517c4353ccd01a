// The terminal table's own entry: only what Ink's renderToString of a table needs
// (React, the reconciler, Yoga, the Table component), bundled apart as dist/table.cjs, a CommonJS
// file that bin/svc.js compiles through its per-Node-line V8 code cache (scripts/build.mjs,
// scripts/shims/ink-table.mjs). The live UI (inbox, progress, the webhook log) stays in
// dist/ui.mjs; a table loads none of it. Pipes, files and -o formats load neither.
import React from 'react';
import { renderToString } from 'ink';
import type { TableLine } from '../output/table.js';
import { Table } from './table.js';

// src/ui/load.ts tells a test-only trace (SVC_TRACE_UI) that Ink was loaded.
(globalThis as { __svcUiLoaded?: boolean }).__svcUiLoaded = true;

/**
 * Yoga's WebAssembly instance: in dist/table.cjs it is made asynchronously after load (no
 * top-level await in CommonJS, scripts/shims/ink-table.mjs); from the sources it is ready.
 */
export const ready: Promise<void> =
  (globalThis as { __svcYogaReady?: Promise<void> }).__svcYogaReady ?? Promise.resolve();

/**
 * A table for a terminal, rendered by Ink once (renderToString: no live instance, no redraw,
 * nothing cleared). The lines are fitted already (src/output/table.ts); Ink gets room for the
 * widest, so it never wraps or cuts them itself.
 */
export function tableString(lines: TableLine[], bold: boolean): string {
  return `${renderToString(React.createElement(Table, { lines, bold }), { columns: roomFor(lines) })}\n`;
}

/**
 * Cells enough for the widest line, without measuring graphemes (that cost more than the render):
 * a UTF-16 unit outside ASCII is counted as two cells, and no character is wider than that.
 */
function roomFor(lines: TableLine[]): number {
  let widest = 1;
  for (const l of lines) {
    const text = l.bold + l.rest;
    let units = text.length;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) units++;
    widest = Math.max(widest, units);
  }
  return widest;
}
