// Reviews and contestations (spec 2.4, 4.2, A4, A14).
import { ERROR_CODES } from '../../api/assumptions.js';
import { ContestReview } from '../../api/requests.js';
import { SandboxError, notFound, v2Data } from '../envelope.js';
import { nextId, type Contestation, type Review } from '../state.js';
import { numericId, paginate, parseBody } from '../validate.js';
import type { Handler, RouteHandlers } from './context.js';

const reviewView = ({ sellerId: _s, ...r }: Review) => r;
const contestationView = ({ sellerId: _s, ...c }: Contestation) => c;

const listReviews: Handler = (ctx) => {
  const own = ctx.data.reviews.filter((r) => r.sellerId === ctx.account.id);
  const { items, pagination } = paginate(own, ctx.query);
  return v2Data(items.map(reviewView), { pagination });
};

const reviewStats: Handler = (ctx) => {
  const own = ctx.data.reviews.filter((r) => r.sellerId === ctx.account.id);
  const distribution: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of own) distribution[String(r.rating)] = (distribution[String(r.rating)] ?? 0) + 1;
  const sum = own.reduce((n, r) => n + r.rating, 0);
  const average = own.length === 0 ? 0 : Math.round((sum / own.length) * 100) / 100;
  return v2Data({ count: own.length, average, distribution });
};

/** spec 2.4: `orderId` is accepted and ignored; the contestation takes the review's order. */
const contestReview: Handler = (ctx) => {
  const { reason } = parseBody(ContestReview, ctx.body);
  const id = numericId(ctx.params.reviewId);
  const review = ctx.data.reviews.find((r) => r.id === id && r.sellerId === ctx.account.id);
  if (!review) throw notFound('review'); // spec 4.2: missing or another seller's
  if (review.contested) throw new SandboxError(409, ERROR_CODES.ALREADY_CONTESTED, 'this review is already contested');
  const c: Contestation = {
    id: nextId(ctx.data, 'contestation'),
    sellerId: ctx.account.id,
    reviewId: review.id,
    orderId: review.orderId,
    reason,
    status: 'pending',
    createdAt: ctx.nowIso,
  };
  review.contested = true;
  ctx.data.contestations.push(c);
  return v2Data(contestationView(c), { status: 201 }); // A5
};

const listContestations: Handler = (ctx) => {
  const own = ctx.data.contestations.filter((c) => c.sellerId === ctx.account.id);
  const { items, pagination } = paginate(own, ctx.query);
  return v2Data(items.map(contestationView), { pagination });
};

export const reviewHandlers = { listReviews, reviewStats, contestReview, listContestations } satisfies RouteHandlers;
