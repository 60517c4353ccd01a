// Stage "target" of the credential pipeline (docs/ARCHITECTURE.md "One credential pipeline"):
// the listing or variant credentials go to, checked before anything is read or sent (A13: a
// variant is needed exactly when the listing has variants), and what it holds now (A4, spec 8:
// the 10000 per listing or variant count it). Used by `stock add` (--variant N) and
// `stock refill` (ID:VARIANT), each with its own words for the variant.
import { NotFoundError, UsageError } from '../../api/errors.js';
import type { ServiceApi } from '../../api/resources/index.js';
import type { Listing } from '../../api/responses.js';

export interface StockTarget {
  id: number;
  /** The variant index, for a listing with variants. */
  variant?: number;
  multiple: boolean;
  /** Credentials held for automatic delivery now. */
  held: number;
}

/** `stock refill ID[:VARIANT]`: the argument as given, kept for the resume command. */
export interface TargetArg {
  id: number;
  variant?: number;
  arg: string;
}

/** How the command names a variant: `--variant N` (stock add) or `ID:N` (stock refill). */
export type VariantWords = 'flag' | 'colon';

export function parseTarget(arg: string | undefined): TargetArg {
  const m = /^(\d+)(?::(\d+))?$/.exec(arg ?? '');
  if (!m || Number(m[1]) <= 0 || !Number.isSafeInteger(Number(m[1]))) {
    throw new UsageError(`"${arg ?? ''}" is not a listing: use ID or ID:VARIANT, e.g. 109:1`);
  }
  return { id: Number(m[1]), ...(m[2] !== undefined ? { variant: Number(m[2]) } : {}), arg: arg! };
}

export const describeTarget = (t: { id: number; variant?: number }): string =>
  `listing ${t.id}${t.variant !== undefined ? ` variant ${t.variant}` : ''}`;

export async function resolveStockTarget(
  api: ServiceApi,
  want: { id: number; variant?: number },
  words: VariantWords,
): Promise<StockTarget> {
  const { id } = want;
  let listing: Listing;
  try {
    listing = (await api.products.get(id, 'v2')).data;
  } catch (err) {
    // an unknown listing given to refill is bad input (exit 2), found before anything is sent.
    if (err instanceof NotFoundError && words === 'colon')
      throw new UsageError(
        `no listing ${id} among your listings`,
        'see them with `svc stock status` or `svc products list`',
      );
    throw err;
  }
  const see = `see them with \`svc products variants ${id}\``;
  const multiple = listing.listingType === 'multiple';
  if (multiple && want.variant === undefined)
    throw new UsageError(
      words === 'flag'
        ? `listing ${id} has variants: say which with --variant INDEX`
        : `listing ${id} has variants: say which, e.g. ${id}:0`,
      see,
    );
  if (!multiple && want.variant !== undefined && want.variant !== 0)
    throw new UsageError(
      `listing ${id} has no variants: ${words === 'flag' ? 'leave out --variant' : `use ${id} alone`}`,
    );
  if (!multiple) return { id, multiple, held: listing.autoDeliveryStock ?? 0 };
  const v = listing.variants?.find((x) => x.index === want.variant);
  if (!v) throw new UsageError(`listing ${id} has no variant ${want.variant}`, see);
  return { id, variant: v.index, multiple, held: v.autoDeliveryStock ?? 0 };
}

/** What a target holds now (a refill reads it again after finishing an interrupted job). */
export async function heldNow(api: ServiceApi, t: { id: number; variant?: number }): Promise<number> {
  return (await resolveStockTarget(api, t, 'colon')).held;
}
