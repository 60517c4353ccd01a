// Keys are shown only masked (cli-spec 2: `svc_v2_sk_…a1b2`).
import { V2_KEY_PREFIX } from '../api/assumptions.js';

export function maskKey(key: string): string {
  const prefix = key.startsWith(V2_KEY_PREFIX) ? V2_KEY_PREFIX : key.startsWith('svc_sk_') ? 'svc_sk_' : '';
  return `${prefix}…${key.slice(-4)}`;
}

/** Remove every occurrence of the given secrets from a text (last line of defence for logs). */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 8) out = out.split(s).join(maskKey(s));
  }
  return out;
}
