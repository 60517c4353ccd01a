// The options that say how a credentials file is read (cli-spec 3), the same for `stock add`,
// `stock refill` and `stock pool`.
import { z } from 'zod';
import { option } from '../shared/verb.js';

export const credentialFileOptions = {
  format: option(
    '--format <format>',
    'lines|csv|jsonl (default: from the file extension)',
    z.enum(['lines', 'csv', 'jsonl']).optional(),
  ),
  separator: option(
    '--separator <text>',
    'lines format: a line that separates multi-line credentials, e.g. ---',
    z.string().min(1).optional(),
  ),
};
