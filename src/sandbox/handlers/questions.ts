// Listing questions (spec 3, 4.2, 7.2, A2, A4, A13).
import { ERROR_CODES, LIMITS, QUESTION_STATUSES, SECURITY_VIOLATION_PATTERNS } from '../../api/assumptions.js';
import { AnswerQuestion } from '../../api/requests.js';
import { SandboxError, notFound, v2Data } from '../envelope.js';
import type { Question, SandboxData } from '../state.js';
import { enumParam, idParam, numericId, paginate, parseBody } from '../validate.js';
import type { Handler, RouteHandlers, HandlerContext } from './context.js';

export const questionView = ({ sellerId: _s, ...q }: Question) => q;

const listQuestions: Handler = (ctx) => {
  const status = enumParam(ctx.query, 'status', QUESTION_STATUSES);
  const productId = idParam(ctx.query, 'productId');
  const orderId = idParam(ctx.query, 'orderId');
  const own = ctx.data.questions.filter(
    (q) =>
      q.sellerId === ctx.account.id &&
      (!status || q.status === status) &&
      (productId === undefined || q.productId === productId) &&
      (orderId === undefined || q.orderId === orderId),
  );
  const { items, pagination } = paginate(own, ctx.query);
  return v2Data(items.map(questionView), { pagination });
};

function ownQuestion(ctx: HandlerContext): Question {
  const id = numericId(ctx.params.id);
  const q = ctx.data.questions.find((x) => x.id === id && x.sellerId === ctx.account.id);
  if (!q) throw notFound('question');
  return q;
}

const getQuestion: Handler = (ctx) => v2Data(questionView(ownQuestion(ctx)));

/** spec 8: 5 answers per minute and 20 per hour (windows × timeScale); only published answers count. */
function answerRateWait(ctx: HandlerContext): number | undefined {
  const minute = ctx.rt.scaled(60_000);
  const hour = ctx.rt.scaled(3_600_000);
  const times = (ctx.data.answerTimes[String(ctx.account.id)] ?? []).filter((t) => t > ctx.now - hour);
  ctx.data.answerTimes[String(ctx.account.id)] = times;
  const inMinute = times.filter((t) => t > ctx.now - minute);
  if (inMinute.length >= LIMITS.questionAnswersPerMinute)
    return inMinute[inMinute.length - LIMITS.questionAnswersPerMinute]! + minute - ctx.now;
  if (times.length >= LIMITS.questionAnswersPerHour)
    return times[times.length - LIMITS.questionAnswersPerHour]! + hour - ctx.now;
  return undefined;
}

/** A13: PRODUCT_UNAVAILABLE = the listing is paused, inactive, under review or deleted. */
function productAvailable(data: SandboxData, q: Question): boolean {
  const l = data.listings.find((x) => x.id === q.productId && x.accountId === q.sellerId);
  return !!l && l.isActive && !l.pausedByOfflineMode && l.status === 'approved';
}

const answerQuestion: Handler = (ctx) => {
  const { answer } = parseBody(AnswerQuestion, ctx.body);
  if (!ctx.account.emailVerified)
    throw new SandboxError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, 'verify the account e-mail before answering');
  if (ctx.account.questionsBlocked)
    throw new SandboxError(403, ERROR_CODES.QUESTIONS_BLOCKED, 'this account is barred from answering questions');
  const q = ownQuestion(ctx);
  if (q.status === 'answered')
    throw new SandboxError(409, ERROR_CODES.ALREADY_ANSWERED, 'the question already has an answer; do not resend');
  if (!productAvailable(ctx.data, q)) {
    throw new SandboxError(
      409,
      ERROR_CODES.PRODUCT_UNAVAILABLE,
      'the listing is paused, inactive, under review or deleted',
    );
  }
  const wait = answerRateWait(ctx);
  if (wait !== undefined) {
    throw new SandboxError(
      429,
      ERROR_CODES.QUESTION_ANSWER_RATE_LIMIT,
      'too many answers: at most 5 per minute and 20 per hour',
      { retryable: true, retryAfterS: Math.max(1, Math.ceil(wait / 1000)) },
    );
  }
  // svc decision (src/api/assumptions.ts): e-mail addresses, URLs and phone numbers.
  if (SECURITY_VIOLATION_PATTERNS.some((p) => p.test(answer))) {
    throw new SandboxError(
      422,
      ERROR_CODES.SECURITY_VIOLATION,
      'the answer was not published: it must not hold e-mail addresses, links or phone numbers; revise it and send with a new key',
    );
  }
  q.status = 'answered';
  q.answer = answer;
  q.answeredAt = ctx.nowIso;
  ctx.data.answerTimes[String(ctx.account.id)]!.push(ctx.now);
  return v2Data(questionView(q));
};

export const questionHandlers = { listQuestions, getQuestion, answerQuestion } satisfies RouteHandlers;
