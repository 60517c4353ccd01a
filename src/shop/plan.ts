// The planner: what each rule needs now, as pure functions of what the service and
// the pool say, so a plan can be tested without a server and `--dry-run` shows exactly what a
// pass would do. Spec 3 (listing states) decides what a reactivation can and cannot do.
import type { ShopConfig, ShopRule } from './config.js';
import type { ListingView } from './types.js';

/** Refill only below `min` (default: the target), so a pass after each sale sends nothing twice. */
export function needsRefill(rule: ShopRule, held: number): boolean {
  return held < rule.min && held < rule.target;
}

export interface StatusDecision {
  action: 'activate' | 'deactivate' | null;
  /** A reactivation the service would refuse, known from the listing's state: not sent. */
  blocked?: { code: string; message: string };
}

/** The spec-3 states a reactivation cannot leave, with the spec's code and what the seller does. */
const REACTIVATION_BLOCKS: Record<string, { code: string; message: string }> = {
  offline: {
    code: 'OFFLINE_PAUSED',
    message: 'paused by Offline Mode: turn Offline Mode off in the seller panel (the API cannot)',
  },
  em_analise: { code: 'NOT_APPROVED', message: 'under review: it is reactivated once moderation approves it' },
  rejected: { code: 'NOT_APPROVED', message: 'rejected by moderation: fix it and resubmit it in the seller panel' },
  taken_down: { code: 'LISTING_TAKEN_DOWN', message: 'removed by moderation: final, it cannot be reactivated' },
  permanently_rejected: {
    code: 'LISTING_PERMANENTLY_REJECTED',
    message: 'permanently rejected: final, it cannot be reactivated',
  },
};

/**
 * On or off for one listing, from every rule of it (a multi-variant listing has one status):
 * reactivate when any of its rules has stock and asks for it; deactivate when every rule of it
 * asks for it and both the listing and the pool are empty.
 */
export function statusFor(
  view: ListingView,
  rules: { rule: ShopRule; inStock: number; poolLeft: number }[],
): StatusDecision {
  const stocked = rules.some((r) => r.inStock > 0);
  if (!view.isActive && stocked && rules.some((r) => r.rule.reactivate)) {
    const block = view.pausedByOfflineMode
      ? REACTIVATION_BLOCKS.offline
      : view.status !== 'approved'
        ? (REACTIVATION_BLOCKS[view.status] ?? REACTIVATION_BLOCKS.em_analise)
        : undefined;
    return block ? { action: null, blocked: block } : { action: 'activate' };
  }
  if (view.isActive && rules.every((r) => r.rule.deactivateWhenEmpty && r.inStock === 0 && r.poolLeft === 0))
    return { action: 'deactivate' };
  return { action: null };
}

/** Units a day over the window, and days left at that pace (the rule of `stock status`). */
export function pace(sold: number, windowDays: number, inStock: number): { perDay: number; daysLeft: number | null } {
  const perDay = Math.round((sold / windowDays) * 100) / 100;
  const daysLeft = inStock === 0 ? 0 : sold === 0 ? null : Math.floor((inStock / (sold / windowDays)) * 10) / 10;
  return { perDay, daysLeft };
}

export type AlertKind = 'out_of_stock' | 'pool_low' | 'days_left';

/** The alerts that hold for a rule now (notices go out only when one starts to hold: state.ts). */
export function alertsFor(
  cfg: ShopConfig,
  r: { inStock: number; poolLeft: number; daysLeft: number | null },
): { kind: AlertKind; text: string }[] {
  const out: { kind: AlertKind; text: string }[] = [];
  if (r.inStock === 0) out.push({ kind: 'out_of_stock', text: 'out of stock' });
  if (cfg.alerts.poolLow !== undefined && r.poolLeft < cfg.alerts.poolLow)
    out.push({ kind: 'pool_low', text: `pool low (${r.poolLeft} left, alert below ${cfg.alerts.poolLow})` });
  if (cfg.alerts.daysLeft !== undefined && r.daysLeft !== null && r.inStock > 0 && r.daysLeft < cfg.alerts.daysLeft)
    out.push({ kind: 'days_left', text: `${r.daysLeft} days of stock left (alert below ${cfg.alerts.daysLeft})` });
  return out;
}
