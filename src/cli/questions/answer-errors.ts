// The answer route's refusals (spec 7.2) and what each asks of the seller. Shared by
// `questions answer` (one hint per error) and the inbox (what the screen does next).
import { ERROR_CODES } from '../../api/assumptions.js';
import { ApiError, NotFoundError, SvcError } from '../../api/errors.js';

/**
 * - `revise`: the text was refused (SECURITY_VIOLATION): change it; the next send is a new
 *   operation with a NEW idempotency key (spec 4.1.2, 7.2).
 * - `skip`: this question cannot take an answer now (ALREADY_ANSWERED: do not resend;
 *   PRODUCT_UNAVAILABLE; not found).
 * - `stop`: no answer can succeed from this account (EMAIL_NOT_VERIFIED, QUESTIONS_BLOCKED,
 *   any 401/403: exit 4), or the limit was hit and waiting was not allowed.
 * - `retry`: anything else (network, 5xx after the core's retries): sending again is safe,
 *   a question takes one answer only (ALREADY_ANSWERED guards a duplicate).
 */
export type AnswerFailure = 'revise' | 'skip' | 'stop' | 'retry';

export function classifyAnswerError(err: unknown): AnswerFailure {
  if (!(err instanceof SvcError)) return 'retry';
  if (err instanceof ApiError) {
    if (err.code === ERROR_CODES.SECURITY_VIOLATION) return 'revise';
    if (
      err.code === ERROR_CODES.ALREADY_ANSWERED ||
      err.code === ERROR_CODES.PRODUCT_UNAVAILABLE ||
      err instanceof NotFoundError
    )
      return 'skip';
    if (err.exitCode !== 1) return 'stop'; // 401/403 (exit 4), rate limit not waited (exit 5)
    return 'retry';
  }
  return err.exitCode === 1 ? 'retry' : 'stop';
}

/** Put the question's id into the hint, so the seller can act on it at once. */
export function explainAnswerError(err: unknown, id: number): unknown {
  if (!(err instanceof ApiError)) return err;
  switch (err.code) {
    case ERROR_CODES.ALREADY_ANSWERED:
      err.hint = `question ${id} already has an answer, so nothing was resent; see it with \`svc questions get ${id}\``;
      break;
    case ERROR_CODES.PRODUCT_UNAVAILABLE:
      err.hint = `the listing of question ${id} is paused, inactive, under review or deleted: answer once it is active again`;
      break;
    case ERROR_CODES.SECURITY_VIOLATION:
      err.hint =
        'the answer was not published: remove e-mail addresses, links, phone numbers and credentials, then run ' +
        `\`svc questions answer ${id} --text "..."\` again (a new run sends it as a new operation, with a new idempotency key)`;
      break;
    case ERROR_CODES.QUESTION_ANSWER_RATE_LIMIT:
      err.hint =
        'at most 5 answers a minute and 20 an hour: wait, then run the command again (without --no-wait svc waits by itself)';
      break;
    default:
      if (err instanceof NotFoundError)
        err.hint = `no question ${id} on your listings: see \`svc questions list --status unanswered\``;
  }
  return err;
}
