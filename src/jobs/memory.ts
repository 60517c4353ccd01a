// Large chunks (2000 credentials of up to 5000 characters: ~10 MB, held as bytes, strings, JSON
// and the request buffer) become garbage that V8 collects late: without help, peak memory grows
// with the number of chunks (bench/stock-memory). A full collection between chunks keeps the
// peak at about one chunk's worth, whatever the file size.
import vm from 'node:vm';
import { setV8Flag } from './v8-flags.js';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    setV8Flag('--expose-gc', 'gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * Keep V8's young generation at the size it has now. V8 doubles it (up to 2 x 16 MB) when
 * enough objects survive its minor collections, and a streamed import of 10,000 credentials
 * (strings of up to 5000 characters, each short-lived) makes it grow once or twice where an
 * import of 1,000 does not: the whole difference in peak memory between the two once each
 * chunk is encoded into a reused buffer (bench/stock-memory: 105 -> 93 MB on 50 MB, ratio
 * 1.27 -> 1.11). The cost is more minor collections of a small space, which is cheap for
 * objects that die young. V8 reads this flag each time it would grow the space.
 */
let held = false;
export function holdYoungGeneration(): void {
  if (held) return;
  held = true;
  setV8Flag('--semi-space-growth-factor=1', 'young');
}
