// Reading a key: from stdin when piped (`echo $KEY | svc auth login`), else a hidden prompt.
// Keys are never taken as a command-line argument (cli-spec 1).
import { UsageError } from '../../api/errors.js';
import type { IO } from '../../output/io.js';

export async function readSecret(io: IO, prompt: string, signal: AbortSignal): Promise<string> {
  if (!io.stdinIsTTY) {
    const chunks: Buffer[] = [];
    for await (const c of io.stdin) chunks.push(Buffer.from(c as Buffer));
    const text = Buffer.concat(chunks).toString('utf8').trim();
    if (!text) throw new UsageError('no key on stdin', 'pipe the key in: printf %s "$KEY" | svc auth login');
    return text.split(/\r?\n/)[0]!.trim();
  }
  const { createInterface } = await import('node:readline/promises');
  const out = io.stderr as NodeJS.WritableStream & { write(s: string): boolean };
  let muted = false;
  // Echo nothing while the key is typed: the prompt goes out, the keystrokes do not.
  const sink = new (await import('node:stream')).Writable({
    write(chunk, _enc, cb) {
      if (!muted) out.write(chunk.toString());
      cb();
    },
  });
  const rl = createInterface({ input: io.stdin, output: sink, terminal: true });
  try {
    const answerP = rl.question(prompt, { signal });
    muted = true;
    const answer = await answerP;
    out.write('\n');
    return answer.trim();
  } finally {
    rl.close();
  }
}
