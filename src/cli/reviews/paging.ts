// The paging options shared by the review lists (A2: reviews and contestations take only page and limit).
import type { Command } from 'commander';
import { z } from 'zod';

export const PagingOpts = z.object({
  limit: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().optional(),
  all: z.boolean().optional(),
});

export function withPaging(cmd: Command, what: string): Command {
  return cmd
    .option('--limit <n>', `at most N ${what} (default 20)`)
    .option('--page <n>', 'page to start from')
    .option('--all', 'follow every page');
}
