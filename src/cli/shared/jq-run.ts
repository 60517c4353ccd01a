// `--jq EXPR` around a verb, for both ways a command runs (the full CLI and the read lane): the
// verb prints its json into a buffer and jq runs over the whole of it after. jq's module (and
// jq-wasm, in a worker) is loaded only when --jq is given, so a read without it pays nothing.
import type { IO } from '../../output/io.js';

export async function runWithJq(
  io: IO,
  jq: { expr?: string; output?: string; signal?: AbortSignal },
  run: (io: IO) => Promise<number | undefined>,
): Promise<number | undefined> {
  if (jq.expr === undefined) return run(io);
  const { captureForJq, checkJqFormat, printJqRun, startJq } = await import('../../output/jq.js');
  checkJqFormat(jq.output);
  // jq-wasm loads in its worker while the verb makes its requests.
  const filter = startJq(jq.expr, jq.signal);
  try {
    const capture = captureForJq(io);
    const code = await run(capture.io);
    await printJqRun(io, capture.text(), filter);
    return code;
  } finally {
    filter.stop();
  }
}
