// Storing a key into a profile (`keys create --save`, `keys rotate`), with the time it was
// stored (the age warning of spec 5.5 reads it).
import type { ApiVersion } from '../../api/assumptions.js';
import type { Profile, ProfileStore } from '../../config/profiles.js';

export function keyField(version: ApiVersion): { key: 'v1Key' | 'v2Key'; at: 'v1KeyStoredAt' | 'v2KeyStoredAt' } {
  return version === 'v1' ? { key: 'v1Key', at: 'v1KeyStoredAt' } : { key: 'v2Key', at: 'v2KeyStoredAt' };
}

/** Store `key` as the profile's key of its version; returns what was there before. */
export function storeKey(store: ProfileStore, profile: string, version: ApiVersion, key: string, baseUrl: string | undefined): { key?: string; at?: string } {
  const f = keyField(version);
  const before = store.get(profile);
  store.update(profile, (p: Profile) => ({
    ...p,
    baseUrl: p.baseUrl ?? baseUrl,
    [f.key]: key,
    [f.at]: new Date().toISOString(),
  }));
  return { key: before?.[f.key], at: before?.[f.at] };
}

/** Put back what storeKey replaced (rotate: the new key failed its check). */
export function restoreKey(store: ProfileStore, profile: string, version: ApiVersion, previous: { key?: string; at?: string }): void {
  const f = keyField(version);
  store.update(profile, (p: Profile) => {
    const next: Profile = { ...p, [f.key]: previous.key, [f.at]: previous.at };
    if (previous.key === undefined) delete next[f.key];
    if (previous.at === undefined) delete next[f.at];
    return next;
  });
}
