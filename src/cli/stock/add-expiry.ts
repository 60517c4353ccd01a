// a chunk of `stock add` was sent under a key the service may have forgotten (spec
// 4.1.2: 24 h). Resent under a new key only when that cannot add an account twice: dedupe
// `skip` (what the listing still holds is skipped) and no sale of the listing since the chunk
// was first sent (a sold credential is no longer held and would be added again; these uploads
// carry no pool tag to tell which). Otherwise the job stops and says what to check.
import type { ServiceApi } from '../../api/resources/index.js';
import { ExpiredKeyError, type ExpiredKeyDecision } from '../../jobs/index.js';
import { note } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { accountSales } from './sales-source.js';
import type { StockTarget } from './stock-target.js';

export async function expiredStockChunk(
  deps: Deps,
  api: ServiceApi,
  t: StockTarget,
  dedupe: 'skip' | 'none',
  chunk: number,
  sentAt: string,
): Promise<ExpiredKeyDecision> {
  if (dedupe !== 'skip')
    throw new ExpiredKeyError(
      chunk,
      sentAt,
      'with --dedupe none even what the listing holds would be added again: see what it holds, then add what is missing as a new import',
    );
  let sold = 0;
  for await (const o of accountSales(deps, api, { sinceIso: sentAt, productId: t.id }))
    if (!t.multiple || o.variantIndex === t.variant) sold += o.quantity ?? 1;
  if (sold > 0)
    throw new ExpiredKeyError(
      chunk,
      sentAt,
      `the listing sold ${sold} since then and svc cannot tell whether they came from this chunk: see \`svc stock status\` and \`svc orders list --from ${sentAt.slice(0, 10)}\`, then add what is missing as a new import`,
    );
  note(
    deps.io,
    `chunk ${chunk + 1} was first sent at ${sentAt}, past the service's 24 h: no sale since, so it is sent again under a new key (what the listing holds is skipped)`,
  );
  return 'new-key';
}
