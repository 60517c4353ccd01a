// The global options of cli-spec 1, checked once with zod (Pastel: one schema per option set).
// The full path (commander, verb.ts) checks them here; the read lane (src/cli/lane) checks its
// narrower set itself (argv.ts). Both then make a run's dependencies with context.ts depsOf.
import { z } from 'zod';
import { baseUrlProblem } from '../../api/base-url.js';
import { UsageError } from '../../api/errors.js';
import { jitOptions } from '../../api/zod-jit.js';
import { optionIssues } from './option-words.js';

// cli-spec 1: the global options, parsed once with zod (Pastel: one schema per option set).
const GlobalOptionsSchema = z.object({
  profile: z.string().optional(),
  // scheme and host checked here, before anything is sent (exit 2).
  baseUrl: z
    .string()
    .superRefine((v, ctx) => {
      const p = baseUrlProblem(v);
      if (p)
        ctx.addIssue({
          code: 'custom',
          message: `--base-url ${p} (use a URL like https://host or http://127.0.0.1:4010)`,
        });
    })
    .optional(),
  api: z.enum(['v1', 'v2']).optional(),
  output: z.string().optional(),
  json: z.boolean().optional(),
  jq: z.string().min(1).optional(),
  quiet: z.boolean().optional(),
  verbose: z.boolean().optional(),
  color: z.boolean().optional(),
  wide: z.boolean().optional(),
  yes: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  timeout: z.coerce.number().positive().max(3600).optional(),
  wait: z.boolean().optional(),
  // spec 5.5: plain http to another machine only when the seller says so (base-url.ts).
  insecureHttp: z.boolean().optional(),
});
export type GlobalOptions = z.infer<typeof GlobalOptionsSchema>;

/** commander's raw global options, checked; a bad one is a usage error (exit 2). */
export function parseGlobals(raw: unknown): GlobalOptions {
  const parsed = GlobalOptionsSchema.safeParse(raw, jitOptions(GlobalOptionsSchema));
  if (!parsed.success) throw new UsageError(optionIssues(parsed.error, raw));
  return parsed.data;
}
