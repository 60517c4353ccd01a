// Times in tables are the reader's local time: a seller in São Paulo reads
// `2026-11-25 16:28:02`, under a header that names the offset (`CREATED (-03:00)`), not UTC
// without a zone. TZ is honoured (Node reads it for Date's local getters). A time whose offset
// differs from today's (summer time elsewhere) carries its own. json, jsonl, csv and tsv keep
// the API's values unchanged.

const pad = (n: number) => String(n).padStart(2, '0');

/** `-03:00` for an offset in minutes east of UTC. */
function offsetText(minutesEast: number): string {
  const a = Math.abs(minutesEast);
  return `${minutesEast < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** The offset of the local zone now, as a table header shows it. */
export function zoneLabel(now = new Date()): string {
  return offsetText(-now.getTimezoneOffset());
}

/**
 * An ISO 8601 date-time as local `YYYY-MM-DD HH:MM:SS`, with its offset when it is not the
 * zone's offset now (or always, with `withOffset`); anything else comes back as it was, with
 * the old table form (`T` as a space, no `Z`).
 */
export function localTime(value: string, withOffset = false): string {
  const d = /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) ? new Date(value) : undefined;
  if (!d || Number.isNaN(d.getTime())) return value.replace('T', ' ').replace(/\.\d+Z$|Z$/, '');
  const off = offsetText(-d.getTimezoneOffset());
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return withOffset || off !== zoneLabel() ? `${local} ${off}` : local;
}
