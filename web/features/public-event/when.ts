import { plainSpaces } from '../../lib/intl-text';
import type { PublicEvent } from './api';

const offsetIn = (zone: string, at: Date) =>
  new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;

/** "Saturday, June 1, 2031, 7:00 – 10:30 PM GMT+1", in `zone` (the event's, or the buyer's). */
export function dateRange(event: Pick<PublicEvent, 'start_date' | 'end_date'>, zone: string, locale: string) {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const start = new Date(event.start_date);
  return plainSpaces(
    event.end_date ? format.formatRange(start, new Date(event.end_date)) : format.format(start),
  );
}

/** Whether the buyer's clock differs from the event's at its start (then both times are shown). */
export function zonesDiffer(event: Pick<PublicEvent, 'start_date'>, eventZone: string, viewerZone: string) {
  try {
    const at = new Date(event.start_date);
    return offsetIn(eventZone, at) !== offsetIn(viewerZone, at);
  } catch {
    return false;
  }
}

/** A short date for the sticky bar: "Sat, Jun 1". */
export function shortDate(event: Pick<PublicEvent, 'start_date' | 'timezone'>, locale: string) {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, {
      timeZone: event.timezone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    }).format(new Date(event.start_date)),
  );
}
