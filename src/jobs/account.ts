// Which account a job writes for (svc decision "one identity"): its journal names it, so a key of
// another account never resumes it.
/** A journal written before jobs named their account (or by a command that does not know it) matches any. */
export function sameAccount(journaled: string | undefined, current: string | undefined): boolean {
  return journaled === undefined || current === undefined || journaled === current;
}
