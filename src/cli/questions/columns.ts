// How questions show (A4). Question text and asker names are buyer-written: cells are
// sanitised by cellText (style.md principle 10).
import type { Question } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';

export const questionColumns: Column<Question>[] = [
  { header: 'id', value: 'id', kind: 'number' },
  { header: 'status', value: 'status', kind: 'status' },
  { header: 'listing', value: 'productId', kind: 'number' },
  { header: 'order', value: 'orderId', kind: 'number' },
  { header: 'asker', value: 'askerName', max: 20 },
  { header: 'question', value: 'text', max: 48 },
  { header: 'answer', value: 'answer', max: 32 },
  { header: 'created', value: 'createdAt', kind: 'date' },
];

export const questionDetailColumns: Column<Question>[] = [
  ...questionColumns.filter((c) => c.header !== 'question' && c.header !== 'answer'),
  { header: 'answered', value: 'answeredAt', kind: 'date' },
  { header: 'question', value: 'text' },
  { header: 'answer', value: 'answer' },
];
