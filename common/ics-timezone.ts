/**
 * A time zone as iCalendar writes it (RFC 5545 VTIMEZONE), worked out from the browser's or
 * Node's own zone data (Intl): the offset in force when the range starts and each change of
 * offset within it, so calendars show the event at the organizer's local time in any zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC that `zone` is at `at`. */
export function zoneOffset(zone: string, at: Date): number {
  const parts = formatterOf(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  const whole = at.getTime() - (at.getTime() % 1000);
  return Math.round((local - whole) / 60_000);
}

/** `20310601T210000`: a UTC instant as the wall clock of a zone `offset` minutes east shows it. */
export function wallClock(at: Date, offset: number): string {
  return new Date(at.getTime() + offset * 60_000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

/** `+0200` (iCalendar), or `+02:00` with `separator` ':' (ISO 8601). */
export function offsetText(minutes: number, separator = ''): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${separator}${String(abs % 60).padStart(2, '0')}`;
}

const DAY = 86_400_000;

/** The changes of offset between `from` and `to`, each found to the minute. */
function transitions(zone: string, from: number, to: number) {
  const found: { at: Date; from: number; to: number }[] = [];
  let before = zoneOffset(zone, new Date(from));
  for (let day = from; day < to; day += DAY) {
    const after = zoneOffset(zone, new Date(day + DAY));
    if (after !== before) {
      let low = day;
      let high = day + DAY;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (zoneOffset(zone, new Date(middle)) === before) low = middle;
        else high = middle;
      }
      found.push({ at: new Date(high), from: before, to: after });
      before = after;
    }
  }
  return found;
}

/**
 * The VTIMEZONE lines of `zone` for the years from `start` to `end`: the offset at the start of
 * the first year, then every change. The larger offsets of a zone that changes are its
 * daylight time.
 */
export function timezoneLines(zone: string, start: Date, end: Date): string[] {
  const key = `${zone} ${start.getUTCFullYear()} ${end.getUTCFullYear()}`;
  let lines = made.get(key);
  if (!lines) {
    lines = zoneLines(zone, start.getUTCFullYear(), end.getUTCFullYear());
    made.set(key, lines);
  }
  return lines;
}

/** Zones worked out already: a mail per attendee of a large order asks for the same one. */
const made = new Map<string, string[]>();

function zoneLines(zone: string, firstYear: number, lastYear: number): string[] {
  const from = Date.UTC(firstYear, 0, 1);
  const to = Date.UTC(lastYear + 1, 0, 1);
  const first = zoneOffset(zone, new Date(from));
  const changes = transitions(zone, from, to);
  const lowest = Math.min(first, ...changes.map((c) => c.to));
  const observance = (at: Date, offsetFrom: number, offsetTo: number) => {
    const kind = offsetTo > lowest ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${wallClock(at, offsetFrom)}`,
      `TZOFFSETFROM:${offsetText(offsetFrom)}`,
      `TZOFFSETTO:${offsetText(offsetTo)}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(new Date(from), first, first),
    ...changes.flatMap((change) => observance(change.at, change.from, change.to)),
    'END:VTIMEZONE',
  ];
}
