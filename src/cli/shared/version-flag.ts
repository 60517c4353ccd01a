// `svc keys create --version v1|v2` and `svc keys rotate --version …` (cli-spec 2) share their
// flag with the program's `-V, --version`, which commander claims wherever it appears on the
// line: `keys create --name ci --version v2` would print svc's version and exit 0, and a
// script would store "0.1.0" as its new key. The program's flag takes no value, so a
// `--version VALUE` after a subcommand is passed on as `--version=VALUE`, a form commander
// leaves to the verb. `svc --version` alone is untouched.
export function verbVersionArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  let sawWord = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    if (a === '--version' && sawWord && next !== undefined && !next.startsWith('-')) {
      out.push(`--version=${next}`);
      i++;
      continue;
    }
    if (!a.startsWith('-')) sawWord = true;
    out.push(a);
  }
  return out;
}
