// The one place where `svc mcp` counts what a tool call cost: every wire request (each attempt,
// as the sandbox's request log sees them, rule 3) passes through this transport. The call log
// and the assistant's budget read the count from here; a shop-wide request ledger can take the
// same figure from `requestsOfCall` under the feature name `mcp`.
import { SvcError } from '../../api/errors.js';
import type { Transport } from '../../api/transport.js';

/** The feature name these requests are accounted under. */
const MCP_FEATURE = 'mcp';

/** The assistant's budget is spent: nothing more is sent until its hour or day has passed. */
class BudgetSpentError extends SvcError {
  constructor(window: string) {
    super(
      `the assistant's request budget for this ${window} is spent: nothing was sent`,
      'the seller sets it when starting `svc mcp` (--budget-hour, --budget-day)',
    );
  }
}

export interface CountedCall {
  transport: Transport;
  /** Requests sent so far by this call. */
  count(): number;
}

/**
 * A transport that counts each request it sends and refuses the one past `allowed` (the budget
 * left for this call; `window` names what runs out), so a call never spends more than is left.
 */
export function countingTransport(inner: Transport, allowed: number, window: string): CountedCall {
  let n = 0;
  return {
    transport: async (req) => {
      if (n >= allowed) throw new BudgetSpentError(window);
      n++;
      return inner(req);
    },
    count: () => n,
  };
}

/** What one tool call cost, as a ledger row: the feature, the tool and its requests. */
export function requestsOfCall(tool: string, call: CountedCall): { feature: string; tool: string; requests: number } {
  return { feature: MCP_FEATURE, tool, requests: call.count() };
}
