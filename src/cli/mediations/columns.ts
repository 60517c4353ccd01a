// How mediations show (A4). `reason` and `resolution` may be written by the buyer or staff:
// cells are sanitised by cellText (style.md principle 10).
import type { z } from 'zod';
import type { Mediation } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';

export type MediationRow = z.infer<typeof Mediation>;

export const mediationColumns: Column<MediationRow>[] = [
  { header: 'order', value: 'orderId', kind: 'number' },
  { header: 'status', value: 'status', kind: 'status' },
  { header: 'reason', value: 'reason', max: 48 },
  { header: 'opened', value: 'openedAt', kind: 'date' },
  { header: 'closed', value: 'closedAt', kind: 'date' },
  { header: 'resolution', value: 'resolution', max: 24, kind: 'status' },
];
