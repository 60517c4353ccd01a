// What each kind of tool does when called, without the protocol (server.ts wires these to the
// SDK): a read runs its verb; a write tool runs its verb's --dry-run and stores the plan; apply_plan
// runs a stored plan's verb once, through the job engine (the verb's own bulk job, with its
// journaled idempotency keys). Every call is budgeted and logged (call-log.ts).
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS, MCP } from '../../api/assumptions.js';
import { nowIso } from '../../api/clock.js';
import { UsageError } from '../../api/errors.js';
import type { Transport } from '../../api/transport.js';
import { ensurePrivateDir } from '../../config/paths.js';
import { printError } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { appendCall, budgetLeft, lastSyncAt, type Budget } from './call-log.js';
import { bufferIO, invoke, type Invocation } from './invoke.js';
import { appliedResult, claimPlan, loadPlan, PlanRefusedError, recordApplied, savePlan } from './plans.js';
import { countingTransport, requestsOfCall, type CountedCall } from './request-count.js';
import { cleanValue, outcomeOf, type ToolOutcome } from './results.js';
import { splitInput } from './schema.js';
import { loadVerb, toolName, TOOLS, type AnyDefinedVerb, type ToolEntry, type WriteKind } from './tools.js';

export interface ServerContext {
  deps: Deps;
  stateDir: string;
  budget: Budget;
  allowed: ReadonlySet<WriteKind>;
  /** The keys of the session, masked wherever they might appear. */
  secrets: readonly (string | undefined)[];
  transport: Transport;
}

type Input = Record<string, unknown>;

/** Price rows as the CSV the verb reads (every cell quoted: a value cannot add a row or a column). */
function writeRowsFile(stateDir: string, rows: unknown[]): string {
  const cell = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const lines = (rows as Input[]).map((r) => [r.id, r.price, r.variant].map(cell).join(','));
  const text = `id,price,variant\n${lines.join('\n')}\n`;
  const dir = join(stateDir, 'mcp', 'inputs');
  ensurePrivateDir(dir);
  const file = join(dir, `prices-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.csv`);
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}

async function runVerb(
  ctx: ServerContext,
  verb: AnyDefinedVerb,
  input: Input,
  dryRun: boolean,
): Promise<{ inv: Invocation; counted: CountedCall }> {
  const { left, window } = budgetLeft(ctx.stateDir, ctx.budget);
  const counted = countingTransport(ctx.transport, left, window);
  const { args, options, rows } = splitInput(verb, input);
  const file = rows ? writeRowsFile(ctx.stateDir, rows) : undefined;
  if (file) args.unshift(file);
  const inv = await invoke(ctx.deps, verb, { args, options, dryRun, transport: counted.transport });
  // The rows file is svc's own: its path on the seller's disk is nothing the model needs.
  if (!file) return { inv, counted };
  const hide = (s: string) => s.split(file).join('rows');
  return { inv: { ...inv, stdout: hide(inv.stdout), stderr: hide(inv.stderr) }, counted };
}

/** Log the call (0600, with what it cost) and hand its outcome on. */
function logged(ctx: ServerContext, tool: string, input: Input, out: ToolOutcome, counted?: CountedCall): ToolOutcome {
  appendCall(ctx.stateDir, {
    at: nowIso(),
    tool,
    args: cleanValue(input, ctx.secrets),
    resultBytes: Buffer.byteLength(out.text),
    requests: counted ? requestsOfCall(tool, counted).requests : 0,
    ok: !out.isError,
  });
  return out;
}

/** A call refused before anything ran, said as the CLI says errors. */
function refusal(ctx: ServerContext, tool: string, input: Input, err: unknown): ToolOutcome {
  const buf = bufferIO();
  const code = printError(buf.io, err);
  return logged(ctx, tool, input, outcomeOf(tool, { code, stdout: '', stderr: buf.err() }, 0, ctx.secrets));
}

export async function callRead(ctx: ServerContext, entry: ToolEntry, verb: AnyDefinedVerb, input: Input) {
  const tool = toolName(entry);
  const limit = Number(input.limit ?? 0);
  if (limit > MCP.pageMax)
    return refusal(ctx, tool, input, new UsageError(`limit is at most ${MCP.pageMax}`, 'read the next page with page'));
  const fresh = entry.mirror && input.offline === undefined ? freshMirror(ctx) : undefined;
  const run = fresh ? { ...input, offline: true } : input;
  const { inv, counted } = await runVerb(ctx, verb, run, false);
  const extra = { ...pageHint(verb, input, inv), ...(fresh ? { fromMirror: { syncedAt: fresh } } : {}) };
  return logged(ctx, tool, input, outcomeOf(tool, inv, counted.count(), ctx.secrets, extra), counted);
}

/** The orders mirror was synced by a call of this assistant moments ago: read it as it is. */
function freshMirror(ctx: ServerContext): string | undefined {
  const tools = TOOLS.filter((e) => e.mirror).map(toolName);
  return lastSyncAt(ctx.stateDir, tools, MCP.mirrorFreshMs);
}

/** A full page may have a next one: say which (A2 pages from 1), so the model reads on page by page. */
function pageHint(verb: AnyDefinedVerb, input: Input, inv: Invocation): Input {
  if (!verb.options || !('page' in verb.options) || inv.code !== 0) return {};
  let rows: unknown;
  try {
    rows = JSON.parse(inv.stdout);
  } catch {
    return {};
  }
  const size = Number(input.limit ?? LIMITS.pageSizeDefault);
  if (!Array.isArray(rows) || rows.length < size) return {};
  return { nextPage: Number(input.page ?? 1) + 1 };
}

export async function callPlan(ctx: ServerContext, entry: ToolEntry, verb: AnyDefinedVerb, input: Input) {
  const tool = toolName(entry);
  const { inv, counted } = await runVerb(ctx, verb, input, true);
  const out = outcomeOf(tool, inv, counted.count(), ctx.secrets);
  if (inv.code !== 0 || out.content.data === undefined) return logged(ctx, tool, input, out, counted);
  const planId = savePlan(ctx.stateDir, tool, input, out.content.data);
  const { expiresAt } = loadPlan(ctx.stateDir, planId);
  const planned = outcomeOf(tool, inv, counted.count(), ctx.secrets, {
    planId,
    expiresAt,
    ...(Array.isArray(input.rows) ? { changes: input.rows } : {}),
    next: 'nothing was sent; show this plan to the seller, and only on their yes call apply_plan with planId',
  });
  return logged(ctx, tool, input, planned, counted);
}

export async function callApply(ctx: ServerContext, input: Input) {
  const id = String(input.planId ?? '');
  try {
    const plan = loadPlan(ctx.stateDir, id);
    const entry = TOOLS.find((e) => toolName(e) === plan.tool);
    if (!entry || entry.kind === 'read' || !ctx.allowed.has(entry.kind))
      throw new PlanRefusedError(`plan ${id} is a write this server does not allow`, 'see `svc mcp --allow-writes`');
    if (!claimPlan(ctx.stateDir, id)) {
      const inv = { code: 0, stdout: JSON.stringify(appliedResult(ctx.stateDir, id)), stderr: '' };
      return logged(ctx, 'apply_plan', input, outcomeOf('apply_plan', inv, 0, ctx.secrets, { alreadyApplied: true }));
    }
    const { inv, counted } = await runVerb(ctx, await loadVerb(entry), plan.input, false);
    const out = outcomeOf('apply_plan', inv, counted.count(), ctx.secrets, { planId: id, tool: plan.tool });
    recordApplied(ctx.stateDir, id, out.content);
    return logged(ctx, 'apply_plan', input, out, counted);
  } catch (err) {
    return refusal(ctx, 'apply_plan', input, err);
  }
}
