// The shop's share of the account's day (spec 8: 5,000 v2 requests a day per account, shared by
// v1 and v2 and by every tool of the seller): shop.yaml `budget:` (a share of the day, default
// 20%), and what the resident loop's passes and per-sale work will cost a day at the sales pace
// the orders mirror knows. What repeats is fitted to the budget by stretching `every`, never the
// other way: the seller is told at start, and warned when `every` was stretched.
import { z } from 'zod';
import { LIMITS, SHOP_COSTS, SHOP_DAY } from '../api/assumptions.js';
import { language, localDecimal, t } from '../i18n/index.js';

/** shop.yaml `budget:`: `20%`, or a number of percent (0 < x <= 100). */
export const BudgetSchema = z
  .union([
    z.number().gt(0, 'budget is a share of the day above 0%').max(100, 'budget is at most 100%'),
    z
      .string()
      .regex(/^\d{1,3}(\.\d+)?%$/, 'budget is a share of the day, e.g. 20%')
      .transform((s) => Number(s.slice(0, -1)))
      .refine((n) => n > 0 && n <= 100, 'budget is between 0% and 100%'),
  ])
  .default(SHOP_COSTS.defaultBudgetPercent);

export interface DayPlan {
  /** The share of the day the seller gave the shop, in requests. */
  budget: number;
  budgetPercent: number;
  /** Requests of one pass with nothing to do, and of one sale's steps (confirmation included). */
  perPass: number;
  perSale: number;
  salesPerDay: number;
  /** The `every` the passes will run at (the config's, or stretched to fit). */
  everyS: number;
  stretched: boolean;
  /** What the shop will spend a day at that `every` and that pace. */
  perDay: number;
}

/** Requests of one idle pass: the listings' pages, the mirror's sync, the inbox (spec 8: pages of 100). */
function passCost(rules: number): number {
  return SHOP_COSTS.passFixed + Math.ceil(rules / LIMITS.pageSizeMax);
}

/**
 * Fit the periodic pass into the budget. `resident` (shop run): per-sale work comes first, and the
 * passes, the safety net for what the receiver missed, get at most SHOP_DAY.passShare of the budget
 * (under half: the first pass's refills fit beside them), so a day twice as busy as the mirror's
 * pace still fits. A cron (`shop sync --every`) runs passes only.
 */
export function planDay(o: {
  everyS: number;
  budgetPercent: number;
  rules: number;
  salesPerDay: number;
  resident: boolean;
  /** What one pass and one sale cost when they are not the shop's (webhooks listen's catch-up). */
  perPass?: number;
  perSale?: number;
  /** The passes' most of the budget (SHOP_DAY: the shop's, or the receiver's catch-ups'). */
  passShare?: number;
}): DayPlan {
  const budget = Math.floor((LIMITS.v2PerDay * o.budgetPercent) / 100);
  const perPass = o.perPass ?? passCost(o.rules);
  const perSale = o.resident ? (o.perSale ?? SHOP_COSTS.perSale) : 0;
  const sales = Math.ceil(o.salesPerDay * perSale);
  const forPasses = o.resident
    ? Math.max(perPass, Math.min(budget * (o.passShare ?? SHOP_DAY.passShare), budget - sales))
    : budget;
  const fitS = Math.ceil((86_400 * perPass) / Math.max(perPass, forPasses));
  const stretched = o.resident && fitS > o.everyS;
  const everyS = stretched ? fitS : o.everyS;
  const perDay = Math.ceil((86_400 / everyS) * perPass) + sales;
  return {
    budget,
    budgetPercent: o.budgetPercent,
    perPass,
    perSale,
    salesPerDay: o.salesPerDay,
    everyS,
    stretched,
    perDay,
  };
}

/**
 * The passes' pace during the day (ms between passes) once the day's sales are known: the sales'
 * work so far (confirmations and sale passes, from the usage ledger), taken at today's pace to
 * the end of the day, comes first, and the passes get what the budget has left, at most
 * `share` of it (SHOP_DAY.passShare; more while the receiver is down), at least one pass a day (the
 * plan at start knew only the mirror's pace).
 */
export function passEveryMs(
  p: DayPlan,
  saleWork: number,
  dayFraction: number,
  share: number = SHOP_DAY.passShare,
): number {
  const projected = dayFraction > 0 ? saleWork / Math.min(1, dayFraction) : 0;
  const forPasses = Math.max(p.perPass, Math.min(p.budget * share, p.budget - projected));
  return (86_400_000 * p.perPass) / forPasses;
}

/** `about N requests a day, X% of 5,000`, in the seller's language and decimals. */
export function dayText(p: DayPlan): string {
  const pct = (100 * p.perDay) / LIMITS.v2PerDay;
  return t('about {n} requests a day, {pct}% of {limit}', {
    n: p.perDay,
    pct: localDecimal(pct < 10 ? pct.toFixed(1) : String(Math.round(pct))),
    limit: LIMITS.v2PerDay.toLocaleString(language() === 'en' ? 'en-US' : 'pt-BR'),
  });
}

/**
 * `webhooks listen`: its catch-ups and confirmation lookups a day, fitted to its budget by the
 * shop's own rule (planDay: the sales' lookups first, the catch-ups, the safety net, at most
 * SHOP_DAY.catchUpShare, half, of the budget). A catch-up only at start (`off`, 0) is one catch-up a day at most.
 */
export function listenDay(
  catchUpEveryS: number,
  salesPerDay: number,
  budgetPercent: number = SHOP_COSTS.defaultBudgetPercent,
): DayPlan {
  const costs = { perPass: SHOP_COSTS.catchUp, perSale: SHOP_COSTS.confirmPerSale, passShare: SHOP_DAY.catchUpShare };
  if (catchUpEveryS > 0)
    return planDay({ everyS: catchUpEveryS, budgetPercent, rules: 0, salesPerDay, resident: true, ...costs });
  const once = planDay({ everyS: 86_400, budgetPercent, rules: 0, salesPerDay, resident: true, ...costs });
  return { ...once, everyS: 0 };
}

/** `--budget 20%` (or `20`) on the command line: the rule of shop.yaml's `budget:`. */
export const BudgetFlag = z.string().transform((text, ctx) => {
  const s = text.trim();
  const r = BudgetSchema.safeParse(/^\d{1,3}(\.\d+)?$/.test(s) ? Number(s) : s);
  if (r.success) return r.data;
  ctx.addIssue({ code: 'custom', message: 'must be a share of the day above 0% and at most 100%, e.g. 20%' });
  return z.NEVER;
});
