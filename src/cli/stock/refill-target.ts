// The listing or variant a refill fills (issue 17): `ID` or `ID:VARIANT`, checked against the
// listing before anything is sent (A13), and what it holds now (A4).
import { NotFoundError, UsageError } from '../../api/errors.js';
import type { ServiceApi } from '../../api/resources/index.js';
import { Listing } from '../../api/responses.js';
import type { Deps } from '../shared/context.js';
import { lenient } from '../shared/read.js';

export interface Target {
  id: number;
  variant?: number;
  arg: string;
}

export function parseTarget(arg: string | undefined): Target {
  const m = /^(\d+)(?::(\d+))?$/.exec(arg ?? '');
  if (!m || Number(m[1]) <= 0 || !Number.isSafeInteger(Number(m[1]))) {
    throw new UsageError(`"${arg ?? ''}" is not a listing: use ID or ID:VARIANT, e.g. 109:1`);
  }
  return { id: Number(m[1]), ...(m[2] !== undefined ? { variant: Number(m[2]) } : {}), arg: arg! };
}

export const describeTarget = (t: Target): string =>
  `listing ${t.id}${t.variant !== undefined ? ` variant ${t.variant}` : ''}`;

/** The listing's credentials held for the target (A4), after the checks of `stock add` (A13). */
export async function held(deps: Deps, api: ServiceApi, t: Target): Promise<{ held: number; multiple: boolean }> {
  let listing: Listing;
  try {
    listing = lenient(deps, Listing, (await api.products.get(t.id, 'v2')).data);
  } catch (err) {
    // issue 17: an unknown listing is bad input (exit 2), found before anything is sent.
    if (err instanceof NotFoundError)
      throw new UsageError(
        `no listing ${t.id} among your listings`,
        'see them with `svc stock status` or `svc products list`',
      );
    throw err;
  }
  const multiple = listing.listingType === 'multiple';
  if (multiple && t.variant === undefined)
    throw new UsageError(
      `listing ${t.id} has variants: say which, e.g. ${t.id}:0`,
      `see them with \`svc products variants ${t.id}\``,
    );
  if (!multiple && t.variant !== undefined && t.variant !== 0)
    throw new UsageError(`listing ${t.id} has no variants: use ${t.id} alone`);
  if (!multiple) return { held: listing.autoDeliveryStock ?? 0, multiple };
  const v = listing.variants?.find((x) => x.index === t.variant);
  if (!v)
    throw new UsageError(
      `listing ${t.id} has no variant ${t.variant}`,
      `see them with \`svc products variants ${t.id}\``,
    );
  return { held: v.autoDeliveryStock ?? 0, multiple };
}
