import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type EventDateRequest,
  type EventDateResponse,
  type EventDateRule,
  MAX_EVENT_DATES,
} from '../../../common/event-dates';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database, Db, Transaction } from '../../db/client';
import { eventDates } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent, lockEvent } from '../owned-events/service';
import { expandRule } from './rule';

type Row = typeof eventDates.$inferSelect;
type Input = z.output<typeof EventDateRequest>;
/** A date of an event, as the caller names it. */
interface DateRef {
  auth: AuthContext;
  eventId: number;
  id: number;
}

const toResponse = (row: Row): EventDateResponse => ({
  id: row.id,
  event_id: row.eventId,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt?.toISOString() ?? null,
  label: row.label,
  status: row.status,
  capacity: row.capacity,
  created_at: row.createdAt.toISOString(),
});

const columnsOf = (input: Input) => ({
  startsAt: new Date(input.starts_at),
  endsAt: input.ends_at ? new Date(input.ends_at) : null,
  label: input.label || null,
  status: input.status,
  capacity: input.capacity ?? null,
});

/** An event's first date, written with the event: its own start and end. */
export async function addFirstDate(
  tx: Transaction,
  event: { id: number; accountId: number; startDate: Date; endDate: Date | null },
): Promise<void> {
  await tx.insert(eventDates).values({
    accountId: event.accountId,
    eventId: event.id,
    startsAt: event.startDate,
    endsAt: event.endDate,
  });
}

/**
 * The event's start or end was edited: an event with one date moves that date along (it is
 * what the organizer sees as the event's start and end). An event with several keeps them.
 */
export async function followEventSpan(
  tx: Transaction,
  event: { id: number; startDate: Date; endDate: Date | null },
): Promise<void> {
  await tx.execute(sql`
    update event_dates set starts_at = ${event.startDate.toISOString()},
      ends_at = ${event.endDate?.toISOString() ?? null}, updated_at = now()
    where event_id = ${event.id} and (select count(*) from event_dates where event_id = ${event.id}) = 1`);
}

/**
 * The event's own start and end become the span of its dates that are not cancelled (the
 * first start, the last end), so lists, the event's lifecycle and its mails follow its dates.
 */
async function spanEvent(tx: Transaction, eventId: number): Promise<void> {
  await tx.execute(sql`
    with span as (
      select min(starts_at) as first_start, max(coalesce(ends_at, starts_at)) as last_end,
        count(*) as dates, max(ends_at) as one_end
      from event_dates where event_id = ${eventId} and status <> 'CANCELLED')
    update events set start_date = span.first_start,
      end_date = case
        when span.dates = 1 then span.one_end
        when span.last_end > span.first_start then span.last_end end,
      updated_at = now()
    from span where events.id = ${eventId} and span.dates > 0`);
}

export async function findEventDates(db: Db, auth: AuthContext, eventId: number) {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(eventDates)
    .where(eq(eventDates.eventId, eventId))
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id));
  return rows.map(toResponse);
}

async function getRow(db: Db, { auth, eventId, id }: DateRef): Promise<Row> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(eventDates)
    .where(
      and(eq(eventDates.id, id), eq(eventDates.eventId, eventId), eq(eventDates.accountId, auth.accountId)),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getEventDate({ db, ...ref }: DateRef & { db: Db }) {
  return toResponse(await getRow(db, ref));
}

/** A date put on sale must lie ahead: a buyer could not come to one that is over. */
function assertAhead(date: { status: string; startsAt: Date }, field: string, now: Date) {
  if (date.status === 'ON_SALE' && date.startsAt <= now) throw fieldError(field, VALIDATION.dateInPast);
}

export async function createEventDate({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}) {
  assertAhead({ status: input.status, startsAt: new Date(input.starts_at) }, 'starts_at', new Date());
  const row = await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const [made] = await tx
      .insert(eventDates)
      .values({ accountId: auth.accountId, eventId, ...columnsOf(input) })
      .returning();
    if (!made) throw new Error('date insert returned nothing');
    await spanEvent(tx, eventId);
    return made;
  });
  return toResponse(row);
}

export async function updateEventDate({ db, input, ...ref }: DateRef & { db: Database; input: Input }) {
  const row = await inTransaction(db, async (tx) => {
    await lockEvent(tx, ref.auth.accountId, ref.eventId);
    const [written] = await tx
      .update(eventDates)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(and(eq(eventDates.id, ref.id), eq(eventDates.eventId, ref.eventId)))
      .returning();
    if (!written) throw new AppError('NOT_FOUND');
    await spanEvent(tx, ref.eventId);
    return written;
  });
  return toResponse(row);
}

/**
 * Adds the dates a rule makes, in the event's time zone, all or none: a rule that makes none,
 * more than `MAX_EVENT_DATES` with the event's others, or one on sale in the past is refused.
 */
export async function addRuleDates({
  db,
  auth,
  eventId,
  rule,
  now = new Date(),
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  rule: EventDateRule;
  now?: Date;
}) {
  const rows = await inTransaction(db, async (tx) => {
    const event = await lockEvent(tx, auth.accountId, eventId);
    const dates = expandRule(rule, event.timezone);
    if (dates.length === 0) throw fieldError('from', VALIDATION.noDates);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(eventDates)
      .where(eq(eventDates.eventId, eventId));
    if (dates.length + Number(held?.count) > MAX_EVENT_DATES)
      throw fieldError('until', VALIDATION.tooManyDates);
    const [first] = dates;
    if (first) assertAhead({ status: rule.status, startsAt: first.startsAt }, 'from', now);
    const made = await tx
      .insert(eventDates)
      .values(
        dates.map((date) => ({
          accountId: auth.accountId,
          eventId,
          ...date,
          label: rule.label || null,
          status: rule.status,
          capacity: rule.capacity ?? null,
        })),
      )
      .returning();
    await spanEvent(tx, eventId);
    return made;
  });
  return rows.map(toResponse);
}

/** Deletes a date; an event keeps at least one (`LAST_EVENT_DATE`). */
export async function deleteEventDate({ db, ...ref }: DateRef & { db: Database }) {
  await inTransaction(db, async (tx) => {
    await lockEvent(tx, ref.auth.accountId, ref.eventId);
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(eventDates)
      .where(and(eq(eventDates.eventId, ref.eventId), ne(eventDates.id, ref.id)));
    const deleted = await tx
      .delete(eventDates)
      .where(and(eq(eventDates.id, ref.id), eq(eventDates.eventId, ref.eventId)))
      .returning({ id: eventDates.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
    if (Number(others?.count) === 0) throw new AppError('LAST_EVENT_DATE');
    await spanEvent(tx, ref.eventId);
  });
}
