// What the shop tells a seller (issue 24): one neutral notice per event, formatted for each chat
// platform only at the edge (src/notify/format.ts). Every text in a notice may come from the
// network or a file (listing titles, buyer names): the formatters escape it for their platform.

/** The events a channel can choose (issue 24 "Events"). */
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
  'quota_low',
  'quota_spent',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  kind: NoticeKind;
  /** One line: what happened. */
  headline: string;
  /** Label → value lines, in order (values are plain text, escaped per platform). */
  fields: [string, string][];
  /** When it happened (ISO). */
  at: string;
}

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
