// Ink's measure of a string, in the terminal table's bundle (dist/table.cjs; the build
// aliases the package `string-width` to this file). The table's layout (src/output/table.ts)
// fitted every line with displayWidth, so Ink measures with the same rule: it never wraps what
// the layout fitted, and a cut line (its …) needs no Unicode segmenter, which string-width runs
// on every line that is not pure ASCII (most of the render's time: docs/PERFORMANCE.md).
import { displayWidth } from '../output/table.js';

// Control sequences: the only ones in a table are the bold header's SGR (text from the service
// is sanitised before it reaches a table, src/output/sanitize.ts).
const CSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;

export default function stringWidth(text: string): number {
  return displayWidth(text.includes('\u001b') ? text.replace(CSI, '') : text);
}
