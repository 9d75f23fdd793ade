import { and, eq } from 'drizzle-orm';
import { calendarUid, eventCalendar } from '../../../common/ics';
import { whereOf } from '../../../common/where';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { htmlToText } from '../../text/html-to-text';

/**
 * A live event as an iCalendar file for its public page's "Add to calendar" link: the same
 * builder as the order mails' attachment (times in UTC, text escaped, lines folded at 75
 * octets), with the page's address as its URL and the description as plain text.
 */
export async function getPublicEventCalendar(db: Db, id: number, appUrl: string) {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.status, 'LIVE')));
  if (!event) throw new AppError('NOT_FOUND');
  const where = whereOf({ location: event.location ?? null, is_online: Boolean(event.onlineEventDetails) });
  const url = `${appUrl}/e/${event.id}/${event.slug}`;
  const description = event.description ? htmlToText(event.description).trim() : '';
  return {
    filename: `${event.slug || 'event'}.ics`,
    body: eventCalendar({
      uid: calendarUid(event.id, appUrl),
      title: event.title,
      start: event.startDate,
      end: event.endDate,
      timezone: event.timezone,
      location: where?.lines.length ? where.lines.join(', ') : where?.online ? 'Online' : null,
      url,
      description: [description, url].filter(Boolean).join('\n\n'),
    }),
  };
}
