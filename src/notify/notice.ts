// What the shop tells a seller: one neutral notice per event, formatted for each chat
// platform only at the edge (src/notify/format.ts). Every text in a notice may come from the
// network or a file (listing titles, buyer names): the formatters escape it for their platform.

/** The events a channel can choose (docs/guides/shop.md, "Events"). */
export const NOTICE_KINDS = [
  'sale',
  'refill_done',
  'refill_refused',
  'pool_low',
  'out_of_stock',
  'days_left',
  'listing_deactivated',
  'listing_reactivated',
  'reactivation_refused',
  'stuck_sale',
  'new_question',
  'new_review',
  'mediation_opened',
  'receiver_trouble',
  // funds.released: the sale's value reached the balance (a payout notice)
  'payout',
  // the daily (or weekly) summary, at the seller's local time
  'digest',
  // the account's day (spec 8): mostly used, then spent until the reset
  'quota_low',
  'quota_spent',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  kind: NoticeKind;
  /** One line: what happened. */
  headline: string;
  /**
   * Label → value lines, in order (values are plain text, escaped per platform). Labels are
   * said in the seller's language; a value only when its third element is true (a value from the
   * network, a buyer's words or a title, is never translated).
   */
  fields: [string, string, true?][];
  /** When it happened (ISO). */
  at: string;
  /** Buttons for the chat of the shop's Telegram bot (`a:6001`: answer question 6001), ≤ 64 bytes of data each. */
  buttons?: { text: string; data: string }[];
  /** The facts as data, for the JSON webhook: numeric ids, amounts in cents, ISO times. */
  data?: Record<string, number | string | boolean | null>;
}

/** Says an English text in the notice's language (src/i18n translatorFor); identity for English. */
export type Say = (text: string, values?: Record<string, string | number>) => string;
export const sayEnglish: Say = (text, values) =>
  values
    ? text.replace(/\{([a-zA-Z0-9]+)\}/g, (all, n: string) => (values[n] !== undefined ? String(values[n]) : all))
    : text;

/** The sample `svc notify test CHANNEL` sends: a sale, with every field a real one has. */
export function sampleNotice(at: string): Notice {
  return {
    kind: 'sale',
    headline: 'Sale: Valorant key (sample from svc notify test)',
    fields: [
      ['listing', '101 Valorant key'],
      ['price', 'R$ 19,90'],
      ['net', 'R$ 17,51'],
      ['cost', 'R$ 9,00'],
      ['profit', 'R$ 8,51'],
      ['units left', '12'],
      ['days left', '3.5'],
    ],
    at,
  };
}
