// The credential rule (spec 2.3, spec 8, cli-spec 3): not empty, at most 5000 characters as the
// service counts them. Shared by the three credential readers, the request schema and the sandbox.
import { LIMITS } from '../assumptions.js';

// Read once (LIMITS is a constant): checked per line of a credential file.
const MAX_CHARS = LIMITS.credentialMaxChars;

/**
 * Characters as the service counts them: UTF-16 code units, the unit of the StockItem zod
 * schema's `max(5000)` (src/api/requests.ts), so a file we accept is one the sandbox accepts.
 */
export function credentialLength(credential: string): number {
  return credential.length;
}

/** `credential longer than 5000 characters`, about `subject` (`credential 3` in a list). */
export const credentialTooLong = (subject = 'credential'): string =>
  `${subject} longer than ${LIMITS.credentialMaxChars} characters`;

/** The length half of the rule (the sandbox checks only this: the service's schema is `min(1)`). */
export function credentialLengthProblem(credential: string, subject = 'credential'): string | undefined {
  const length = credentialLength(credential);
  return length > MAX_CHARS ? `${credentialTooLong(subject)} (${length})` : undefined;
}

/** Why a credential is refused, or undefined; never quotes it (it is a secret). */
export function credentialProblem(credential: string, subject = 'credential'): string | undefined {
  if (credential.trim() === '') return `empty ${subject}`;
  return credentialLengthProblem(credential, subject);
}
