// The text of an answer: --text, or --file (a path, or - for stdin). Checked before sending.
import { readFileSync } from 'node:fs';
import { UsageError } from '../../api/errors.js';
import type { IO } from '../../output/io.js';

export async function answerText(io: IO, text: string | undefined, file: string | undefined): Promise<string> {
  if ((text === undefined) === (file === undefined)) {
    throw new UsageError('give the answer with --text TEXT or --file FILE (one of them)', 'e.g. `svc questions answer 6001 --text "Yes, it is included."`');
  }
  const raw = text ?? (file === '-' ? await readStdin(io) : readFile(file!));
  const answer = raw.replace(/\r\n/g, '\n').trim();
  if (!answer) throw new UsageError('the answer is empty', file ? `write the answer into ${file}` : 'pass some text to --text');
  return answer;
}

function readFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

async function readStdin(io: IO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of io.stdin) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
