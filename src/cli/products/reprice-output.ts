// The repricing plan as rows: the columns of every -o format, and the prices file
// the run hands to the bulk-price engine.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Column } from '../../output/columns.js';
import { formatBp } from '../../pricing/arith.js';
import type { PlanRow } from '../../pricing/plan.js';

export const planColumns: Column<PlanRow>[] = [
  { header: 'id', value: 'id', kind: 'number' },
  { header: 'variant', value: 'variant', kind: 'number' },
  { header: 'title', value: 'title', max: 24, drop: 2 },
  { header: 'current', value: 'current', kind: 'cents' },
  { header: 'new', value: 'new', kind: 'cents' },
  { header: 'floor', value: 'floor', kind: 'cents' },
  { header: 'cost', value: 'cost', kind: 'cents' },
  { header: 'margin', value: (r) => (r.marginBp === undefined ? '' : formatBp(r.marginBp)) },
  { header: 'basis', value: 'basis', drop: 1, kind: 'word' },
  { header: 'reason', value: 'reason', max: 70, kind: 'word' },
];

/**
 * The rows to send as a prices CSV (id, variant, price_cents and the plan's figures, never a
 * title: it is buyer-visible text and not needed), in <stateDir>/reprice (0700), named by its
 * content (0600): the same plan is the same file, so the job engine offers to resume it.
 */
export function writePlanFile(stateDir: string, rows: PlanRow[]): { path: string; displayName: string } {
  const lines = ['id,variant,price_cents,current_cents,floor_cents,cost_cents,margin_bp,reason'];
  for (const r of rows)
    lines.push(
      [
        r.id,
        r.variant ?? '',
        r.new,
        r.current,
        r.floor,
        r.cost ?? '',
        r.marginBp ?? '',
        `"${r.reason.replace(/"/g, '""')}"`,
      ].join(','),
    );
  const text = `${lines.join('\n')}\n`;
  const dir = join(stateDir, 'reprice');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `plan-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.csv`;
  const file = join(dir, name);
  if (!existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, file);
  }
  return { path: file, displayName: name };
}
