// The pt-BR catalogue, loaded only when the language is pt-BR (src/i18n/load.ts).
import { HELP } from './help.js';
import { INSTALL_MESSAGES } from './messages-install.js';
import { HEADERS } from './messages.js';
import { MESSAGES } from './messages.js';
import { MCP_MESSAGES } from './messages-mcp.js';
import { POCKET } from './messages-pocket.js';
import { MESSAGES_IDENTITY } from './messages-identity.js';

/** Table headers are keyed `header:NAME` so a header never collides with a message. */
export const PT_BR: Readonly<Record<string, string>> = {
  ...HELP,
  ...MESSAGES,
  ...POCKET,
  ...INSTALL_MESSAGES,
  ...MCP_MESSAGES,
  ...MESSAGES_IDENTITY,
  ...Object.fromEntries(Object.entries(HEADERS).map(([en, pt]) => [`header:${en}`, pt])),
};
