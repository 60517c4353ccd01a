// Times in tables are the reader's local time with the offset shown (issue 27): a seller in
// São Paulo reads `2026-11-25 16:28:02 -03:00`, not UTC without a zone. TZ is honoured (Node
// reads it for Date's local getters). json, jsonl, csv and tsv keep the API's values unchanged.

/** An ISO 8601 date-time as local `YYYY-MM-DD HH:MM:SS ±HH:MM`; anything else unchanged. */
export function localTime(value: string): string {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? '-' : '+';
  const zone = `${sign}${p(Math.floor(Math.abs(off) / 60))}:${p(Math.abs(off) % 60)}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${zone}`;
}
