import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import type { EventSeatingRequest, EventSeatingResponse } from '../../../common/seating';
import { countSeats as countPlanSeats, planSeats, type SeatingPlan } from '../../../common/seating-plan';
import type { Database, Db, Transaction } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { eventSeating, seatCategories, seatingPlans, tickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent } from '../owned-events/service';
import { countSeats } from '../stock/seats';
import { writeSeats } from './seat-rows';

/**
 * An event's seating (issue 42, decision 067): a copy of one of the account's plans, each price
 * category sold as one of the event's tickets, and the seats written on each of its dates. It
 * can be set, changed and removed while none of its seats is held or sold.
 */

type Input = z.output<typeof EventSeatingRequest>;
interface EventRef {
  auth: AuthContext;
  eventId: number;
}

function present(row: typeof eventSeating.$inferSelect, links: { category: string; ticketId: number }[]) {
  const ticketOf = new Map(links.map((l) => [l.category, l.ticketId]));
  return {
    plan_id: row.planId,
    plan: row.plan,
    seat_count: row.seatCount,
    categories: row.plan.categories.map((c) => ({
      key: c.key,
      name: c.name,
      color: c.color,
      ticket_id: ticketOf.get(c.key) ?? 0,
    })),
    updated_at: row.updatedAt.toISOString(),
  } satisfies EventSeatingResponse;
}

/** The event's seating as the API answers it, or null. */
export async function readEventSeating(db: Db, eventId: number): Promise<EventSeatingResponse | null> {
  const [row] = await db.select().from(eventSeating).where(eq(eventSeating.eventId, eventId));
  if (!row) return null;
  const links = await db
    .select({ category: seatCategories.category, ticketId: seatCategories.ticketId })
    .from(seatCategories)
    .where(eq(seatCategories.eventId, eventId));
  return present(row, links);
}

/** `GET /api/events/{id}/seating` */
export async function getEventSeating(db: Db, { auth, eventId }: EventRef) {
  await getEvent(db, auth.accountId, eventId);
  return { seating: await readEventSeating(db, eventId) };
}

/**
 * Locks the stock rows of the event's tickets (every reservation of them has committed then, and
 * none starts) and refuses while any seat is held or sold, or a ticket to be seated has sold
 * without seats.
 */
async function lockUnused(tx: Transaction, eventId: number, newlySeated: readonly number[]): Promise<void> {
  await tx.execute(sql`select 1 from ticket_stock
    where ticket_id in (select id from tickets where event_id = ${eventId}) order by date_id, ticket_id for update`);
  const [held] = await queryRows(
    tx,
    sql`select 1 as held from event_seats where event_id = ${eventId} and status in ('RESERVED', 'SOLD') limit 1`,
  );
  if (held) throw new AppError('SEATING_IN_USE');
  if (newlySeated.length === 0) return;
  const [sold] = await queryRows(
    tx,
    sql`select 1 as sold from ticket_stock where ticket_id in (${sqlList(newlySeated)})
          and not seated and quantity_sold + quantity_reserved > 0 limit 1`,
  );
  if (sold) throw new AppError('SEATING_IN_USE');
}

/** Each category of the plan, with the event's ticket that sells it; 422 on what is missing. */
async function mapCategories(
  db: Db,
  { eventId, plan, input }: { eventId: number; plan: SeatingPlan; input: Input },
) {
  const used = new Set([...planSeats(plan)].map((s) => s.seat.category));
  const own = await db
    .select({ id: tickets.id, kind: tickets.kind })
    .from(tickets)
    .where(eq(tickets.eventId, eventId));
  const ownTickets = new Set(own.filter((t) => t.kind === 'TICKET').map((t) => t.id));
  const fields: Record<string, (typeof SEATING_VALIDATION)[keyof typeof SEATING_VALIDATION][]> = {};
  const ticketOf = new Map<string, number>();
  for (const [i, link] of input.categories.entries()) {
    if (!plan.categories.some((c) => c.key === link.category)) {
      fields[`categories.${i}.category`] = [SEATING_VALIDATION.unknownSeatCategory];
    } else if (!ownTickets.has(link.ticket_id)) {
      fields[`categories.${i}.ticket_id`] = [SEATING_VALIDATION.ticketNotOfEvent];
    } else ticketOf.set(link.category, link.ticket_id);
  }
  for (const category of used) {
    if (!input.categories.some((l) => l.category === category)) {
      fields[`categories.${category}`] = [SEATING_VALIDATION.categoryWithoutTicket];
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  return ticketOf;
}

/** `PUT /api/events/{id}/seating`: the event sells the seats of a copy of the plan. */
export async function setEventSeating({
  db,
  auth,
  eventId,
  input,
}: EventRef & { db: Database; input: Input }) {
  await getEvent(db, auth.accountId, eventId);
  const [source] = await db
    .select()
    .from(seatingPlans)
    .where(and(eq(seatingPlans.id, input.plan_id), eq(seatingPlans.accountId, auth.accountId)));
  if (!source) throw new AppError('SEATING_PLAN_NOT_FOUND');
  const plan = source.plan;
  const ticketOf = await mapCategories(db, { eventId, plan, input });
  await inTransaction(db, async (tx) => {
    const before = await queryRows<{ ticket_id: string | number }>(
      tx,
      sql`select ticket_id from seat_categories where event_id = ${eventId}`,
    );
    const was = new Set(before.map((r) => Number(r.ticket_id)));
    await lockUnused(
      tx,
      eventId,
      [...new Set(ticketOf.values())].filter((id) => !was.has(id)),
    );
    await tx.execute(sql`delete from event_seats where event_id = ${eventId}`);
    await tx.delete(seatCategories).where(eq(seatCategories.eventId, eventId));
    const row = {
      eventId,
      planId: source.id,
      plan,
      seatCount: countPlanSeats(plan),
      updatedAt: new Date(),
    };
    await tx.insert(eventSeating).values(row).onConflictDoUpdate({ target: eventSeating.eventId, set: row });
    await tx
      .insert(seatCategories)
      .values([...ticketOf].map(([category, ticketId]) => ({ eventId, category, ticketId })));
    await writeSeats(tx, { eventId, plan, ticketOf });
    await countSeats(tx, eventId);
  });
  return getEventSeating(db, { auth, eventId });
}

/** `DELETE /api/events/{id}/seating`: the event sells places again, its tickets their quantities. */
export async function removeEventSeating({ db, auth, eventId }: EventRef & { db: Database }): Promise<void> {
  await getEvent(db, auth.accountId, eventId);
  await inTransaction(db, async (tx) => {
    await lockUnused(tx, eventId, []);
    await tx.execute(sql`delete from event_seats where event_id = ${eventId}`);
    await tx.delete(eventSeating).where(eq(eventSeating.eventId, eventId));
    await countSeats(tx, eventId);
  });
}
