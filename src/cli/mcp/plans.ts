// Write plans of `svc mcp`: a write tool only plans (the command's --dry-run: the requests, the
// items, the share of the quota) and stores the plan under an id that is the hash of its content;
// only `apply_plan(id)` runs it, once. A plan is a file (0600) so that two servers on one state
// folder agree: claiming it is creating its `.applied` file exclusively, which only one can do.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP } from '../../api/assumptions.js';
import { nowIso, nowMs } from '../../api/clock.js';
import { SvcError } from '../../api/errors.js';
import { ensurePrivateDir } from '../../config/paths.js';

export interface Plan {
  tool: string;
  /** The tool's input, as given. */
  input: Record<string, unknown>;
  /** What the command's --dry-run printed (its json). */
  plan: unknown;
  createdAt: string;
  expiresAt: string;
  /** Makes two plans of the same input two plans (each applied at most once). */
  nonce: string;
}

export class PlanRefusedError extends SvcError {}

const ID = /^[0-9a-f]{32}$/;

function plansDir(stateDir: string): string {
  return join(stateDir, 'mcp', 'plans');
}

/** The id of a plan: the hash of its whole content, so a plan changed in any way is another plan. */
function planId(p: Plan): string {
  return createHash('sha256').update(JSON.stringify(p)).digest('hex').slice(0, 32);
}

export function savePlan(stateDir: string, tool: string, input: Record<string, unknown>, plan: unknown): string {
  const now = nowMs();
  const p: Plan = {
    tool,
    input,
    plan,
    createdAt: nowIso(),
    expiresAt: new Date(now + MCP.planTtlMs).toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
  const id = planId(p);
  const dir = plansDir(stateDir);
  ensurePrivateDir(dir);
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(p), { mode: 0o600, flag: 'wx' });
  return id;
}

/** The plan of `id`, refused when unknown, altered or expired. */
export function loadPlan(stateDir: string, id: string): Plan {
  if (!ID.test(id)) throw new PlanRefusedError(`no plan "${id.slice(0, 40)}"`, 'make a plan with a write tool first');
  let p: Plan;
  try {
    p = JSON.parse(readFileSync(join(plansDir(stateDir), `${id}.json`), 'utf8')) as Plan;
  } catch {
    throw new PlanRefusedError(`no plan "${id}"`, 'make a plan with a write tool first');
  }
  if (planId(p) !== id) throw new PlanRefusedError(`plan ${id} was altered: nothing was sent`, 'make a new plan');
  if (nowMs() > Date.parse(p.expiresAt))
    throw new PlanRefusedError(`plan ${id} expired at ${p.expiresAt}: nothing was sent`, 'make a new plan');
  return p;
}

/** Claim a plan for applying: true once, false for every later claim (here or in another server). */
export function claimPlan(stateDir: string, id: string): boolean {
  try {
    closeSync(openSync(join(plansDir(stateDir), `${id}.applied`), 'wx', 0o600));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** What applying the plan gave, kept for a later apply of the same plan to show. */
export function recordApplied(stateDir: string, id: string, result: unknown): void {
  writeFileSync(join(plansDir(stateDir), `${id}.applied`), JSON.stringify(result), { mode: 0o600 });
}

export function appliedResult(stateDir: string, id: string): unknown {
  const text = readFileSync(join(plansDir(stateDir), `${id}.applied`), 'utf8');
  return text ? JSON.parse(text) : { note: 'being applied, or interrupted while applying (see `svc stock jobs`)' };
}
