import { asc, eq, sql } from 'drizzle-orm';
import type { EventDateRequest } from '../../common/event-dates';
import type { App } from '../app';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { eventDates } from '../db/schema';

/** The id of an event's first date (an event made with a start and an end has one). */
export async function firstDateOf(db: Db, eventId: number): Promise<number> {
  const [date] = await db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(eq(eventDates.eventId, eventId))
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id))
    .limit(1);
  if (!date) throw new Error(`event ${eventId} has no date`);
  return date.id;
}

type Counts = { quantitySold: number; quantityReserved: number };
const ids = (table: 'ticket_stock' | 'tier_stock') =>
  sql.raw(table === 'ticket_stock' ? 'ticket_id' : 'price_id');

/** A ticket's (or tier's) seats sold and held, over all its dates (decision 049). */
async function counts(db: Db, table: 'ticket_stock' | 'tier_stock', id: number): Promise<Counts> {
  const [row] = await queryRows<Counts>(
    db,
    sql`select coalesce(sum(quantity_sold), 0)::int as "quantitySold",
          coalesce(sum(quantity_reserved), 0)::int as "quantityReserved"
        from ${sql.raw(table)} where ${ids(table)} = ${id}`,
  );
  return row ?? { quantitySold: 0, quantityReserved: 0 };
}
export const ticketCounts = (db: Db, ticketId: number) => counts(db, 'ticket_stock', ticketId);
export const tierCounts = (db: Db, priceId: number) => counts(db, 'tier_stock', priceId);

/** Sets a ticket's (or tier's) counters on every date of it (tests' events have one). */
async function setCounts(
  db: Db,
  target: { table: 'ticket_stock' | 'tier_stock'; id: number },
  to: Partial<Counts>,
) {
  const sets = [
    to.quantitySold === undefined ? null : sql`quantity_sold = ${to.quantitySold}`,
    to.quantityReserved === undefined ? null : sql`quantity_reserved = ${to.quantityReserved}`,
  ].filter((s) => s !== null);
  await db.execute(
    sql`update ${sql.raw(target.table)} set ${sql.join(sets, sql`, `)} where ${ids(target.table)} = ${target.id}`,
  );
}
export const setTicketCounts = (db: Db, ticketId: number, to: Partial<Counts>) =>
  setCounts(db, { table: 'ticket_stock', id: ticketId }, to);
export const setTierCounts = (db: Db, priceId: number, to: Partial<Counts>) =>
  setCounts(db, { table: 'tier_stock', id: priceId }, to);

/** A capacity assignment's seats used, over all dates. */
export async function capacityUsed(db: Db, assignmentId: number): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    db,
    sql`select coalesce(sum(used), 0)::int as used from capacity_stock where capacity_assignment_id = ${assignmentId}`,
  );
  return row?.used ?? 0;
}
export async function setCapacityUsed(db: Db, assignmentId: number, used: number): Promise<void> {
  await db.execute(
    sql`update capacity_stock set used = ${used} where capacity_assignment_id = ${assignmentId}`,
  );
}

/** A promo code's uses, over all dates. */
export async function promoUses(db: Db, promoCodeId: number): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    db,
    sql`select coalesce(sum(times_used), 0)::int as used from promo_code_stock where promo_code_id = ${promoCodeId}`,
  );
  return row?.used ?? 0;
}
export async function setPromoUses(db: Db, promoCodeId: number, used: number): Promise<void> {
  await db.execute(
    sql`update promo_code_stock set times_used = ${used} where promo_code_id = ${promoCodeId}`,
  );
}

/** Adds a date to an event through the organizer's API; answers its id. */
export async function addDate(
  app: { inject: App['inject'] },
  owner: { token: string },
  date: { eventId: number; starts_at: string } & Omit<EventDateRequest, 'starts_at'>,
): Promise<number> {
  const { eventId, ...payload } = date;
  const res = await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/dates`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`adding a date answered ${res.statusCode}: ${res.body}`);
  return res.json().id;
}
