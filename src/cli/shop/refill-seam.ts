// The refill seam (SEAMS.md "Pools and refill"): "refill listing L (variant V) from pool P to
// target T" as a function, by running what `svc stock refill` runs today (its verb's run, with
// its output captured as JSON lines), so the shop's refills are the same exact, journaled,
// ledgered refills, and helper 22's restructuring of refill.ts changes nothing here as long as
// the verb keeps its record. At merge: if refill.ts exports a function, call it here instead.
import { SvcError } from '../../api/errors.js';
import { EXIT } from '../../api/errors.js';
import type { ShopRule } from '../../shop/config.js';
import type { RefillReport } from '../../shop/types.js';
import type { Deps } from '../shared/context.js';

export async function refillRule(deps: Deps, rule: ShopRule, mode: 'send' | 'plan'): Promise<RefillReport> {
  const { refillVerb } = await import('../stock/refill.js');
  const out: string[] = [];
  const err: string[] = [];
  const sub: Deps = {
    ...deps,
    io: {
      ...deps.io,
      stdout: { write: (s: string) => out.push(String(s)) },
      stderr: { write: (s: string) => err.push(String(s)) },
      stdoutIsTTY: false,
      stderrIsTTY: false,
      interactive: false,
    },
    globals: { ...deps.globals, dryRun: mode === 'plan', output: 'jsonl', json: false },
    format: () => 'jsonl',
  };
  const opts = {
    pool: rule.pool,
    target: rule.target,
    ...(rule.format ? { format: rule.format } : {}),
    ...(rule.separator ? { separator: rule.separator } : {}),
  };
  let code: number;
  try {
    code = (await refillVerb.run(sub, opts as Parameters<typeof refillVerb.run>[1], [rule.key])) ?? 0;
  } catch (e) {
    const se = e instanceof SvcError ? e : undefined;
    return {
      held: 0,
      sent: 0,
      inStock: 0,
      poolLeft: 0,
      code: (e as { code?: string }).code ?? (se ? se.constructor.name.replace(/Error$/, '').toUpperCase() : 'FAILED'),
      message: [(e as Error).message, se?.hint].filter(Boolean).join('; '),
      exit: se?.exitCode ?? EXIT.failed,
    };
  }
  const records = out
    .join('')
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, number | undefined>);
  const r = records.at(-1) ?? {};
  if (mode === 'plan') {
    const held = r.held ?? 0;
    const sent = r.wouldSend ?? 0;
    return { held, sent, inStock: held + sent, poolLeft: r.poolLeftAfter ?? 0 };
  }
  const sent = r.sent ?? 0;
  const report: RefillReport = {
    held: r.held ?? (r.inStock ?? 0) - (r.added ?? 0),
    sent,
    inStock: r.inStock ?? r.held ?? 0,
    poolLeft: r.poolLeft ?? 0,
  };
  if (code !== 0) {
    report.exit = code;
    report.code = code === EXIT.refused ? 'REFUSED' : 'FAILED';
    report.message = lastLine(err) ?? `refill exited ${code}`;
  }
  return report;
}

function lastLine(lines: string[]): string | undefined {
  return lines
    .join('')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
}
