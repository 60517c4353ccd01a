// The process streams and what they are (TTY or not), injectable for tests (style.md: IOStreams).
export interface Writable {
  write(chunk: string): unknown;
}

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: NodeJS.ReadableStream;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Colour on stderr/stdout (NO_COLOR, --no-color, TTY only; cli-spec 1). */
  color: boolean;
  /** Prompts allowed: stdin and stderr are TTYs and CI is not set (cli-spec 1). */
  interactive: boolean;
  quiet: boolean;
  columns: number;
  /** Escapes on stdout (bold table headers): a terminal without NO_COLOR, --no-color, TERM=dumb. */
  colorStdout?: boolean;
  /** The width tables fit into: the terminal's; undefined with --wide, a pipe or a file. */
  tableWidth?: number;
}

export function processIO(
  opts: { noColor?: boolean; quiet?: boolean; wide?: boolean } = {},
  env: NodeJS.ProcessEnv = process.env,
): IO {
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  const noColor = opts.noColor || colourOff(env);
  // process.stdin and process.stderr build their streams on first touch (stdin ~5 ms of fs/net
  // stream modules, stderr 0.6-1 ms on a pipe or a terminal), and a read that succeeds neither
  // reads stdin nor says anything on stderr: each stream is made when first used, and whether it
  // is a terminal is asked of its descriptor when first asked (node:tty loaded then).
  const isatty = (fd: number) => process.getBuiltinModule('node:tty').isatty(fd);
  let stdinIsTTY: boolean | undefined;
  let stderrIsTTY: boolean | undefined;
  const stdinTTY = () => (stdinIsTTY ??= isatty(0));
  const stderrTTY = () => (stderrIsTTY ??= isatty(2));
  return {
    stdout: process.stdout,
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    stdoutIsTTY,
    get stderrIsTTY() {
      return stderrTTY();
    },
    get stdinIsTTY() {
      return stdinTTY();
    },
    get color() {
      return !noColor && stderrTTY();
    },
    get interactive() {
      return stderrTTY() && !env.CI && stdinTTY();
    },
    quiet: Boolean(opts.quiet),
    columns: process.stdout.columns ?? 100,
    colorStdout: !noColor && stdoutIsTTY,
    tableWidth: opts.wide ? undefined : stdoutIsTTY ? process.stdout.columns || 80 : columnsEnv(env),
  };
}

/**
 * No colour asked for: --no-color (by the caller), NO_COLOR (any value), TERM=dumb, and
 * FORCE_COLOR=0/false (the convention chalk and Node's own util.inspect follow; it
 * used to be ignored, so `FORCE_COLOR=0` still painted). Also applied to the Ink UI bundle
 * (src/ui/load.ts), whose chalk reads FORCE_COLOR when it loads.
 */
function colourOff(env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR?.trim().toLowerCase();
  return env.NO_COLOR !== undefined || env.TERM === 'dumb' || force === '0' || force === 'false';
}

/**
 * A live view (Ink progress, the webhook log) redraws with cursor escapes, so it is drawn only on
 * a terminal that takes escapes: NO_COLOR, --no-color and TERM=dumb get plain lines instead, with
 * no escape sequence at all.
 */
export function canDrawLive(io: IO, on: 'stdout' | 'stderr'): boolean {
  return on === 'stderr' ? io.stderrIsTTY && io.color : io.stdoutIsTTY && (io.colorStdout ?? false);
}

/**
 * `-o table` to a pipe or a file: as wide as COLUMNS says when it is set (POSIX; a script or a
 * test asks for an 80-column table that way), else every column whole.
 */
function columnsEnv(env: NodeJS.ProcessEnv): number | undefined {
  const n = Number(env.COLUMNS);
  return Number.isInteger(n) && n >= 20 ? n : undefined;
}
