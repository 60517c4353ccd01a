// The answer budget of spec 8 (5 answers a minute, 20 an hour), counted from what this
// process published. The inbox shows it and holds back a send that would surely be refused.
import { LIMITS } from '../../api/assumptions.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;

export interface AnswerBudget {
  minuteUsed: number;
  minuteLimit: number;
  hourUsed: number;
  hourLimit: number;
  /** 0 when an answer may go now, else how long until one may. */
  waitMs: number;
}

export class AnswerBudgetTracker {
  private sent: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(): void {
    this.sent.push(this.now());
  }

  status(): AnswerBudget {
    const now = this.now();
    this.sent = this.sent.filter((t) => t > now - HOUR);
    const inMinute = this.sent.filter((t) => t > now - MINUTE);
    let waitMs = 0;
    if (inMinute.length >= LIMITS.questionAnswersPerMinute) {
      waitMs = inMinute[inMinute.length - LIMITS.questionAnswersPerMinute]! + MINUTE - now;
    }
    if (this.sent.length >= LIMITS.questionAnswersPerHour) {
      waitMs = Math.max(waitMs, this.sent[this.sent.length - LIMITS.questionAnswersPerHour]! + HOUR - now);
    }
    return {
      minuteUsed: inMinute.length,
      minuteLimit: LIMITS.questionAnswersPerMinute,
      hourUsed: this.sent.length,
      hourLimit: LIMITS.questionAnswersPerHour,
      waitMs: Math.max(0, waitMs),
    };
  }
}
