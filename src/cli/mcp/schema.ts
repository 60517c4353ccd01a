// A tool's input schema, made from its verb's declaration (defineVerb): each option's zod schema
// is the one the CLI parses `--flag` values with, described by the same help line, and each
// argument is a property named after it. One source: a test lists the tools over the protocol
// and compares every schema with the CLI's options (test/e2e/mcp-server.test.ts).
import { z } from 'zod';
import { MCP } from '../../api/assumptions.js';
import type { AnyDefinedVerb, ToolEntry } from './tools.js';

/**
 * Options no tool takes: `--all` (a tool reads one page at a time, within a size cap), and the
 * local files of a job (`--report` would let a model write any file, `--resume` names a journal).
 */
export const NOT_EXPOSED: ReadonlySet<string> = new Set(['all', 'report', 'resume']);

/** An argument's property: `<id>` → id, `<ids...>` → ids (a list), `[ids...]` optional. */
function argProperty(syntax: string): { name: string; many: boolean; required: boolean } {
  const many = syntax.includes('...');
  const name = syntax.replace(/[<>[\].]/g, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return { name, many, required: syntax.startsWith('<') };
}

/** What a price row of a plan is: the columns of a prices CSV (input/prices.ts). */
const PriceRow = z.object({
  id: z.number().int().positive().describe('listing id'),
  price: z.union([z.string(), z.number()]).describe('new price in reais, such as "19.90"'),
  variant: z.number().int().min(0).optional().describe('variant index, for a listing with variants'),
});

function argSchema(entry: ToolEntry, syntax: string, help: string): [string, z.ZodType] {
  if (entry.rows === 'prices' && syntax === '<file>')
    return ['rows', z.array(PriceRow).min(1).max(MCP.maxRows).describe('the prices to set, one row per listing')];
  const a = argProperty(syntax);
  const one = z.coerce.string().min(1);
  const s = a.many ? z.array(one).min(a.required ? 1 : 0) : one;
  return [a.name, (a.required ? s : s.optional()).describe(help)];
}

/** The tool's input: its arguments, then its options with the CLI's schema and help line. */
export function toolShape(verb: AnyDefinedVerb, entry: ToolEntry): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [syntax, help] of verb.args ?? []) {
    const [name, s] = argSchema(entry, syntax, help);
    shape[name] = s;
  }
  for (const [key, decl] of Object.entries(verb.options ?? {})) {
    if (NOT_EXPOSED.has(key)) continue;
    shape[key] = (verb.schema.shape[key] as z.ZodType).describe(decl.description);
  }
  return shape;
}

/** Split a tool call's input into the verb's arguments and its raw options (verb.parse checks them). */
export function splitInput(
  verb: AnyDefinedVerb,
  input: Record<string, unknown>,
): { args: string[]; options: Record<string, unknown>; rows?: unknown[] } {
  const args: string[] = [];
  let rows: unknown[] | undefined;
  for (const [syntax] of verb.args ?? []) {
    const a = argProperty(syntax);
    const v = input[a.name];
    if (syntax === '<file>' && Array.isArray(input.rows)) rows = input.rows;
    else if (Array.isArray(v)) args.push(...v.map(String));
    else if (v !== undefined) args.push(String(v));
  }
  const options = Object.fromEntries(
    Object.entries(input).filter(([k]) => k in (verb.options ?? {}) && !NOT_EXPOSED.has(k)),
  );
  return { args, options, ...(rows ? { rows } : {}) };
}
