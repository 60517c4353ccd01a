// The facts of a digest (src/bot/digest.ts), gathered for `notify digest` and for `shop run`'s
// daily hour: the local day's sales from the orders mirror, the rules as a pass sees them, and
// four small reads (questions waiting, mediations open, balance, quota used). A read that fails
// leaves its line out: the digest is still sent.
import { LIMITS } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import { type DigestFacts, digestNotice } from '../../bot/digest.js';
import { localDayStart } from '../../bot/local-time.js';
import type { Notice } from '../../notify/notice.js';
import type { ShopConfig } from '../../shop/config.js';
import type { RuleOutcome } from '../../shop/types.js';
import type { Deps } from '../shared/context.js';
import type { OrdersMirror } from '../../mirror/index.js';

export const DEFAULT_ZONE = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;

export interface DigestSources {
  mirror(): Promise<OrdersMirror>;
  outcomes(): Promise<RuleOutcome[] | undefined>;
}

/** The digest of the local day holding `nowMs` (weekly: the 7 local days ending with it). */
export async function buildDigest(
  deps: Deps,
  cfg: ShopConfig,
  kind: 'daily' | 'weekly',
  nowMs: number,
  src: DigestSources,
): Promise<Notice> {
  const zone = cfg.digest?.zone ?? DEFAULT_ZONE;
  const today = localDayStart(nowMs, zone);
  const fromMs = kind === 'daily' ? today : localDayStart(today - 6 * DAY_MS + DAY_MS / 2, zone);
  const sales: Order[] = [...(await src.mirror()).salesSince(new Date(fromMs).toISOString())];
  const api = await deps.api();
  const quiet = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);
  const count = async (call: { pages(o: { limit: number; all: boolean }): AsyncGenerator<{ items: unknown[] }> }) => {
    for await (const page of call.pages({ limit: LIMITS.pageSizeMax, all: false })) return page.items.length;
    return 0;
  };
  const [outcomes, questionsWaiting, mediationsOpen, balance, usage] = await Promise.all([
    quiet(src.outcomes()),
    quiet(count(api.questions.list({ status: 'unanswered' }))),
    quiet(count(api.mediations.list({ status: 'open' }))),
    quiet(api.account.balance().then((r) => r.data)),
    quiet(api.account.usage().then((r) => r.data)),
  ]);
  const facts: DigestFacts = {
    kind,
    fromMs,
    toMs: nowMs,
    zone,
    sales,
    ...(outcomes ? { outcomes } : {}),
    ...(questionsWaiting !== undefined ? { questionsWaiting } : {}),
    ...(mediationsOpen !== undefined ? { mediationsOpen } : {}),
    ...(balance ? { balance: { available: balance.available ?? 0, pending: balance.pending ?? 0 } } : {}),
    ...(usage?.day ? { quota: { used: usage.day.limit - usage.day.remaining, limit: usage.day.limit } } : {}),
  };
  return digestNotice(facts);
}
