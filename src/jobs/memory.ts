// Large chunks (2000 credentials of up to 5000 characters: ~10 MB, held as bytes, strings, JSON
// and the request buffer) become garbage that V8 collects late: without help, peak memory grows
// with the number of chunks (bench/stock-memory). A full collection between chunks keeps the
// peak at about one chunk's worth, whatever the file size.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
