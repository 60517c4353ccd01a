// Free text for a write, given inline or from a file: the answer of `questions answer`
// (--text/--file) and the reason of `reviews contest` (--reason/--reason-file). Exactly one of
// the two, trimmed, never empty; checked before anything is sent.
import { readFileSync } from 'node:fs';
import { UsageError } from '../../api/errors.js';
import type { IO } from '../../output/io.js';

export interface TextFlags {
  /** What the text is, in messages: `answer`, `reason`. */
  what: string;
  text: string;
  file: string;
  /** The file may be `-` for stdin. */
  stdin?: boolean;
  /** Hint when neither or both flags are given. */
  usageHint?: string;
  /** Hint when the text is empty, given the file it came from (if any). */
  emptyHint: (file: string | undefined) => string;
}

export async function textInput(io: IO, given: { text?: string; file?: string }, flags: TextFlags): Promise<string> {
  const { text, file } = given;
  if ((text === undefined) === (file === undefined)) {
    throw new UsageError(
      `give the ${flags.what} with ${flags.text} TEXT or ${flags.file} FILE (one of them)`,
      flags.usageHint,
    );
  }
  const raw = text ?? (flags.stdin && file === '-' ? await readStdin(io) : readFile(file!));
  const value = raw.trim();
  if (!value) throw new UsageError(`the ${flags.what} is empty`, flags.emptyHint(file));
  return value;
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
