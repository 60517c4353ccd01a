// What the inbox screen calls back into: the next unanswered question (with its listing) and
// sending an answer. All HTTP of the inbox is here, through the one request core.
import type { ServiceApi } from '../../api/resources/index.js';
import { ApiError, NotFoundError, SvcError } from '../../api/errors.js';
import { LIMITS } from '../../api/assumptions.js';
import type { Question } from '../../api/responses.js';
import { formatCents } from '../../output/money.js';
import type { InboxQuestion, InboxSendOutcome } from '../../ui/index.js';
import { AnswerBudgetTracker, type AnswerBudget } from './answer-budget.js';
import { classifyAnswerError, explainAnswerError } from './answer-errors.js';

export class InboxFeed {
  private queue: Question[] = [];
  private readonly seen = new Set<number>();
  private readonly listings = new Map<number, Pick<InboxQuestion, 'listing' | 'listingNote'>>();
  private refilled = false;
  readonly tracker = new AnswerBudgetTracker();

  constructor(private readonly api: ServiceApi) {}

  /** Read the unanswered questions once before the screen starts, so a refusal is a plain error. */
  async prime(): Promise<number> {
    await this.refill();
    return this.queue.length;
  }

  async next(): Promise<InboxQuestion | null> {
    // When the first batch is used up, look once more: questions asked meanwhile come next.
    if (this.queue.length === 0 && !this.refilled) {
      this.refilled = true;
      await this.refill();
    }
    const q = this.queue.shift();
    if (!q) return null;
    this.seen.add(q.id);
    return {
      id: q.id,
      text: q.text ?? '',
      askerName: q.askerName ?? undefined,
      createdAt: q.createdAt ?? undefined,
      orderId: q.orderId ?? undefined,
      productId: q.productId ?? undefined,
      ...(q.productId ? await this.listing(q.productId) : { listingNote: 'no listing named' }),
    };
  }

  async send(id: number, text: string): Promise<InboxSendOutcome> {
    try {
      // No idempotencyKey passed: each send is a new operation with a fresh key (spec 7.2
      // SECURITY_VIOLATION: a revised text goes with a new key); the core reuses it only
      // for its own retries, e.g. after QUESTION_ANSWER_RATE_LIMIT.
      const res = await this.api.questions.answer(id, { answer: text }).send();
      this.tracker.record();
      // "published" only when the returned question says answered (its body is
      // "not shown" in the spec: no question in the answer is taken at its word).
      const q = res.data as { status?: unknown } | null | undefined;
      if (q && typeof q === 'object' && q.status !== undefined && q.status !== 'answered') {
        const message = `the service accepted the answer to question #${id} but returned it as "${String(q.status)}", not answered`;
        return {
          ok: false,
          failure: 'skip',
          message,
          hint: `check with \`svc questions get ${id}\``,
          error: new SvcError(message),
        };
      }
      return { ok: true };
    } catch (raw) {
      const err = explainAnswerError(raw, id);
      const failure = classifyAnswerError(err);
      const message =
        err instanceof ApiError
          ? err.summary
          : err instanceof SvcError
            ? err.message
            : String((err as Error)?.message ?? err);
      return { ok: false, failure, message, hint: err instanceof SvcError ? err.hint : undefined, error: err };
    }
  }

  budget(): AnswerBudget {
    return this.tracker.status();
  }

  private async refill(): Promise<void> {
    const fresh: Question[] = [];
    for await (const page of this.api.questions
      .list({ status: 'unanswered' })
      .pages({ limit: LIMITS.pageSizeMax, all: true })) {
      for (const raw of page.items) {
        const q = raw;
        if (!this.seen.has(q.id) && !fresh.some((x) => x.id === q.id)) fresh.push(q);
      }
    }
    this.queue.push(...fresh);
  }

  private async listing(productId: number): Promise<Pick<InboxQuestion, 'listing' | 'listingNote'>> {
    const cached = this.listings.get(productId);
    if (cached) return cached;
    let info: Pick<InboxQuestion, 'listing' | 'listingNote'>;
    try {
      const res = await this.api.products.get(productId, 'v2');
      const l = res.data;
      const state = l.pausedByOfflineMode
        ? 'paused by Offline Mode'
        : l.status === 'em_analise'
          ? 'under review'
          : l.status && l.status !== 'approved'
            ? l.status
            : l.isActive
              ? 'active'
              : 'inactive';
      info = {
        listing: { title: l.title ?? undefined, state, price: formatCents(l.effectivePrice ?? l.price) || undefined },
      };
    } catch (err) {
      if (!(err instanceof SvcError)) throw err;
      info = {
        listingNote:
          err instanceof NotFoundError ? 'the listing no longer exists' : `listing not readable: ${err.message}`,
      };
    }
    this.listings.set(productId, info);
    return info;
  }
}
