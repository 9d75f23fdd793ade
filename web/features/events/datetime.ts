/**
 * Event dates are typed as the wall-clock time of the event's own time zone, whatever the
 * browser's zone is: `2026-06-01T19:00` in `America/New_York` is 23:00 UTC.
 */

function zoneParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = zoneParts(instant, timeZone);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:mm` in `timeZone` → ISO 8601 instant (UTC), or null for an empty/invalid value. */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess, then again at the result (they differ only around a DST change).
  let instant = wall - offsetAt(new Date(wall), timeZone);
  const second = wall - offsetAt(new Date(instant), timeZone);
  if (second !== instant) instant = second;
  return new Date(instant).toISOString();
}

/** ISO instant → `YYYY-MM-DDTHH:mm` as the clock in `timeZone` shows it (for datetime-local inputs). */
export function isoToZoned(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const p = zoneParts(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A date and time for people, in the event's zone and the interface language. */
export function formatEventDate(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "Sat, Jun 1, 2026, 7:00 PM – 11:00 PM" style range, in the event's zone. */
export function formatEventRange(
  {
    start_date: start,
    end_date: end,
    timezone: timeZone,
  }: { start_date: string; end_date: string | null; timezone: string },
  locale: string,
): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return end ? format.formatRange(new Date(start), new Date(end)) : format.format(new Date(start));
}
