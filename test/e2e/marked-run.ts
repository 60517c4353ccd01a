// Every CLI the end-to-end suite runs is a coverage check of the catalogue: unless a test asks
// otherwise, svc runs in the marked mode (SVC_LANG_MARKS=1, src/i18n/marks.ts), each catalogue
// text wrapped in two invisible marks in whatever language the test chose. When the process
// ends, a human line (stderr, and stdout unless the run asked for a machine format) with an
// English word outside the marks fails the test that ran it, naming the command and the line;
// then the marks are removed, so the test reads the very bytes svc prints without the mode.
import type { ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { KNOWN_ESCAPES } from './known-escapes.js';
import { escapes } from './pseudo-check.js';

const MARKS = /[\u206a\u206b]/g;

/** Whether a run's environment has the marked mode (a test of the start-up path sets `0`). */
export function marksOn(env: Record<string, string>): boolean {
  return env.SVC_LANG_MARKS === '1';
}

/** The environment with the marked mode, unless the test set SVC_LANG_MARKS itself. */
export function markedEnv(env: Record<string, string>): Record<string, string> {
  return 'SVC_LANG_MARKS' in env ? env : { ...env, SVC_LANG_MARKS: '1' };
}

/** The output as svc prints it without the mode. */
export function unmark(text: string): string {
  return text.replace(MARKS, '');
}

/**
 * Each line of a text whole: a marked text that a layout wrapped over several lines (a help
 * description) is closed at the end of each line and opened again on the next.
 */
function perLine(text: string): string {
  let depth = 0;
  let out = '';
  for (const c of text) {
    if (c === '\u206a') depth += 1;
    else if (c === '\u206b') depth = Math.max(0, depth - 1);
    out += c === '\n' && depth > 0 ? `${'\u206b'.repeat(depth)}\n${'\u206a'.repeat(depth)}` : c;
  }
  return out;
}

/**
 * Lines no person is meant to read as svc's text: the JSON error of a run that asked for json
 * (spec: machine output), the traces of the test-only variables (SVC_TRACE_UI's `ui loaded`,
 * a test's own probe `READ chunks/x.cjs`, `KEYRING-LOADED`).
 */
function machineLine(line: string): boolean {
  return /^\{"error":/.test(line) || /^ui (not )?loaded$/.test(line) || /^(READ \S+|[A-Z]+-LOADED)$/.test(line);
}

function human(text: string): string {
  return perLine(text)
    .split('\n')
    .filter((l) => !machineLine(l))
    .join('\n');
}

/** The value of `-o`/`--output` in argv, if any. */
function outputFormat(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const m = /^(?:-o|--output)(?:=?(.+))?$/.exec(args[i]!);
    if (m) return m[1] ?? args[i + 1];
  }
  return undefined;
}

/**
 * Whether stdout is a machine format: a format asked for (-o json|jsonl|csv|tsv, --json, --jq),
 * `svc api` (the service's JSON), completion scripts, the MCP server's JSON-RPC, `--version`.
 */
function machineStdout(args: string[]): boolean {
  const verb = args.find((a) => !a.startsWith('-'));
  if (verb === 'api' || verb === 'completion' || verb === '__complete' || verb === 'mcp') return true;
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) return true;
  if (args.some((a) => a === '--json' || a === '--jq' || a.startsWith('--jq='))) return true;
  const format = outputFormat(args);
  return format !== undefined && format !== 'table';
}

/**
 * The escaped lines of one run. Piped, a list with no -o is tab-separated (spec: machine
 * output when not a terminal): its rows, the lines with a tab, are data, not text.
 */
export function runEscapes(args: string[], stdout: string, stderr: string): string[] {
  return allEscapes(args, stdout, stderr).filter((l) => !known(l));
}

function allEscapes(args: string[], stdout: string, stderr: string): string[] {
  if (machineStdout(args)) return escapes('', human(stderr), false);
  const table = outputFormat(args) === 'table';
  const out = table
    ? stdout
    : human(stdout)
        .split('\n')
        .filter((l) => !l.includes('\t'))
        .join('\n');
  return escapes(out, human(stderr), table);
}

/** An escape still in the ledger of known ones (test/e2e/known-escapes.ts), read without marks. */
function known(line: string): boolean {
  const text = unmark(line)
    .replace(/^(stderr|stdout|table): /, '')
    .trim();
  const i = KNOWN_ESCAPES.findIndex((re) => re.test(text));
  // SVC_E2E_ESCAPE_HITS=FILE: which entries a run still needs (the others can go)
  if (i >= 0 && process.env.SVC_E2E_ESCAPE_HITS) appendFileSync(process.env.SVC_E2E_ESCAPE_HITS, `${i}\n`);
  return i >= 0;
}

/** The error a run with escaped lines fails its test with. */
export function escapeError(args: string[], lines: string[]): Error {
  const shown = lines.map((l) => `  ${unmark(l)}`).join('\n');
  return new Error(`svc ${args.join(' ')}: ${lines.length} line(s) escaped the catalogue (not through t()):\n${shown}`);
}

/**
 * The stderr of a long-running process a test spawns itself (`shop run`, `webhooks listen`
 * started by hand), checked as a harness run is: the process runs in the marked mode (`env`),
 * the test reads `text()` without the marks, and the promise `watch()` returns rejects at the
 * process's end with the escaped lines (a resident process is stopped by the test: its whole
 * stderr is known only then). stdout is not read.
 */
export function markedStderr(args: string[], env: Record<string, string>) {
  const runEnv = markedEnv(env);
  let raw = '';
  return {
    env: runEnv,
    text: () => unmark(raw),
    /** Reads the child's stderr; resolves to its exit code, `atClose` run first (a capture). */
    watch(child: ChildProcess, atClose?: () => void): Promise<number | null> {
      // decoded as text: a mark is 3 bytes and may straddle two chunks
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (d: string) => {
        raw += d;
      });
      const exited = new Promise<number | null>((resolve, reject) =>
        child.on('close', (code) => {
          atClose?.();
          const lines = marksOn(runEnv) ? runEscapes(args, '', raw) : [];
          if (lines.length > 0) reject(escapeError(args, lines));
          else resolve(code);
        }),
      );
      exited.catch(() => {}); // reported to the test that awaits it
      return exited;
    },
  };
}
