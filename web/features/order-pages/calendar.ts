import { calendarUid, eventCalendar } from '../../../common/ics';
import type { OrderEventSummary } from '../../../common/orders';
import { whereOf } from '../../../common/where';

/** The event as calendars take it: times, zone and the place on one line. */
export function calendarFieldsOf(event: OrderEventSummary) {
  const where = whereOf(event);
  return {
    title: event.title,
    start: new Date(event.start_date),
    end: event.end_date ? new Date(event.end_date) : null,
    timezone: event.timezone,
    location: where?.lines.length ? where.lines.join(', ') : where?.online ? 'Online' : null,
  };
}

/** The event as an .ics file (the same builder as the mails' attachment), saved by the browser. */
export function downloadCalendar(event: OrderEventSummary, pageUrl: string): void {
  const ics = eventCalendar({
    uid: calendarUid(event.id, pageUrl, event.date.first ? undefined : event.date.id),
    ...calendarFieldsOf(event),
    url: pageUrl,
    description: [event.online_event_details, pageUrl].filter(Boolean).join('\n\n'),
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  link.download = `${event.slug || 'event'}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
