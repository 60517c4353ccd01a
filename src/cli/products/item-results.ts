// A6: per-item routes answer {"results": [...]} in request order. Turn them into the CLI's
// per-item outcomes (cli-spec 1), whichever route carried the item.
import { hintFor } from '../../api/hints.js';
import type { ItemResult } from '../../api/responses.js';
import type { ItemOutcome, ItemRef } from '../../jobs/index.js';

export function outcomesFromResults(refs: ItemRef[], results: unknown, key: 'id' | 'index'): ItemOutcome[] {
  const list = Array.isArray(results) ? (results as ItemResult[]) : [];
  return refs.map((ref, i) => {
    // Request order is the contract; fall back to matching by id/index if the answer is shorter.
    const want = key === 'id' ? ref.id : ref.variant;
    const r =
      list[i] && (list[i]![key] === undefined || list[i]![key] === want) ? list[i] : list.find((x) => x[key] === want);
    if (!r)
      return { ...ref, status: 'failed', code: 'NO_RESULT', message: 'the service returned no result for this item' };
    const status = r.status === 'ok' || r.status === 'unchanged' ? r.status : 'failed';
    const code = r.code ?? (r.error ? r.error.toUpperCase() : undefined);
    const base = r.message ?? undefined;
    const hint = status === 'failed' ? hintFor(code) : undefined;
    // the hint is added only when it says something the message does not already say.
    const message = [base, hint && !repeats(base, hint) ? hint : undefined].filter(Boolean).join(' — ') || undefined;
    return { ...ref, status, ...(code ? { code } : {}), ...(message ? { message } : {}) };
  });
}

/** A hint that starts with the message (or holds it whole) would print it twice. */
function repeats(message: string | undefined, hint: string): boolean {
  if (!message) return false;
  const m = message.toLowerCase().replace(/[.;:]+$/, '');
  return hint.toLowerCase().includes(m);
}
