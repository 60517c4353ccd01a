// Which part of svc a request is made for (a verb, the shop's pass, a sale's steps, the mirror's
// sync, a confirmation lookup...), carried along that part's async calls, so the one request core
// counts every request by feature without each caller passing a tag down (spec 8: the day's
// quota is the account's, and the seller is told what spends it). The innermost part wins.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `fn` with its requests counted as `feature`. */
export function asFeature<T>(feature: string, fn: () => T): T {
  return current.run(feature, fn);
}

/** The feature of the request being made now ('other' outside any). */
export function featureNow(): string {
  return current.getStore() ?? 'other';
}
