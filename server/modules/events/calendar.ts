import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { calendarUid, eventCalendar } from '../../../common/ics';
import { whereOf } from '../../../common/where';
import type { Db } from '../../db/client';
import { eventDates, events } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { htmlToText } from '../../text/html-to-text';

/**
 * A live event as an iCalendar file for its public page's "Add to calendar" link: the same
 * builder as the order mails' attachment (times in UTC, text escaped, lines folded at 75
 * octets), with the page's address as its URL and the description as plain text.
 */
export async function getPublicEventCalendar(
  db: Db,
  asked: { id: number; dateId?: number | undefined },
  appUrl: string,
) {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, asked.id), eq(events.status, 'LIVE')));
  if (!event) throw new AppError('NOT_FOUND');
  const date = await dateOf(db, event.id, asked.dateId);
  const where = whereOf({ location: event.location ?? null, is_online: Boolean(event.onlineEventDetails) });
  const url = `${appUrl}/e/${event.id}/${event.slug}${date && asked.dateId ? `?date=${date.id}` : ''}`;
  const description = event.description ? htmlToText(event.description).trim() : '';
  return {
    filename: `${event.slug || 'event'}.ics`,
    body: eventCalendar({
      // A later date is an entry of its own; the first keeps the event's (as the tickets' files do).
      uid: calendarUid(event.id, appUrl, date && !date.first ? date.id : undefined),
      title: date?.label ? `${event.title} · ${date.label}` : event.title,
      start: date?.startsAt ?? event.startDate,
      end: date ? date.endsAt : event.endDate,
      timezone: event.timezone,
      location: where?.lines.length ? where.lines.join(', ') : where?.online ? 'Online' : null,
      url,
      description: [description, url].filter(Boolean).join('\n\n'),
    }),
  };
}

/**
 * The date asked for, if a buyer may choose it (neither cancelled nor hidden), or a 404; without
 * one, the next date on sale, as the page shows first: a file of an event with many dates holds
 * one of them, not the span of all. None on sale: the event's own span.
 */
async function dateOf(db: Db, eventId: number, dateId: number | undefined) {
  const [date] = await db
    .select({
      id: eventDates.id,
      startsAt: eventDates.startsAt,
      endsAt: eventDates.endsAt,
      label: eventDates.label,
      first: sql<boolean>`${eventDates.id} = (select min(id) from event_dates where event_id = ${eventId})`,
    })
    .from(eventDates)
    .where(
      dateId === undefined
        ? and(
            eq(eventDates.eventId, eventId),
            eq(eventDates.status, 'ON_SALE'),
            sql`coalesce(${eventDates.endsAt}, ${eventDates.startsAt}) > now()`,
          )
        : and(
            eq(eventDates.id, dateId),
            eq(eventDates.eventId, eventId),
            notInArray(eventDates.status, ['CANCELLED', 'HIDDEN']),
          ),
    )
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id))
    .limit(1);
  if (!date && dateId !== undefined) throw new AppError('NOT_FOUND');
  return date && { ...date, first: Boolean(date.first) };
}
