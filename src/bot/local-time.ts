// The seller's local time, for the digest's hour and the day a sale counts in: from the IANA
// zone of shop.yaml through Intl (no table of our own). Offsets are read at the instant in
// question, so a zone with summer time is right on both sides of its change.

/** The zone's offset from UTC at `ms`, in ms (São Paulo: -3 h). */
function zoneOffsetMs(ms: number, zone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant the local day holding `ms` began. */
export function localDayStart(ms: number, zone: string): number {
  const local = ms + zoneOffsetMs(ms, zone);
  const midnightLocal = local - (((local % 86_400_000) + 86_400_000) % 86_400_000);
  return midnightLocal - zoneOffsetMs(midnightLocal - zoneOffsetMs(ms, zone), zone);
}

/** YYYY-MM-DD of `ms` in the zone. */
export function localDate(ms: number, zone: string): string {
  return new Date(ms + zoneOffsetMs(ms, zone)).toISOString().slice(0, 10);
}

/** HH:MM of `ms` in the zone. */
export function localClock(ms: number, zone: string): string {
  return new Date(ms + zoneOffsetMs(ms, zone)).toISOString().slice(11, 16);
}

/** The local weekday of `ms` (0 Sunday). */
export function localWeekday(ms: number, zone: string): number {
  return new Date(ms + zoneOffsetMs(ms, zone)).getUTCDay();
}

/** The next instant after `ms` when the zone's clock reads `at` (HH:MM). */
export function nextLocalTime(ms: number, at: string, zone: string): number {
  const [h, m] = at.split(':').map(Number) as [number, number];
  let day = localDayStart(ms, zone);
  for (let i = 0; i < 3; i++) {
    const t = day + (h * 60 + m) * 60_000;
    if (t > ms) return t;
    day = localDayStart(day + 36 * 3_600_000, zone);
  }
  return day + (h * 60 + m) * 60_000;
}
