// How reviews and contestations show (A4). Comments and buyer names are buyer-written:
// cells are sanitised by cellText (style.md principle 10).
import type { z } from 'zod';
import type { Contestation, Review } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';

export type ReviewRow = z.infer<typeof Review>;
export type ContestationRow = z.infer<typeof Contestation>;

export const reviewColumns: Column<ReviewRow>[] = [
  { header: 'id', value: 'id', kind: 'number' },
  { header: 'rating', value: 'rating', kind: 'number' },
  { header: 'comment', value: 'comment', max: 48 },
  { header: 'buyer', value: 'buyerName', max: 20 },
  { header: 'order', value: 'orderId', kind: 'number' },
  { header: 'listing', value: 'productId', kind: 'number' },
  { header: 'contested', value: 'contested', kind: 'bool' },
  { header: 'created', value: 'createdAt', kind: 'date' },
];

export const contestationColumns: Column<ContestationRow>[] = [
  { header: 'id', value: 'id', kind: 'number' },
  { header: 'review', value: 'reviewId', kind: 'number' },
  { header: 'order', value: 'orderId', kind: 'number' },
  { header: 'status', value: 'status', kind: 'status' },
  { header: 'reason', value: 'reason', max: 48 },
  { header: 'created', value: 'createdAt', kind: 'date' },
];
