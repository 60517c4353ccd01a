// `stock refill --activate --deactivate-when-empty`: the one-listing case of the shop.
// The refill runs unchanged (its record captured), then the listing is switched on or off by the
// shop's own rule (src/shop/plan.ts statusFor) through PATCH bulk-status, and the refill's record
// is printed with `action`, `status` and `code` added. Kept out of refill.ts, which is long enough:
// refill.ts only routes its run through here.
import { EXIT } from '../../api/errors.js';
import { hintFor } from '../../api/hints.js';
import { warn } from '../../output/reporter.js';
import type { ShopRule } from '../../shop/config.js';
import { statusFor } from '../../shop/plan.js';
import { printRecords } from '../../ui/print.js';
import { outcomesFromResults } from '../products/item-results.js';
import type { Deps } from '../shared/context.js';

export interface StatusFlags {
  activate?: boolean;
  deactivateWhenEmpty?: boolean;
}

type Run<O> = (deps: Deps, o: O, args: string[]) => Promise<number>;

export async function refillWithStatus<O extends StatusFlags>(
  deps: Deps,
  o: O,
  args: string[],
  inner: Run<O>,
): Promise<number> {
  if (!o.activate && !o.deactivateWhenEmpty) return inner(deps, o, args);
  const out: string[] = [];
  const sub: Deps = {
    ...deps,
    io: { ...deps.io, stdout: { write: (s: string) => out.push(String(s)) }, stdoutIsTTY: false },
    globals: { ...deps.globals, output: 'jsonl', json: false },
    format: () => 'jsonl',
  };
  const code = await inner(sub, o, args);
  const lines = out
    .join('')
    .split('\n')
    .filter((l) => l.trim().startsWith('{'));
  const rec = (lines.length ? JSON.parse(lines.at(-1)!) : {}) as Record<string, unknown>;
  const dry = deps.globals.dryRun === true;
  let exit = code;
  if (code === 0 || code === EXIT.refused) exit = Math.max(code, await applyStatus(deps, rec, o, dry));
  await printRecords<Record<string, unknown>>(deps.io, rec, {
    format: deps.format(),
    single: true,
    columns: Object.keys(rec).map((k) => ({ header: k, value: k })),
  });
  return exit;
}

async function applyStatus(deps: Deps, rec: Record<string, unknown>, o: StatusFlags, dry: boolean): Promise<number> {
  const n = (k: string) => (typeof rec[k] === 'number' ? (rec[k] as number) : undefined);
  const id = n('listing')!;
  const inStock = dry ? (n('held') ?? 0) + (n('wouldSend') ?? 0) : (n('inStock') ?? n('held') ?? 0);
  const poolLeft = (dry ? n('poolLeftAfter') : n('poolLeft')) ?? 0;
  const api = await deps.api();
  const l = (await api.products.get(id, 'v2')).data;
  const rule = { reactivate: o.activate === true, deactivateWhenEmpty: o.deactivateWhenEmpty === true } as ShopRule;
  const d = statusFor(
    {
      listing: id,
      title: l.title ?? '',
      held: inStock,
      isActive: l.isActive === true,
      status: l.status ?? 'approved',
      pausedByOfflineMode: l.pausedByOfflineMode === true,
    },
    [{ rule, inStock, poolLeft }],
  );
  if (d.blocked) {
    Object.assign(rec, { action: 'activate', status: 'failed', code: d.blocked.code });
    warn(deps.io, `listing ${id} not reactivated (${d.blocked.code}): ${d.blocked.message}`);
    return EXIT.refused;
  }
  if (!d.action) {
    rec.action = null;
    return EXIT.ok;
  }
  rec.action = d.action;
  if (dry) {
    rec.status = 'planned';
    return EXIT.ok;
  }
  const res = await api.products.bulkStatus([{ id, isActive: d.action === 'activate' }]).send();
  const [r] = outcomesFromResults([{ line: 1, id }], res.data, 'id');
  Object.assign(rec, { status: r?.status ?? 'failed', ...(r?.code ? { code: r.code } : {}) });
  if (r?.status === 'failed') {
    warn(deps.io, `listing ${id} not ${d.action}d (${r.code ?? '?'}): ${r.message ?? hintFor(r.code) ?? ''}`);
    return EXIT.refused;
  }
  return EXIT.ok;
}
