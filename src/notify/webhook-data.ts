// What the JSON webhook posts: data a program can use, not display text. Each notice keeps its
// kind, its ISO time and its facts (numeric ids, amounts in integer cents, as svc's json output),
// and carries its text already rendered in the seller's language for a bridge that only relays.
import { plainText } from './format.js';
import type { Notice, Say } from './notice.js';
import type { Payload } from './channel-types.js';

/** At most this many notices in one POST; the rest wait for the next. */
const WEBHOOK_BATCH = 50;

export function webhookPayload(pending: Notice[], say: Say): Payload {
  const taken = Math.min(pending.length, WEBHOOK_BATCH);
  const notices = pending.slice(0, taken);
  return {
    body: {
      source: 'svc',
      version: 2,
      notices: notices.map((n) => ({ kind: n.kind, at: n.at, data: n.data ?? {}, text: plainText(n, say) })),
    },
    taken,
    preview: notices.map((n) => plainText(n, say)).join('\n\n'),
  };
}
