import type { MessageDescriptor } from '@lingui/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EventDateRef } from '../../../common/date-filter';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Db } from '../../db/client';
import { eventDates } from '../../db/schema';
import { fieldError } from '../../http/app-error';

// The dates of an event as the organizer's lists show and filter them (issue 36): orders,
// attendees, the waiting list, the dashboard and messages narrow to one date by its id.

type DateRow = Pick<typeof eventDates.$inferSelect, 'id' | 'startsAt' | 'endsAt' | 'label'>;

const refColumns = {
  id: eventDates.id,
  startsAt: eventDates.startsAt,
  endsAt: eventDates.endsAt,
  label: eventDates.label,
};

export function toDateRef(row: DateRow): EventDateRef {
  return {
    id: row.id,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    label: row.label,
  };
}

/**
 * The date a list is asked to narrow to, when one is: it must be a date of the event, else a
 * 422 on `field` in the caller's language. Undefined when none is asked for.
 */
export async function askedDate(
  db: Db,
  ask: { eventId: number; dateId: number | undefined; field?: string },
): Promise<EventDateRef | undefined> {
  if (ask.dateId === undefined) return undefined;
  const [row] = await db
    .select(refColumns)
    .from(eventDates)
    .where(and(eq(eventDates.id, ask.dateId), eq(eventDates.eventId, ask.eventId)));
  if (!row) throw fieldError(ask.field ?? 'date_id', VALIDATION.unknownDate as MessageDescriptor);
  return toDateRef(row);
}

/** The dates of these ids, by id: one read for a page of rows. */
export async function dateRefs(db: Db, ids: readonly number[]): Promise<Map<number, EventDateRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(refColumns).from(eventDates).where(inArray(eventDates.id, unique));
  return new Map(rows.map((row) => [row.id, toDateRef(row)]));
}

/** How many dates the event has (the screens show a date filter and column only with several). */
export async function countEventDates(db: Db, eventId: number): Promise<number> {
  return db.$count(eventDates, eq(eventDates.eventId, eventId));
}

/** Every date of the event, by id, in order of start: an export's "Date" cells. */
export async function eventDateRefs(db: Db, eventId: number): Promise<Map<number, EventDateRef>> {
  const rows = await db
    .select(refColumns)
    .from(eventDates)
    .where(eq(eventDates.eventId, eventId))
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id));
  return new Map(rows.map((row) => [row.id, toDateRef(row)]));
}

/**
 * A date as an export's cell: its start in the event's time zone, written as spreadsheets read
 * a time ("2026-05-14 19:30"), then its label in brackets when it has one.
 */
export function dateCellText(date: EventDateRef | undefined, timeZone: string): string | null {
  if (!date) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(date.starts_at))
      .map((part) => [part.type, part.value]),
  );
  const start = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  return date.label ? `${start} (${date.label})` : start;
}

/** The "Date" column's heading of the exports. */
export const DATE_COLUMN = /*i18n*/ { id: 'export.date', message: 'Date' };
