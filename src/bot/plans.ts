// A write asked from the chat is a plan first: shown with Confirmar / Cancelar buttons, run once
// when confirmed. The plan holds its idempotency key, made when the plan is made (before any
// attempt, rule 6), and its state, saved (0600, fsync'd by rename) before the request goes:
// a button pressed twice, or pressed again after a crash, finds the plan running or done and
// sends nothing. A plan is confirmable for PLAN_TTL_MS; its key is never used past 24 h
// (spec 4.1.2, IDEMPOTENCY_KEY_TRUST_MS), so a plan left running that long is reported, not resent.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDEMPOTENCY_KEY_TRUST_MS, POCKET_SHOP } from '../api/assumptions.js';
import { newIdempotencyKey } from '../api/idempotency-key.js';
import { ensurePrivateDir } from '../config/paths.js';

/** How long a plan's buttons work (a late press asks for the command again). */
const PLAN_TTL_MS = POCKET_SHOP.planTtlMs;
/** Plans kept on file (the newest); older ones are forgotten. */
const KEEP = 200;

export type PlanAction =
  | { kind: 'status'; listing: number; active: boolean }
  | { kind: 'price'; listing: number; cents: number }
  | { kind: 'refill'; listing: number }
  | { kind: 'answer'; question: number; text: string };

export interface Plan {
  id: string;
  action: PlanAction;
  key: string;
  createdAt: number;
  chat: string;
  user: string;
  state: 'pending' | 'running' | 'done' | 'cancelled';
  /** What the seller was told when it ran. */
  result?: string;
}

interface FileShape {
  offset: number;
  plans: Plan[];
}

export type Claim =
  | { go: true; plan: Plan }
  | { go: false; why: 'unknown' | 'expired' | 'running' | 'done' | 'cancelled' | 'key-expired'; plan?: Plan };

export class PlanStore {
  private data: FileShape;

  constructor(private readonly dir: string) {
    this.data = this.read();
  }

  private get file(): string {
    return join(this.dir, 'plans.json');
  }

  private read(): FileShape {
    if (!existsSync(this.file)) return { offset: 0, plans: [] };
    try {
      const v = JSON.parse(readFileSync(this.file, 'utf8')) as FileShape;
      return { offset: Number(v.offset) || 0, plans: Array.isArray(v.plans) ? v.plans : [] };
    } catch {
      return { offset: 0, plans: [] };
    }
  }

  private save(): void {
    ensurePrivateDir(this.dir);
    this.data.plans = this.data.plans.slice(-KEEP);
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.data)}\n`, { mode: 0o600, flush: true });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }

  /** The next getUpdates offset: updates below it were handled (kept across restarts). */
  get offset(): number {
    return this.data.offset;
  }

  setOffset(n: number): void {
    if (n <= this.data.offset) return;
    this.data.offset = n;
    this.save();
  }

  create(action: PlanAction, chat: string, user: string, now: number): Plan {
    const plan: Plan = {
      id: randomBytes(6).toString('hex'),
      action,
      key: newIdempotencyKey(),
      createdAt: now,
      chat,
      user,
      state: 'pending',
    };
    this.data.plans.push(plan);
    this.save();
    return plan;
  }

  /** Take a plan to run: only a pending one inside its time; marked running (saved) before anything is sent. */
  claim(id: string, now: number): Claim {
    const plan = this.data.plans.find((p) => p.id === id);
    if (!plan) return { go: false, why: 'unknown' };
    if (plan.state === 'running')
      return { go: false, why: now - plan.createdAt > IDEMPOTENCY_KEY_TRUST_MS ? 'key-expired' : 'running', plan };
    if (plan.state !== 'pending') return { go: false, why: plan.state, plan };
    if (now - plan.createdAt > PLAN_TTL_MS) return { go: false, why: 'expired', plan };
    plan.state = 'running';
    this.save();
    return { go: true, plan };
  }

  finish(plan: Plan, result: string): void {
    plan.state = 'done';
    plan.result = result;
    this.save();
  }

  /** The request failed before any answer: confirmable again, with the same key. */
  release(plan: Plan): void {
    plan.state = 'pending';
    this.save();
  }

  cancel(id: string): Plan | undefined {
    const plan = this.data.plans.find((p) => p.id === id);
    if (plan?.state !== 'pending') return plan;
    plan.state = 'cancelled';
    this.save();
    return plan;
  }
}
