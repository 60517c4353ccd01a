// svc mcp: svc for AI assistants, a Model Context Protocol server on stdio. Reads freely; writes
// only as plan → apply_plan, and only the kinds the seller names. The server itself (and the
// SDK) loads only when this command runs.
import { z } from 'zod';
import { MCP } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { WRITE_KINDS, type WriteKind } from './tools.js';

const options = {
  allowWrites: option(
    '--allow-writes <kinds>',
    `let the assistant plan these writes, comma-separated: ${WRITE_KINDS.join(', ')} (sent only by apply_plan)`,
    z.string().optional(),
  ),
  allowFullKey: flag('--allow-full-key', 'run with a key that can do everything (a v1 key, or every v2 scope)'),
  budgetHour: option(
    '--budget-hour <n>',
    `the most requests the assistant may send in an hour (default ${MCP.budgetPerHour})`,
    z.coerce.number().int().positive().optional(),
  ),
  budgetDay: option(
    '--budget-day <n>',
    `the most requests the assistant may send in a day (default ${MCP.budgetPerDay})`,
    z.coerce.number().int().positive().optional(),
  ),
};

/** Words a person types, quoted as values in a sentence: `"prices", "status"`. */
const quoted = (words: readonly string[]) => words.map((w) => JSON.stringify(w)).join(', ');

/** `--allow-writes prices,status` → the kinds; an unknown kind is a usage error (exit 2). */
function writeKinds(raw: string | undefined): Set<WriteKind> {
  const words = (raw ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const bad = words.filter((w) => !(WRITE_KINDS as readonly string[]).includes(w));
  if (bad.length > 0)
    throw new UsageError(`--allow-writes: unknown kind ${quoted(bad)}`, `kinds: ${quoted(WRITE_KINDS)}`);
  return new Set(words as WriteKind[]);
}

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const allowed = writeKinds(o.allowWrites);
  const { serveMcp } = await import('./server.js');
  return serveMcp(deps, {
    allowed,
    allowFullKey: o.allowFullKey ?? false,
    budget: { perHour: o.budgetHour ?? MCP.budgetPerHour, perDay: o.budgetDay ?? MCP.budgetPerDay },
  });
}

export const mcpVerb = defineVerb({
  name: 'mcp',
  description: 'serve svc to an AI assistant (Model Context Protocol on stdio): reads, and writes only as plans',
  options,
  examples: [
    'svc mcp                                   # reads only',
    'svc mcp --allow-writes prices --budget-hour 100',
    'svc --profile assistant mcp --allow-writes prices,status',
  ],
  run,
});

/** What the command table loads (src/cli/shared/verbs.ts). */
export const verbs = [mcpVerb];
