// API keys as `GET /api/api-keys` lists them (A4, A10): never the key, only its prefix and
// last 4. Which listed key is the one svc is using is told from those two.
import type { z } from 'zod';
import type { ApiKey } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';
import { tKeyed } from '../../i18n/index.js';

export type KeyRow = z.infer<typeof ApiKey> & { inUse?: string };

/**
 * A key as a person names it, `v2 key #12 "ci"`, in the run's language (`chave v2 #12 "ci"`):
 * made once here so every message around it has one `{label}` (the catalogue's `label:` entry).
 */
export function keyLabel(version: string | undefined, id: string | number, name?: string, shown?: string): string {
  const plain = version ? `${version} key #${id}` : `key #${id}`;
  const base = tKeyed('label', plain);
  return `${base}${name !== undefined ? ` "${name}"` : ''}${shown ? ` (${shown})` : ''}`;
}

export function displayKey(k: KeyRow): string {
  return `${k.prefix ?? ''}…${k.last4 ?? ''}`;
}

/** The listed key that is `key`: same version, prefix and last 4 characters. */
export function isSameKey(k: KeyRow, key: string): boolean {
  return (
    Boolean(k.prefix && k.last4) &&
    key.startsWith(k.prefix!) &&
    key.endsWith(k.last4!) &&
    (!k.version || k.version === (key.startsWith('svc_v2_sk_') ? 'v2' : 'v1'))
  );
}

export const keyColumns: Column<KeyRow>[] = [
  { header: 'id', value: 'id', kind: 'number' },
  { header: 'name', value: 'name', max: 24 },
  { header: 'version', value: 'version' },
  { header: 'key', value: displayKey },
  { header: 'active', value: 'active', kind: 'bool' },
  { header: 'in use', value: 'inUse' },
  { header: 'scopes', value: 'scopes', kind: 'list', max: 40 },
  { header: 'created', value: 'createdAt', kind: 'date' },
  { header: 'last used', value: 'lastUsedAt', kind: 'date' },
];
