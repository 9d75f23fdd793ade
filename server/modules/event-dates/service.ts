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
import { queryRows, sqlList } from '../../db/rows';
import { eventDateRules, eventDates } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent, lockEvent } from '../owned-events/service';
import { capDate, fillStock } from '../stock/service';
import { expandRule } from './rule';

type Row = typeof eventDates.$inferSelect;
type Input = z.output<typeof EventDateRequest>;
/** A date of an event, as the caller names it. */
interface DateRef {
  auth: AuthContext;
  eventId: number;
  id: number;
}

/** A date with the seats sold on it over all its tickets. */
type Counted = Row & { sold: number };

const toResponse = (row: Counted): EventDateResponse => ({
  id: row.id,
  event_id: row.eventId,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt?.toISOString() ?? null,
  label: row.label,
  status: row.status,
  capacity: row.capacity,
  sold: row.sold,
  rule_id: row.ruleId,
  created_at: row.createdAt.toISOString(),
});

/** Seats sold on a date, over all its tickets (`ticket_stock`, decision 049). */
const soldOn = sql<number>`(select coalesce(sum(quantity_sold), 0)::int from ticket_stock
  where ticket_stock.date_id = ${eventDates.id})`.as('sold');

/** Dates with their seats sold, as the routes answer them. */
const selectCounted = (db: Db) => db.select({ row: eventDates, sold: soldOn }).from(eventDates);
const counted = (rows: { row: Row; sold: number }[]) =>
  rows.map(({ row, sold }) => toResponse({ ...row, sold: Number(sold) }));

const columnsOf = (input: Input) => ({
  startsAt: new Date(input.starts_at),
  endsAt: input.ends_at ? new Date(input.ends_at) : null,
  label: input.label || null,
  status: input.status,
  capacity: input.capacity ?? null,
});

/** A date an order may be for: the one an event has, or the one the buyer chose. */
export type SaleDate = Pick<Row, 'id' | 'status' | 'startsAt' | 'endsAt' | 'label'>;

/** An event's dates that are not cancelled, in order of start. */
export function findSaleDates(db: Db, eventId: number): Promise<SaleDate[]> {
  return db
    .select({
      id: eventDates.id,
      status: eventDates.status,
      startsAt: eventDates.startsAt,
      endsAt: eventDates.endsAt,
      label: eventDates.label,
    })
    .from(eventDates)
    .where(and(eq(eventDates.eventId, eventId), ne(eventDates.status, 'CANCELLED')))
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id));
}

/**
 * The date an order is for when none is named: the event's one date, or its one date on sale
 * (an organizer's hidden or sold-out dates aside); none when it has several on sale.
 */
function onlyDate<T extends SaleDate>(dates: readonly T[]): T | undefined {
  if (dates.length === 1) return dates[0];
  const onSale = dates.filter((d) => d.status === 'ON_SALE');
  return onSale.length === 1 ? onSale[0] : undefined;
}

/**
 * The date an order (or a ticket holder added by hand) is for: the one asked for, which must be
 * on sale; or, when none is asked for, the event's only date (`onlyDate`; an event with several
 * on sale needs a choice). A 422 on `date_id` otherwise.
 */
export function chooseDate<T extends SaleDate>(
  dates: readonly T[],
  asked: number | undefined,
  { anyStatus = false }: { anyStatus?: boolean } = {},
): T {
  const date = asked === undefined ? onlyDate(dates) : dates.find((d) => d.id === asked);
  if (!date) {
    throw fieldError('date_id', asked === undefined ? VALIDATION.chooseDate : VALIDATION.unknownDate);
  }
  if (!anyStatus && date.status !== 'ON_SALE') throw fieldError('date_id', VALIDATION.dateNotOnSale);
  return date;
}

/** Checks that a date named in a request is one of the event's: a 422 on `field` otherwise. */
export async function assertEventDate(
  db: Db,
  { eventId, dateId }: { eventId: number; dateId: number },
  field = 'date_id',
): Promise<void> {
  const [date] = await db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(and(eq(eventDates.id, dateId), eq(eventDates.eventId, eventId)));
  if (!date) throw fieldError(field, VALIDATION.unknownDate);
}

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
  await fillStock(tx, event.id);
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
export async function spanEvent(tx: Transaction, eventId: number): Promise<void> {
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
  const rows = await selectCounted(db)
    .where(eq(eventDates.eventId, eventId))
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id));
  return counted(rows);
}

export async function getEventDate({ db, auth, eventId, id }: DateRef & { db: Db }) {
  await getEvent(db, auth.accountId, eventId);
  const [date] = counted(
    await selectCounted(db).where(
      and(eq(eventDates.id, id), eq(eventDates.eventId, eventId), eq(eventDates.accountId, auth.accountId)),
    ),
  );
  if (!date) throw new AppError('NOT_FOUND');
  return date;
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
  const id = await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const { capacity, ...columns } = columnsOf(input);
    const [made] = await tx
      .insert(eventDates)
      .values({ accountId: auth.accountId, eventId, ...columns })
      .returning({ id: eventDates.id });
    if (!made) throw new Error('date insert returned nothing');
    await fillStock(tx, eventId);
    await capDate(tx, made.id, capacity);
    await spanEvent(tx, eventId);
    return made.id;
  });
  return getEventDate({ db, auth, eventId, id });
}

/**
 * A date set CANCELLED by an edit skips what cancelling it does (refunds, mails, the waiting
 * list closed: decision 050), so an edit may only cancel a date nobody holds an order of or
 * waits for; the others go through `POST …/dates/{dateId}/cancel`. A 422 on `status`.
 */
async function assertCancellableByEdit(tx: Transaction, ref: DateRef) {
  const [date] = await tx
    .select({ status: eventDates.status })
    .from(eventDates)
    .where(and(eq(eventDates.id, ref.id), eq(eventDates.eventId, ref.eventId)))
    .for('update');
  if (!date || date.status === 'CANCELLED') return;
  const [held] = await queryRows<{ held: boolean }>(
    tx,
    sql`select exists (select 1 from orders where date_id = ${ref.id}
          and status not in ('CANCELLED', 'EXPIRED', 'ABANDONED'))
        or exists (select 1 from waitlist_entries where date_id = ${ref.id}
          and status in ('WAITING', 'OFFERED')) as held`,
  );
  if (held?.held) throw fieldError('status', VALIDATION.cancelDateWithOrders);
}

export async function updateEventDate({ db, input, ...ref }: DateRef & { db: Database; input: Input }) {
  await inTransaction(db, async (tx) => {
    await lockEvent(tx, ref.auth.accountId, ref.eventId);
    if (input.status === 'CANCELLED') await assertCancellableByEdit(tx, ref);
    const { capacity, ...columns } = columnsOf(input);
    const [written] = await tx
      .update(eventDates)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(and(eq(eventDates.id, ref.id), eq(eventDates.eventId, ref.eventId)))
      .returning({ id: eventDates.id, capacity: eventDates.capacity });
    if (!written) throw new AppError('NOT_FOUND');
    if (written.capacity !== capacity) await capDateOrRefuse(tx, ref.id, capacity);
    await spanEvent(tx, ref.eventId);
  });
  return getEventDate({ db, ...ref });
}

/** Sets a date's capacity; one below the seats the date has taken is a field error. */
export async function capDateOrRefuse(tx: Transaction, dateId: number, capacity: number | null) {
  try {
    await tx.transaction((savepoint) => capDate(savepoint, dateId, capacity));
  } catch (error) {
    if (sqlState(error) === '23514') throw fieldError('capacity', VALIDATION.quantityBelowTaken);
    throw error;
  }
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
    const [saved] = await tx
      .insert(eventDateRules)
      .values({ accountId: auth.accountId, eventId, rule })
      .returning({ id: eventDateRules.id });
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
          ruleId: saved?.id ?? null,
        })),
      )
      .returning();
    // New dates have sold nothing: with a capacity, their tickets' rows count on the date.
    await fillStock(tx, eventId);
    if (rule.capacity != null) {
      await tx.execute(sql`update ticket_stock set date_capped = true
        where date_id in (${sqlList(made.map((d) => d.id))})`);
    }
    await spanEvent(tx, eventId);
    return made;
  });
  return rows.map((row) => toResponse({ ...row, sold: 0 }));
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
      .returning({ id: eventDates.id })
      .catch((error: unknown) => {
        // Orders (even ones that never completed) name it: cancel it instead.
        if (sqlState(error) === '23503') throw new AppError('DATE_HAS_ORDERS');
        throw error;
      });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
    if (Number(others?.count) === 0) throw new AppError('LAST_EVENT_DATE');
    await spanEvent(tx, ref.eventId);
  });
}
