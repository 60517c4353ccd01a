// The pool tag: the part of a stock item's `ref` (spec 2.3) that names a pool entry
// without revealing it, so that what an account sold can be read back from its own orders
// (`deliveredItems[].ref`, spec 2.5) when svc's local ledger is lost.
//
//   ref = [SELLER_REF "."] "svc" SID TAG
//
// SID (4 characters) names the secret the tag was made with, so a tag made with another
// secret is recognised as such; TAG (14 characters, 84 bits) is a keyed hash (HMAC-SHA256) of
// the credential. Both use only the characters spec 2.3 allows (base64url: letters, digits,
// `-`, `_`). The seller's own ref stays readable in front and is what `orders profit --by ref`
// groups by (stripPoolTag).
import { LIMITS } from '../assumptions.js';

const POOL_TAG_MARK = 'svc';
export const POOL_SID_LENGTH = 4;
export const POOL_HASH_LENGTH = 14;
/** The id of a pool entry: SID + TAG (what the ledger records and the ref carries). */
export const POOL_ID_LENGTH = POOL_SID_LENGTH + POOL_HASH_LENGTH;
/** "." + mark + id: what a tag adds to a seller's ref. */
const POOL_TAG_ADDS = 1 + POOL_TAG_MARK.length + POOL_ID_LENGTH;
/** The longest seller ref a pool entry may carry beside its tag (64 - 22 = 42). */
export const POOL_SELLER_REF_MAX = LIMITS.refMax - POOL_TAG_ADDS;

const TAGGED = new RegExp(`(?:^|\\.)${POOL_TAG_MARK}([A-Za-z0-9_-]{${POOL_ID_LENGTH}})$`);

/** The ref sent for a pool entry: the seller's ref (if any), then the tag. */
export function taggedRef(sellerRef: string | undefined, id: string): string {
  const tag = `${POOL_TAG_MARK}${id}`;
  return sellerRef ? `${sellerRef}.${tag}` : tag;
}

/** The entry id (SID + TAG) a ref carries, or undefined for a ref with no pool tag. */
export function poolIdOf(ref: string | null | undefined): string | undefined {
  if (!ref) return undefined;
  return TAGGED.exec(ref)?.[1];
}

/** The seller's own ref, the pool tag taken off (undefined when the ref was only a tag). */
export function stripPoolTag(ref: string): string | undefined;
export function stripPoolTag(ref: string | null | undefined): string | null | undefined;
export function stripPoolTag(ref: string | null | undefined): string | null | undefined {
  if (!ref) return ref;
  const m = TAGGED.exec(ref);
  if (!m) return ref;
  const rest = ref.slice(0, m.index);
  return rest === '' ? undefined : rest;
}

/** The SID part of an entry id. */
export function sidOf(id: string): string {
  return id.slice(0, POOL_SID_LENGTH);
}
