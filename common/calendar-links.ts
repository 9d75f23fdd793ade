import { calendarEnd } from './ics';

/** What a calendar link carries: the event, where it happens, and a link back to the order or ticket. */
export interface CalendarLinkEvent {
  title: string;
  start: Date;
  end: Date | null;
  timezone: string;
  location: string | null;
  details: string | null;
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** "Add to Google Calendar": Google's event template page, filled in (times in UTC, shown in the event's zone). */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utc(event.start)}/${utc(calendarEnd(event))}`,
    ctz: event.timezone,
  });
  if (event.location) params.set('location', event.location);
  if (event.details) params.set('details', event.details);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** "Outlook": Outlook on the web's new-event form, filled in (times in UTC). */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: iso(event.start),
    enddt: iso(calendarEnd(event)),
  });
  if (event.location) params.set('location', event.location);
  if (event.details) params.set('body', event.details);
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}
