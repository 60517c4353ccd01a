// Mediations (spec 4.2, A2, A4): read only, keyed by order id.
import { MEDIATION_STATUSES } from '../../api/assumptions.js';
import { notFound, v2Data } from '../envelope.js';
import type { Mediation } from '../state.js';
import { enumParam, numericId, paginate } from '../validate.js';
import type { Handler, RouteHandlers } from './context.js';

const view = ({ sellerId: _s, ...m }: Mediation) => m;

const listMediations: Handler = (ctx) => {
  const status = enumParam(ctx.query, 'status', MEDIATION_STATUSES);
  const own = ctx.data.mediations.filter((m) => m.sellerId === ctx.account.id && (!status || m.status === status));
  const { items, pagination } = paginate(own, ctx.query);
  return v2Data(items.map(view), { pagination });
};

const getMediation: Handler = (ctx) => {
  const id = numericId(ctx.params.orderId);
  const m = ctx.data.mediations.find((x) => x.orderId === id && x.sellerId === ctx.account.id);
  if (!m) throw notFound('mediation');
  return v2Data(view(m));
};

export const mediationHandlers = { listMediations, getMediation } satisfies RouteHandlers;
