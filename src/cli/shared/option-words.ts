// zod's own wording ("Invalid input: expected number, received NaN") is for developers. A bad
// option value is told in svc's words, naming the allowed range; a message a schema
// sets itself (z.url({ message })) is kept.
import type { z } from 'zod';
import { KEY_SHAPED } from '../../api/assumptions.js';

/** A value never echoed (rule 3): anything key-shaped, or a URL with a user name or password. */
function mayHoldSecret(value: string): boolean {
  return KEY_SHAPED.test(value) || /\/\/[^/]*@/.test(value);
}

/** How zod's default messages begin (zod 4 English locale). */
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Too small|Too big|Invalid (string|number|value|type|format|key|element|union)|Unrecognized key)/;

/** One zod issue of an option value as a sentence ending "got VALUE" when the value is known. */
function optionIssueText(issue: z.core.$ZodIssue, value?: unknown): string {
  const got = value === undefined || mayHoldSecret(String(value)) ? '' : `, got "${String(value)}"`;
  // A schema's own message is already in svc's words, and says what is wrong with the value.
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const i = issue as z.core.$ZodIssue & {
    expected?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    inclusive?: boolean;
    values?: unknown[];
    origin?: string;
  };
  switch (i.code) {
    case 'invalid_type':
      if (i.expected === 'int') return `must be a whole number${got}`;
      if (i.expected === 'number') return `must be a number${got}`;
      if (i.expected === 'boolean') return 'takes no value';
      return `must be a ${i.expected}${got}`;
    case 'too_small':
      if (i.origin === 'string' || i.origin === 'array')
        return `must have at least ${i.minimum} ${i.origin === 'string' ? 'characters' : 'items'}${got}`;
      return `must be ${i.inclusive ? 'at least' : 'greater than'} ${i.minimum}${got}`;
    case 'too_big':
      if (i.origin === 'string' || i.origin === 'array')
        return `must have at most ${i.maximum} ${i.origin === 'string' ? 'characters' : 'items'}${got}`;
      return `must be ${i.inclusive ? 'at most' : 'less than'} ${i.maximum}${got}`;
    case 'invalid_value':
      return `must be one of ${(i.values ?? []).map(String).join(', ')}${got}`;
    default:
      return i.message;
  }
}

/** Every issue of a parse of option values, as `--flag-name must be …; …`. */
export function optionIssues(error: z.ZodError, given: unknown, flagOf?: ReadonlyMap<string, string>): string {
  const values = (given ?? {}) as Record<string, unknown>;
  return error.issues
    .map((i) => {
      if (i.path.length === 0) return optionIssueText(i);
      const key = String(i.path[0]);
      const text = optionIssueText(i, values[key]);
      const name = flagOf?.get(key) ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      return text.startsWith('--') ? text : `${name} ${text}`;
    })
    .join('; ');
}
