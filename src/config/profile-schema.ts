// The config file's rules (zod): the one place they are written. A read checks the file against
// the shape generated from ConfigFile (src/config/config-shape.gen.ts, `npm run gen:shapes`)
// without loading zod; this module, and zod with it, is loaded by a write (`svc auth
// login`, `svc profiles ...`) and by the tests.
import { z } from 'zod';

export const Profile = z.object({
  baseUrl: z.string().optional(),
  v1Key: z.string().optional(),
  v1KeyStoredAt: z.string().optional(),
  v2Key: z.string().optional(),
  v2KeyStoredAt: z.string().optional(),
  /** The key is in the OS keyring, not in this file (src/config/key-store.ts). */
  v1KeyInKeyring: z.boolean().optional(),
  v2KeyInKeyring: z.boolean().optional(),
  /** spec 4.3: `/api/v1` or the `/api/service` alias. */
  v1Prefix: z.enum(['/api/v1', '/api/service']).optional(),
  // the secret URL path of `svc webhooks listen`, made by `--init`; kept like a key
  // (this file is 0600) and never printed again.
  webhookPath: z.string().optional(),
  // the secret behind the pool tags (src/cli/stock/pool-secret.ts), base64 of 32
  // random bytes; kept like a key (this file is 0600) so it outlives the state folder.
  poolSecret: z.string().optional(),
});
export type Profile = z.infer<typeof Profile>;

export const ConfigFile = z.object({
  defaultProfile: z.string().optional(),
  profiles: z.record(z.string(), Profile).default({}),
});
export type ConfigFile = z.infer<typeof ConfigFile>;
