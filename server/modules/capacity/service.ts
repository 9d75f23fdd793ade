import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CapacityAssignmentRequest, CapacityAssignmentResponse } from '../../../common/capacity';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database, Db, Transaction } from '../../db/client';
import { capacityAssignments, capacityAssignmentTickets, capacityStock } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { offerFreedSeats } from '../orders/waitlist-offers';
import { getEvent } from '../owned-events/service';
import { fillStock, recountCapacity, setCapacityLimit } from '../stock/service';
import { assertEventTickets } from '../tickets/service';

type Row = typeof capacityAssignments.$inferSelect;
type Input = z.output<typeof CapacityAssignmentRequest>;
/** A capacity assignment of an event, as the caller names it. */
interface AssignmentRef {
  auth: AuthContext;
  eventId: number;
  id: number;
}

async function responses(db: Db, rows: Row[]): Promise<CapacityAssignmentResponse[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(capacityAssignmentTickets)
    .where(
      inArray(
        capacityAssignmentTickets.capacityAssignmentId,
        rows.map((r) => r.id),
      ),
    );
  // Its capacity holds on each date: the fullest date is what it has used (decision 049).
  const used = await db
    .select({ id: capacityStock.capacityAssignmentId, used: sql<number>`max(${capacityStock.used})::int` })
    .from(capacityStock)
    .where(
      inArray(
        capacityStock.capacityAssignmentId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(capacityStock.capacityAssignmentId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    used_capacity: Number(used.find((u) => u.id === row.id)?.used ?? 0),
    status: row.status,
    ticket_ids: links
      .filter((l) => l.capacityAssignmentId === row.id)
      .map((l) => l.ticketId)
      .sort((a, b) => a - b),
    created_at: row.createdAt.toISOString(),
  }));
}

export async function findCapacityAssignments(db: Db, auth: AuthContext, eventId: number) {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(capacityAssignments)
    .where(eq(capacityAssignments.eventId, eventId))
    .orderBy(asc(capacityAssignments.name), asc(capacityAssignments.id));
  return responses(db, rows);
}

async function getRow(db: Db, { auth, eventId, id }: AssignmentRef): Promise<Row> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(capacityAssignments)
    .where(
      and(
        eq(capacityAssignments.id, id),
        eq(capacityAssignments.eventId, eventId),
        eq(capacityAssignments.accountId, auth.accountId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getCapacityAssignment({ db, ...ref }: AssignmentRef & { db: Db }) {
  const [response] = await responses(db, [await getRow(db, ref)]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

/** Links the tickets, in the transaction that writes the assignment; each must already exist and belong to the event. */
async function linkTickets(
  tx: Transaction,
  { eventId, id }: AssignmentRef,
  ticketIds: number[],
): Promise<void> {
  const unique = await assertEventTickets({ db: tx, eventId, ticketIds });
  await tx.delete(capacityAssignmentTickets).where(eq(capacityAssignmentTickets.capacityAssignmentId, id));
  await tx
    .insert(capacityAssignmentTickets)
    .values(unique.map((ticketId) => ({ capacityAssignmentId: id, ticketId })));
  // `used` is, on each date, the sold and reserved seats of the tickets it now covers (see
  // inventory.ts); over the capacity of an ACTIVE assignment, the CHECK refuses the change.
  await fillStock(tx, eventId);
  await recountCapacity(tx, id);
}

/** The limit the assignment's rows carry: its capacity while ACTIVE, none otherwise. */
const limitOf = (input: Input) => (input.status === 'ACTIVE' ? (input.capacity ?? null) : null);

/** Runs the transaction; a capacity below what is already taken is refused by its CHECK. */
async function guard<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (sqlState(error) === '23514') throw fieldError('capacity', VALIDATION.quantityBelowTaken);
    throw error;
  }
}

export async function createCapacityAssignment({
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
  await getEvent(db, auth.accountId, eventId);
  const id = await guard(db, async (tx) => {
    const [row] = await tx
      .insert(capacityAssignments)
      .values({
        accountId: auth.accountId,
        eventId,
        name: input.name,
        capacity: input.capacity ?? null,
        status: input.status,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await linkTickets(tx, { auth, eventId, id: row.id }, input.ticket_ids);
    await setCapacityLimit(tx, row.id, limitOf(input));
    return row.id;
  });
  return getCapacityAssignment({ db, auth, eventId, id });
}

export async function updateCapacityAssignment({
  db,
  input,
  ...ref
}: AssignmentRef & { db: Database; input: Input }) {
  await getRow(db, ref);
  await guard(db, async (tx) => {
    await tx
      .update(capacityAssignments)
      .set({
        name: input.name,
        capacity: input.capacity ?? null,
        status: input.status,
        updatedAt: sql`now()`,
      })
      .where(eq(capacityAssignments.id, ref.id));
    // Counted with no limit first: a capacity is then checked against the new count.
    await setCapacityLimit(tx, ref.id, null);
    await linkTickets(tx, ref, input.ticket_ids);
    await setCapacityLimit(tx, ref.id, limitOf(input));
    // A capacity raised or switched off frees seats for the people waiting (decision 030).
    const dates = await tx
      .selectDistinct({ id: capacityStock.dateId })
      .from(capacityStock)
      .where(eq(capacityStock.capacityAssignmentId, ref.id))
      .orderBy(asc(capacityStock.dateId));
    for (const date of dates) await offerFreedSeats(tx, { dateId: date.id, ticketIds: input.ticket_ids });
  });
  return getCapacityAssignment({ db, ...ref });
}

export async function deleteCapacityAssignment({ db, ...ref }: AssignmentRef & { db: Db }) {
  await getRow(db, ref);
  await db.delete(capacityAssignments).where(eq(capacityAssignments.id, ref.id));
}
