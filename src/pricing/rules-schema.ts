// The rules file's schema: every key known, every value checked, unknown keys
// refused. The YAML is read with the failsafe schema, so every scalar arrives as the text the
// person wrote (`19,90`, `25%`) and is read by the same money and percent readers as the rest
// of svc: a price never passes through a float (A3).
import { z } from 'zod';
import { PRICING_BOUNDS } from '../api/assumptions.js';
import { parseDecimalCents, parsePositiveInt, parseNonNegativeInt } from '../input/money.js';
import { WHOLE_BP, parsePercentBp } from './arith.js';
import { ROUNDINGS } from './rounding.js';

const text = z.string({ message: 'expected a value' });

/** A percentage (`25%`, `12.5%`, `-5%`) in basis points. */
const percent = text.transform((s, ctx) => {
  const bp = parsePercentBp(s);
  if (bp === undefined) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a percentage like 25% or 12.5%` });
    return z.NEVER;
  }
  return bp;
});

/** A margin: within PRICING_BOUNDS (−90% to 1000%); past them it is a typo, not a plan. */
const margin = percent.refine((bp) => bp >= PRICING_BOUNDS.minMarginBp && bp <= PRICING_BOUNDS.maxMarginBp, {
  message: `a margin is from ${PRICING_BOUNDS.minMarginBp / 100}% to ${PRICING_BOUNDS.maxMarginBp / 100}%`,
});

/** A price as a person writes it (`19,90`, `19.90`, `19`), in cents. */
const money = text.transform((s, ctx) => {
  const r = parseDecimalCents(s);
  if (!r.ok || r.cents <= 0) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a price like 19,90 or 19.90` });
    return z.NEVER;
  }
  return r.cents;
});

const id = text.transform((s, ctx) => {
  const n = parsePositiveInt(s);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a listing id` });
    return z.NEVER;
  }
  return n;
});

const index = text.transform((s, ctx) => {
  const n = parseNonNegativeInt(s);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a variant index` });
    return z.NEVER;
  }
  return n;
});

/** `catalog: +10%`, `catalog: +1,00`, `catalog: 0%`: a position against the catalog minimum. */
const catalogPosition = text.transform((s, ctx) => {
  const bp = parsePercentBp(s);
  if (bp !== undefined) {
    if (bp <= -WHOLE_BP) ctx.addIssue({ code: 'custom', message: 'a position must be more than -100%' });
    return { bp, cents: 0 };
  }
  const m = /^\s*([+-]?)\s*(.+)$/.exec(s);
  const r = m ? parseDecimalCents(m[2]!) : undefined;
  if (!r?.ok) {
    ctx.addIssue({ code: 'custom', message: `"${s}" is not a position like +10% or +1,00` });
    return z.NEVER;
  }
  return { bp: 0, cents: m![1] === '-' ? -r.cents : r.cents };
});

const Tier = z.strictObject({ upTo: money.optional(), margin });

const Match = z.union([
  z.literal('all'),
  z.strictObject({
    listing: z.union([id, z.array(id).min(1)]).optional(),
    variant: index.optional(),
    game: text.optional(),
    category: text.optional(),
  }),
]);

const RuleSchema = z
  .strictObject({
    name: text.optional(),
    match: Match,
    margin: z.union([margin, z.array(Tier).min(1)]).optional(),
    catalog: catalogPosition.optional(),
    minMargin: margin.optional(),
    round: z.enum(ROUNDINGS, { message: `round is one of ${ROUNDINGS.join(', ')}` }).optional(),
    ceiling: money.optional(),
    floor: money.optional(),
    cost: z.enum(['max', 'average'], { message: 'cost is max or average' }).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.match !== 'all' && Object.values(r.match).every((v) => v === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['match'],
        message: 'match: say what it selects (listing, variant, game, category), or match: all',
      });
    if ((r.margin === undefined) === (r.catalog === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'give exactly one of margin (over cost) or catalog (against the catalog minimum)',
      });
    if (r.floor !== undefined && r.ceiling !== undefined && r.floor > r.ceiling)
      ctx.addIssue({ code: 'custom', path: ['floor'], message: 'the floor is above the ceiling' });
    const tiers = r.margin;
    if (Array.isArray(tiers)) {
      tiers.forEach((t, i) => {
        const last = i === tiers.length - 1;
        if (!last && t.upTo === undefined)
          ctx.addIssue({ code: 'custom', path: ['margin', i], message: 'every tier but the last needs upTo' });
        if (last && t.upTo !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['margin', i, 'upTo'],
            message: 'the last tier has no upTo (it takes every higher cost)',
          });
        const prev = i > 0 ? tiers[i - 1]!.upTo : undefined;
        if (prev !== undefined && t.upTo !== undefined && t.upTo <= prev)
          ctx.addIssue({
            code: 'custom',
            path: ['margin', i, 'upTo'],
            message: 'tiers go up: upTo must be above the tier before',
          });
      });
    }
  });

export const RulesFileSchema = z.strictObject({
  fee: percent
    .refine((bp) => bp >= 0 && bp <= PRICING_BOUNDS.maxFeeBp, {
      message: `a fee is from 0% to ${PRICING_BOUNDS.maxFeeBp / 100}%`,
    })
    .optional(),
  salesDays: text
    .transform((s, ctx) => {
      const n = parsePositiveInt(s);
      if (n === undefined || n > 3650) {
        ctx.addIssue({ code: 'custom', message: `"${s}" is not a number of days (1-3650)` });
        return z.NEVER;
      }
      return n;
    })
    .optional(),
  rules: z.array(RuleSchema, { message: 'rules: a list of rules' }).min(1, { message: 'rules: at least one rule' }),
});

export type RulesFileData = z.output<typeof RulesFileSchema>;
