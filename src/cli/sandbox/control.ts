// Thin fronts for the sandbox's /_sandbox control routes (not part of the real API):
// simulate a purchase, moderate a listing, Offline Mode, faults.
import type { Command } from 'commander';
import { SvcError, UsageError } from '../../api/errors.js';
import { rawRequest } from '../../api/transport.js';
import { printRecords } from '../../ui/print.js';
import { note, success } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';

async function control(deps: Deps, method: string, path: string, body?: unknown): Promise<unknown> {
  const s = await deps.session();
  const res = await rawRequest(method, `${s.baseUrl.replace(/\/+$/, '')}/_sandbox/${path}`, { body, signal: deps.signal });
  if (res.status === 404 && !res.json) throw new SvcError(`${s.baseUrl} is not a svc sandbox`, 'use --profile sandbox, or start one with `svc sandbox`');
  if (res.status >= 400) {
    const e = res.json as { message?: string; error?: string } | undefined;
    throw new SvcError(`the sandbox refused: ${e?.message ?? e?.error ?? `HTTP ${res.status}`}`);
  }
  return (res.json as { data?: unknown } | undefined)?.data ?? res.json;
}

export async function sell(deps: Deps, cmd: Command): Promise<number> {
  const o = cmd.opts<{ variant?: string; quantity?: string; orders?: string }>();
  const body = {
    productId: parseId(cmd.args[0], 'listing id'),
    ...(o.variant !== undefined ? { variantIndex: Number(o.variant) } : {}),
    ...(o.quantity !== undefined ? { quantity: parseId(o.quantity, '--quantity') } : {}),
  };
  const columns = [{ header: 'order', value: 'id' }, { header: 'code', value: 'orderCode' }, { header: 'status', value: 'status' },
    { header: 'price', value: 'price', kind: 'cents' as const }, { header: 'fee', value: 'fee', kind: 'cents' as const }, { header: 'delivered items', value: 'deliveredItems', kind: 'list' as const }];
  if (o.orders === undefined) {
    const order = await control(deps, 'POST', 'purchase', body);
    await printRecords<Record<string, unknown>>(deps.io, order as Record<string, unknown>, { format: deps.format(), single: true, columns });
    return 0;
  }
  // A burst (issue 17): N sales one after another, as buyers would, until the stock runs out.
  // The sandbox emits product.out_of_stock when the listing holds nothing more (A11).
  const wanted = parseId(o.orders, '--orders');
  const orders: Record<string, unknown>[] = [];
  let stopped: string | undefined;
  for (let i = 0; i < wanted; i++) {
    try {
      orders.push(await control(deps, 'POST', 'purchase', body) as Record<string, unknown>);
    } catch (err) {
      if (orders.length === 0 || !(err instanceof SvcError) || !/in stock/.test(err.message)) throw err;
      stopped = err.message.replace(/^the sandbox refused: /, '');
      break;
    }
  }
  await printRecords<Record<string, unknown>>(deps.io, orders, { format: deps.format(), columns });
  const units = orders.reduce((n, x) => n + (Number(x.quantity) || 1), 0);
  note(deps.io, `${orders.length} of ${wanted} sales made (${units} units)${stopped ? `; stopped: ${stopped}` : ''}`);
  return 0;
}

const ACTIONS = ['approve', 'reject', 'take_down', 'reject_permanently'];
export async function moderate(deps: Deps, cmd: Command): Promise<number> {
  const action = cmd.args[1]!.replace(/-/g, '_');
  if (!ACTIONS.includes(action)) throw new UsageError(`unknown action "${cmd.args[1]}"`, `use one of ${ACTIONS.join(', ')}`);
  await control(deps, 'POST', 'moderate', { productId: parseId(cmd.args[0], 'listing id'), action });
  success(deps.io, `listing ${cmd.args[0]}: ${action}`);
  return 0;
}

export async function offline(deps: Deps, cmd: Command): Promise<number> {
  const state = cmd.args[0];
  if (state !== 'on' && state !== 'off') throw new UsageError('say `on` or `off`');
  await control(deps, 'POST', 'offline', { on: state === 'on' });
  success(deps.io, `Offline Mode ${state}`);
  return 0;
}

export async function fault(deps: Deps, cmd: Command): Promise<number> {
  const o = cmd.opts<{ route?: string; method?: string; path?: string; status?: string; ms?: string; times?: string; body?: string }>();
  const type = cmd.args[0]!;
  if (!['drop-before', 'drop-after', 'delay', 'status'].includes(type)) throw new UsageError(`unknown fault "${type}"`, 'use drop-before, drop-after, delay or status');
  let body: unknown;
  if (o.body) {
    try { body = JSON.parse(o.body); } catch { throw new UsageError('--body must be JSON'); }
  }
  const f = {
    match: { ...(o.route ? { route: o.route } : {}), ...(o.method ? { method: o.method.toUpperCase() } : {}), ...(o.path ? { path: o.path } : {}) },
    fault: { type, ...(o.status ? { status: Number(o.status) } : {}), ...(o.ms ? { ms: Number(o.ms) } : {}), ...(body !== undefined ? { body } : {}) },
    times: o.times ? Number(o.times) : 1,
  };
  await control(deps, 'POST', 'faults', f);
  success(deps.io, `fault queued: ${type} for the next ${f.times} matching request(s)`);
  return 0;
}
