import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CapacityAssignmentRequest, CapacityAssignmentResponse } from '../../../common/capacity';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Db } from '../../db/client';
import { capacityAssignments, capacityAssignmentTickets } from '../../db/schema';
import { sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent } from '../events/service';
import { assertEventTickets } from '../tickets/service';

type Row = typeof capacityAssignments.$inferSelect;
type Input = z.output<typeof CapacityAssignmentRequest>;

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
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    used_capacity: row.used,
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

async function getRow(db: Db, auth: AuthContext, eventId: number, id: number): Promise<Row> {
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

export async function getCapacityAssignment(db: Db, auth: AuthContext, eventId: number, id: number) {
  const [response] = await responses(db, [await getRow(db, auth, eventId, id)]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

/** Links the tickets; each must already exist and belong to the event. */
async function linkTickets(db: Db, eventId: number, id: number, ticketIds: number[]): Promise<void> {
  const unique = await assertEventTickets(db, eventId, ticketIds);
  await db.delete(capacityAssignmentTickets).where(eq(capacityAssignmentTickets.capacityAssignmentId, id));
  await db
    .insert(capacityAssignmentTickets)
    .values(unique.map((ticketId) => ({ capacityAssignmentId: id, ticketId })));
  // `used` is the sold and reserved seats of the tickets it now covers (see inventory.ts);
  // over the capacity of an ACTIVE assignment, the CHECK refuses the change.
  await db.execute(sql`
    update capacity_assignments set used = (
      select coalesce(sum(t.quantity_sold + t.quantity_reserved), 0)::int
      from tickets t
      join capacity_assignment_tickets l on l.ticket_id = t.id
      where l.capacity_assignment_id = ${id}
    ) where id = ${id}`);
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === '23514') throw fieldError('capacity', VALIDATION.quantityBelowTaken);
    throw error;
  }
}

export async function createCapacityAssignment(db: Db, auth: AuthContext, eventId: number, input: Input) {
  await getEvent(db, auth.accountId, eventId);
  return guard(async () => {
    const [row] = await db
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
    await linkTickets(db, eventId, row.id, input.ticket_ids);
    return getCapacityAssignment(db, auth, eventId, row.id);
  });
}

export async function updateCapacityAssignment(
  db: Db,
  auth: AuthContext,
  eventId: number,
  id: number,
  input: Input,
) {
  await getRow(db, auth, eventId, id);
  return guard(async () => {
    await db
      .update(capacityAssignments)
      .set({
        name: input.name,
        capacity: input.capacity ?? null,
        status: input.status,
        updatedAt: sql`now()`,
      })
      .where(eq(capacityAssignments.id, id));
    await linkTickets(db, eventId, id, input.ticket_ids);
    return getCapacityAssignment(db, auth, eventId, id);
  });
}

export async function deleteCapacityAssignment(db: Db, auth: AuthContext, eventId: number, id: number) {
  await getRow(db, auth, eventId, id);
  await db.delete(capacityAssignments).where(eq(capacityAssignments.id, id));
}
