// Problems found in an input file, as `FILE:LINE: message` (cli-spec 3). Only the first 50
// (by line) are kept in memory; the rest are counted, so a file with a million bad rows
// costs no more memory than one with 51.

/** cli-spec 3: "at most 50, then a count". */
const PROBLEMS_SHOWN = 50;

interface KeptProblem {
  line: number;
  seq: number;
  text: string;
}

export class ProblemList {
  private readonly kept: KeptProblem[] = [];
  private total = 0;
  private seq = 0;

  constructor(
    readonly file: string,
    private readonly keep: number = PROBLEMS_SHOWN,
  ) {}

  /**
   * Records one problem. Kept problems stay sorted by line (stable for one line), so a
   * problem found late (the per-variant total, reported at the first excess line) still
   * shows in its place when it is among the first 50 lines with problems.
   */
  add(line: number, message: string): void {
    this.total += 1;
    const entry: KeptProblem = { line, seq: this.seq++, text: `${this.file}:${line}: ${message}` };
    const last = this.kept[this.kept.length - 1];
    if (this.kept.length < this.keep && (!last || last.line <= line)) {
      this.kept.push(entry);
      return;
    }
    if (this.kept.length >= this.keep && last && last.line <= line) return; // counted only
    let at = this.kept.length;
    while (at > 0 && this.kept[at - 1]!.line > line) at -= 1;
    this.kept.splice(at, 0, entry);
    if (this.kept.length > this.keep) this.kept.pop();
  }

  get count(): number {
    return this.total;
  }

  get messages(): string[] {
    return this.kept.map((p) => p.text);
  }
}

/** The first 50 problems, one per line, then `… and N more problems` (cli-spec 3). */
export function formatProblems(problems: readonly string[], problemCount: number): string {
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  const more = Math.max(0, problemCount - shown.length);
  const lines = [...shown];
  if (more > 0) lines.push(`… and ${more} more ${more === 1 ? 'problem' : 'problems'}`);
  return lines.join('\n');
}

/**
 * Text of a NON-secret file (prices, statuses) fit for a terminal: control characters
 * replaced, cut to 40 characters. Never call this on anything read from a credentials file.
 */
export function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/** A value of a non-secret file, quoted for a message. */
export function quoteValue(value: string): string {
  return JSON.stringify(printable(value));
}
