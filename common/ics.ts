import { timezoneLines, wallClock, zoneOffset } from './ics-timezone';

/**
 * An iCalendar (RFC 5545) file with one event, attached to order and ticket mails and offered
 * on ticket pages, so buyers can add the event to their calendar. Times are written in the
 * event's time zone (with its VTIMEZONE) when it is known, else in UTC. Shared by the server
 * and the browser.
 */
export interface CalendarEvent {
  uid: string;
  title: string;
  start: Date;
  end: Date | null;
  /** The event's IANA time zone, such as `Europe/Berlin`. */
  timezone?: string;
  location: string | null;
  url: string;
  description: string | null;
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text values escape backslashes, semicolons, commas and line breaks. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: a line break and one space, never inside a character. */
const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (octets(current + char) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The event's UID in calendar files: `event-{id}@{host of APP_URL}`. Ids restart at 1 on every
 * install, so the host is what keeps two installs' events apart in one calendar (RFC 5545 asks
 * for a UID unique across the world); the mails, the event page's file and the ticket pages'
 * files of one event share it, so adding it twice updates one entry. A date of the event other
 * than its first (issue 36) is an entry of its own: `laterDateId` names it.
 */
export const calendarUid = (eventId: number, appUrl: string, laterDateId?: number): string =>
  laterDateId === undefined
    ? `event-${eventId}@${new URL(appUrl).host}`
    : `event-${eventId}-date-${laterDateId}@${new URL(appUrl).host}`;

/** The end a calendar shows: the event's, or two hours after the start without one. */
export const calendarEnd = (event: { start: Date; end: Date | null }) =>
  event.end ?? new Date(event.start.getTime() + 2 * 3600 * 1000);

export function eventCalendar(event: CalendarEvent, now = new Date()): string {
  const end = calendarEnd(event);
  const zone = event.timezone;
  const time = (name: string, at: Date) =>
    zone ? `${name};TZID=${zone}:${wallClock(at, zoneOffset(zone, at))}` : `${name}:${utc(at)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tessera//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(zone ? timezoneLines(zone, event.start, end) : []),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(now)}`,
    time('DTSTART', event.start),
    time('DTEND', end),
    `SUMMARY:${text(event.title)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
