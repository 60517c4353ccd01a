// --help in the seller's language. The tree's descriptions (commands, options,
// arguments) are translated in place before commander lays them out, so wrapping and columns
// fit the Portuguese text; what commander writes itself (headings) and the texts after the
// options (examples' comments, notes) are translated as they are written (program.ts writeOut).
// English: nothing is touched. bin/svc.js prints the prebuilt dist/help.pt-BR.json the same way.
import type { Argument, Command, Option } from 'commander';
import { t, tExact, translating } from '../../i18n/index.js';

/** Translate every description of the tree, in place. */
export function localiseTree(cmd: Command): void {
  if (!translating()) return;
  const d = cmd.description();
  if (d) cmd.description(tExact(d));
  for (const o of cmd.options) if (o.description) o.description = tExact(o.description);
  for (const a of cmd.registeredArguments) if (a.description) a.description = tExact(a.description);
  // the -h, --help line (commander makes it on demand)
  const help = (cmd as unknown as { _getHelpOption?: () => { description: string } | null })._getHelpOption?.();
  if (help?.description) help.description = tExact(help.description);
  // commander's own `help [command]` of a group (made on demand too)
  const helpCmd = (cmd as unknown as { _getHelpCommand?: () => Command | null })._getHelpCommand?.();
  if (helpCmd?.description()) helpCmd.description(tExact(helpCmd.description()));
  for (const sub of cmd.commands) localiseTree(sub);
}

// commander's own headings and notes, from the catalogue like any text
const HEADINGS: [RegExp, string][] = [
  [/^Usage: /, 'Usage: '],
  [/^Options:$/, 'Options:'],
  [/^Global Options:$/, 'Global Options:'],
  [/^Commands:$/, 'Commands:'],
  [/^Arguments:$/, 'Arguments:'],
  [/^Examples:$/, 'Examples:'],
];

/** A chunk of help output in the run's language. */
export function localiseHelpText(chunk: string): string {
  if (!translating()) return chunk;
  const whole = chunk.trim();
  const hit = whole && tExact(whole);
  if (hit && hit !== whole) return chunk.replace(whole, hit);
  return chunk
    .split(/(\n\n)/)
    .map((par) => {
      const body = par.trim();
      const h = body && tExact(body);
      if (h && h !== body) return par.replace(body, h);
      return par.split('\n').map(localiseLine).join('\n');
    })
    .join('');
}

function localiseLine(line: string): string {
  for (const [re, heading] of HEADINGS) if (re.test(line)) return line.replace(re, tExact(heading));
  const example = /^(\s+\$ .*?\s+#\s+)(.*)$/.exec(line);
  if (example) return example[1]! + tExact(example[2]!);
  const indent = /^\s*/.exec(line)![0];
  const body = line.slice(indent.length);
  const h = tExact(body);
  return h !== body ? indent + h : line;
}

/** commander's error lines (`error: unknown option '--x'`) in the run's language. */
export function localiseCommanderError(text: string): string {
  const quoted = quoteChoices(text);
  return !translating() ? quoted : t(quoted.replace(/\n$/, '')) + (quoted.endsWith('\n') ? '\n' : '');
}

/** `Allowed choices are open, closed.` → `"open", "closed"`: values a person types, as the help shows them. */
function quoteChoices(text: string): string {
  return text.replace(/(Allowed choices are )([^\n]*?)\.(\n|$)/, (_m, lead: string, list: string, end: string) => {
    const words = list.split(', ').map((w) => JSON.stringify(w));
    return `${lead}${words.join(', ')}.${end}`;
  });
}

/**
 * commander's `(choices: …, default: …)` after a description, its two words from the catalogue.
 * Made here, not replaced in the laid-out text: a description may say `(default:` itself.
 */
function withExtras(description: string, choices: readonly string[] | undefined, value: string | undefined): string {
  const extra: string[] = [];
  if (choices) extra.push(`${tExact('choices:')} ${choices.map((c) => JSON.stringify(c)).join(', ')}`);
  if (value !== undefined) extra.push(`${tExact('default:')} ${value}`);
  if (extra.length === 0) return description;
  return description ? `${description} (${extra.join(', ')})` : `(${extra.join(', ')})`;
}

/** An option's help text as commander makes it (same rule for when a default shows). */
export function optionDescription(o: Option): string {
  const shown =
    o.defaultValue !== undefined &&
    (o.required || o.optional || (o.isBoolean() && typeof o.defaultValue === 'boolean'));
  return withExtras(
    o.description,
    o.argChoices,
    shown ? o.defaultValueDescription || JSON.stringify(o.defaultValue) : undefined,
  );
}

/** An argument's help text as commander makes it. */
export function argumentDescription(a: Argument): string {
  const value = a.defaultValue !== undefined ? a.defaultValueDescription || JSON.stringify(a.defaultValue) : undefined;
  return withExtras(a.description, a.argChoices, value);
}
