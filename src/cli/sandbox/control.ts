// Thin fronts for the sandbox's /_sandbox control routes (not part of the real API):
// simulate a purchase, moderate a listing, Offline Mode, faults.
import { z } from 'zod';
import { SvcError, UsageError } from '../../api/errors.js';
import { rawRequest } from '../../api/transport.js';
import { printRecords } from '../../ui/print.js';
import { note, success } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';

async function control(deps: Deps, method: string, path: string, body?: unknown): Promise<unknown> {
  const s = await deps.session();
  const res = await rawRequest(method, `${s.baseUrl.replace(/\/+$/, '')}/_sandbox/${path}`, {
    body,
    signal: deps.signal,
  });
  if (res.status === 404 && !res.json)
    throw new SvcError(`${s.baseUrl} is not a svc sandbox`, 'use --profile sandbox, or start one with `svc sandbox`');
  if (res.status >= 400) {
    const e = res.json as { message?: string; error?: string } | undefined;
    throw new SvcError(`the sandbox refused: ${e?.message ?? e?.error ?? `HTTP ${res.status}`}`);
  }
  return (res.json as { data?: unknown } | undefined)?.data ?? res.json;
}

// The control routes check their own input: the option values are passed on as typed.
const text = () => z.string().optional();

const sellOptions = {
  variant: option('--variant <index>', 'variant index', text()),
  quantity: option('--quantity <n>', 'units', text()),
  orders: option('--orders <n>', 'a burst of N sales, one after another, stopping when the stock runs out', text()),
};

async function sell(deps: Deps, o: OptsOf<typeof sellOptions>, args: string[]): Promise<number> {
  const body = {
    productId: parseId(args[0], 'listing id'),
    ...(o.variant !== undefined ? { variantIndex: Number(o.variant) } : {}),
    ...(o.quantity !== undefined ? { quantity: parseId(o.quantity, '--quantity') } : {}),
  };
  const columns = [
    { header: 'order', value: 'id' },
    { header: 'code', value: 'orderCode' },
    { header: 'status', value: 'status', kind: 'status' as const },
    { header: 'price', value: 'price', kind: 'cents' as const },
    { header: 'fee', value: 'fee', kind: 'cents' as const },
    { header: 'delivered items', value: 'deliveredItems', kind: 'list' as const },
  ];
  if (o.orders === undefined) {
    const order = await control(deps, 'POST', 'purchase', body);
    await printRecords<Record<string, unknown>>(deps.io, order as Record<string, unknown>, {
      format: deps.format(),
      single: true,
      columns,
    });
    return 0;
  }
  // A burst: N sales one after another, as buyers would, until the stock runs out.
  // The sandbox emits product.out_of_stock when the listing holds nothing more (A11).
  const wanted = parseId(o.orders, '--orders');
  const orders: Record<string, unknown>[] = [];
  let stopped: string | undefined;
  for (let i = 0; i < wanted; i++) {
    try {
      orders.push((await control(deps, 'POST', 'purchase', body)) as Record<string, unknown>);
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
/** one spelling on the command line and in every message (`take-down`); `take_down` is the wire's. */
const spoken = (action: string) => action.replace(/_/g, '-');
/** What a moderation did, said as its outcome (the success line is a sentence, not the verb typed). */
const MODERATED: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  take_down: 'taken down',
  reject_permanently: 'rejected permanently',
};
async function offline(deps: Deps, _o: object, args: string[]): Promise<number> {
  const state = args[0];
  if (state !== 'on' && state !== 'off') throw new UsageError('say `on` or `off`');
  await control(deps, 'POST', 'offline', { on: state === 'on' });
  success(deps.io, `Offline Mode ${state}`);
  return 0;
}

const faultOptions = {
  route: option('--route <name>', 'route name, e.g. bulkPrice, addStock', text()),
  method: option('--method <m>', 'HTTP method', text()),
  path: option('--path <text>', 'path contains', text()),
  status: option('--status <code>', 'status to answer (type status)', text()),
  body: option('--body <json>', 'body to answer (type status)', text()),
  ms: option('--ms <n>', 'delay (type delay)', text()),
  times: option('--times <n>', 'how many requests', text(), { default: '1' }),
};

async function fault(deps: Deps, o: OptsOf<typeof faultOptions>, args: string[]): Promise<number> {
  const type = args[0]!;
  if (!['drop-before', 'drop-after', 'delay', 'status'].includes(type))
    throw new UsageError(`unknown fault "${type}"`, 'use drop-before, drop-after, delay or status');
  let body: unknown;
  if (o.body) {
    try {
      body = JSON.parse(o.body);
    } catch {
      throw new UsageError('--body must be JSON');
    }
  }
  const f = {
    match: {
      ...(o.route ? { route: o.route } : {}),
      ...(o.method ? { method: o.method.toUpperCase() } : {}),
      ...(o.path ? { path: o.path } : {}),
    },
    fault: {
      type,
      ...(o.status ? { status: Number(o.status) } : {}),
      ...(o.ms ? { ms: Number(o.ms) } : {}),
      ...(body !== undefined ? { body } : {}),
    },
    times: o.times ? Number(o.times) : 1,
  };
  await control(deps, 'POST', 'faults', f);
  success(deps.io, `fault queued: ${type} for the next ${f.times} matching request(s)`);
  return 0;
}

export const sellVerb = defineVerb({
  name: 'sell',
  description: 'simulate a purchase (auto-delivery consumes credentials, webhooks fire)',
  args: [['<listing>', 'listing id']],
  options: sellOptions,
  examples: [
    'svc --profile sandbox sandbox sell 109 --variant 0',
    'svc --profile sandbox sandbox sell 102 --orders 50   # drain a listing',
  ],
  run: sell,
});

export const moderateVerb = defineVerb({
  name: 'moderate',
  description: 'moderate a listing as the platform would',
  args: [
    ['<listing>', 'listing id'],
    ['<action>', 'approve|reject|take-down|reject-permanently'],
  ],
  examples: ['svc --profile sandbox sandbox moderate 104 approve'],
  async run(deps, _o, args) {
    const action = args[1]!.replace(/-/g, '_');
    if (!ACTIONS.includes(action))
      throw new UsageError(
        `unknown action "${args[1]}"`,
        `use one of ${ACTIONS.map((a) => `"${spoken(a)}"`).join(', ')}`,
      );
    await control(deps, 'POST', 'moderate', { productId: parseId(args[0], 'listing id'), action });
    success(deps.io, `listing ${args[0]}: ${MODERATED[action] ?? spoken(action)}`);
    return 0;
  },
});

export const offlineVerb = defineVerb({
  name: 'offline',
  description: 'turn Offline Mode on or off',
  args: [['<on|off>', 'state']],
  examples: ['svc --profile sandbox sandbox offline on'],
  run: offline,
});

export const faultVerb = defineVerb({
  name: 'fault',
  description: 'make the next matching request fail (for trying retries and resume)',
  args: [['<type>', 'drop-before|drop-after|delay|status']],
  options: faultOptions,
  examples: [
    'svc --profile sandbox sandbox fault drop-after --route bulkPrice',
    'svc --profile sandbox sandbox fault status --route addStock --status 503 --body \'{"code":"IDEMPOTENCY_UNAVAILABLE"}\'',
  ],
  run: fault,
});
