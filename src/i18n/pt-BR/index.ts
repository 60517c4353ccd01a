// The pt-BR catalogue, loaded only when the language is pt-BR (src/i18n/load.ts).
import { HELP } from './help.js';
import { INSTALL_MESSAGES } from './messages-install.js';
import { HEADERS } from './messages.js';
import { PLAN_HEADERS, PLANS } from './messages-plans.js';
import { TOPICS } from './help-topics.js';
import { MESSAGES } from './messages.js';
import { MCP_MESSAGES } from './messages-mcp.js';
import { MESSAGES_CONFIRM } from './messages-confirm.js';
import { POCKET } from './messages-pocket.js';
import { QUOTA_MESSAGES } from './messages-quota.js';
import { QUOTA_DAY_MESSAGES } from './messages-quota-day.js';
import { MESSAGES_IDENTITY } from './messages-identity.js';
import { MESSAGES_RESEND } from './messages-resend.js';
import { MESSAGES_AGREEMENT } from './messages-agreement.js';
import { MESSAGES_COVERAGE } from './messages-coverage.js';
import { MESSAGES_COVERAGE_LISTENER } from './messages-coverage-listener.js';
import { REQUESTS_MESSAGES } from './messages-requests.js';
import { MESSAGES_RETRY } from './messages-retry.js';
import { MESSAGES_SMALL } from './messages-small.js';
import { MESSAGES_UPDATE } from './messages-update.js';
import { MESSAGES_SHOP_BUDGET } from './messages-shop-budget.js';
import { MESSAGES_ESCAPES_LISTENER } from './messages-escapes-listener.js';
import { MESSAGES_ESCAPES_INPUT } from './messages-escapes-input.js';
import { STATUS_WORDS } from './messages-status.js';
import { MESSAGES_KEYS } from './messages-keys.js';
import { MESSAGES_ESCAPES_KEYS } from './messages-escapes-keys.js';

/** Table headers are keyed `header:NAME` so a header never collides with a message. */
export const PT_BR: Readonly<Record<string, string>> = {
  ...PLAN_HEADERS,
  ...HELP,
  ...MESSAGES,
  ...PLANS,
  ...TOPICS,
  ...POCKET,
  ...INSTALL_MESSAGES,
  ...MCP_MESSAGES,
  ...QUOTA_MESSAGES,
  ...QUOTA_DAY_MESSAGES,
  ...MESSAGES_IDENTITY,
  ...MESSAGES_CONFIRM,
  ...MESSAGES_RESEND,
  ...MESSAGES_AGREEMENT,
  ...MESSAGES_COVERAGE,
  ...MESSAGES_COVERAGE_LISTENER,
  ...REQUESTS_MESSAGES,
  ...MESSAGES_RETRY,
  ...MESSAGES_SMALL,
  ...MESSAGES_UPDATE,
  ...MESSAGES_SHOP_BUDGET,
  ...MESSAGES_ESCAPES_LISTENER,
  ...Object.fromEntries(Object.entries(HEADERS).map(([en, pt]) => [`header:${en}`, pt])),
  ...MESSAGES_ESCAPES_INPUT,
  ...STATUS_WORDS,
  ...MESSAGES_KEYS,
  ...MESSAGES_ESCAPES_KEYS,
};
