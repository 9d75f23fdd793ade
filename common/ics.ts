/**
 * An iCalendar (RFC 5545) file with one event, attached to order and ticket mails and offered
 * on ticket pages, so buyers can add the event to their calendar. Times are written in UTC.
 * Shared by the server and the browser.
 */
export interface CalendarEvent {
  uid: string;
  title: string;
  start: Date;
  end: Date | null;
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

export function eventCalendar(event: CalendarEvent, now = new Date()): string {
  // Without an end, the event lasts two hours in the calendar.
  const end = event.end ?? new Date(event.start.getTime() + 2 * 3600 * 1000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tessera//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${text(event.title)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
