// Which part of svc a request is made for (a verb, the shop's pass, a sale's steps, the mirror's
// sync, a confirmation lookup...), carried along that part's async calls, so the one request core
// counts every request by feature without each caller passing a tag down (spec 8: the day's
// quota is the account's, and the seller is told what spends it). The innermost part wins.
import { AsyncLocalStorage } from 'node:async_hooks';

// Made on first use: on Node 22 an AsyncLocalStorage turns on promise hooks for every later
// await of the process, and a one-shot read, which is one feature from start to end, never needs it.
let current: AsyncLocalStorage<string> | undefined;
let whole: string | undefined;

/** Runs `fn` with its requests counted as `feature`. */
export function asFeature<T>(feature: string, fn: () => T): T {
  current ??= new AsyncLocalStorage<string>();
  return current.run(feature, fn);
}

/**
 * Runs `fn`, the only thing this process does meanwhile, with its requests counted as `feature`:
 * for a process that runs one command and nothing beside it (the read lane), where a store
 * carried through every await buys nothing. An asFeature inside still wins; it is meant as the
 * outermost (an asFeature around it would win over it).
 */
export async function asOnlyFeature<T>(feature: string, fn: () => Promise<T>): Promise<T> {
  const before = whole;
  whole = feature;
  try {
    return await fn();
  } finally {
    whole = before;
  }
}

/** The feature of the request being made now ('other' outside any). */
export function featureNow(): string {
  return current?.getStore() ?? whole ?? 'other';
}
