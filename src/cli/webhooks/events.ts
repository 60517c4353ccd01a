// svc webhooks events [EVENT]: the known events (spec 6.3 + A11) and the order.delivered
// payload (spec 6.4); with EVENT, that event's payload fields.
import { t } from '../../i18n/index.js';
import { UsageError } from '../../api/errors.js';
import type { Column } from '../../output/columns.js';
import { printRecords } from '../../ui/print.js';
import { EVENTS, EVENT_NAMES, eventDef, ORDER_DELIVERED_FIELDS, type EventDef } from '../../webhooks/events.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';

interface EventRow {
  event: string;
  group: string;
  source: string;
  idField: string | null;
  confirmed: boolean;
  meaning: string;
}
interface FieldRow {
  field: string;
  type: string;
  notes: string;
}

const eventColumns: Column<EventRow>[] = [
  { header: 'event', value: 'event' },
  { header: 'group', value: 'group', kind: 'status' },
  { header: 'source', value: 'source' },
  { header: 'id field', value: 'idField' },
  { header: 'confirmed', value: 'confirmed', kind: 'bool' },
  { header: 'meaning', value: 'meaning', max: 60, kind: 'word' },
];
const fieldColumns: Column<FieldRow>[] = [
  { header: 'field', value: 'field' },
  { header: 'type', value: 'type', kind: 'status' },
  { header: 'notes', value: 'notes', max: 70, kind: 'word' },
];

function row(e: EventDef): EventRow {
  return {
    event: e.name,
    group: e.group,
    source: e.source,
    idField: e.idField ?? null,
    confirmed: e.orderEvent,
    meaning: e.meaning,
  };
}

/** Payload fields: spec 6.4 for order.delivered; for the others, the ids A11 promises. */
function fields(e: EventDef): FieldRow[] {
  if (e.name === 'order.delivered') return ORDER_DELIVERED_FIELDS.map((f) => ({ ...f }));
  if (e.group === 'order')
    return [
      { field: 'id', type: 'integer', notes: 'numeric order id (A11)' },
      { field: 'orderCode', type: 'string', notes: 'order code (A11)' },
    ];
  if (e.idField) return [{ field: e.idField, type: 'integer', notes: 'id of the thing (A11)' }];
  return [];
}

async function run(deps: Deps, _o: object, args: string[]): Promise<number> {
  const name = args[0];
  const format = deps.format();
  if (name !== undefined) {
    const def = eventDef(name);
    if (!def) throw new UsageError(`unknown event "${name}"`, `known events: ${EVENT_NAMES.join(', ')}`);
    await printRecords(deps.io, fields(def), {
      format,
      columns: fieldColumns,
      empty: `the payload of ${name} is not shown by the spec (A11: no id named)`,
    });
    return 0;
  }
  const rows = EVENTS.map(row);
  if (format === 'json') {
    deps.io.stdout.write(
      `${JSON.stringify({ events: rows, payloads: { 'order.delivered': ORDER_DELIVERED_FIELDS } }, null, 2)}\n`,
    );
    return 0;
  }
  await printRecords(deps.io, rows, { format, columns: eventColumns });
  if (format === 'table') {
    deps.io.stdout.write(`\n${t('{event} payload (spec 6.4):', { event: 'order.delivered' })}\n`);
    await printRecords(deps.io, fields(eventDef('order.delivered')!), { format, columns: fieldColumns });
  }
  return 0;
}

export const eventsVerb = defineVerb({
  name: 'events',
  description: 'list the events the service sends (spec 6.3, assumption A11) and the order.delivered payload',
  args: [['[event]', 'show the payload fields of this event']],
  examples: ['svc webhooks events', 'svc webhooks events order.delivered', 'svc webhooks events --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [eventsVerb];
