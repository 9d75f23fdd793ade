import { and, desc, eq, sql } from 'drizzle-orm';
import { countSeats, type SeatingPlan } from '../../../common/seating-plan';
import type { Db } from '../../db/client';
import { eventSeating, seatingPlans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import type { PlanSummaryRow } from './presenter';

/**
 * The account's seating plans (issue 42). A plan is kept whole, as JSON; an event that uses one
 * has its own copy (`event_seating.plan`), so replacing or deleting the account's plan leaves
 * every event's seats as they were. `event_count` counts those copies still linked to it.
 */

const eventCount = sql<number>`(select count(*)::int from ${eventSeating} where ${eventSeating.planId} = ${seatingPlans.id})`;

const summaryColumns = {
  id: seatingPlans.id,
  name: seatingPlans.name,
  seatCount: seatingPlans.seatCount,
  createdAt: seatingPlans.createdAt,
  updatedAt: seatingPlans.updatedAt,
  eventCount,
};

const ofAccount = (auth: AuthContext, id: number) =>
  and(eq(seatingPlans.id, id), eq(seatingPlans.accountId, auth.accountId));

const notFound = () => new AppError('SEATING_PLAN_NOT_FOUND');

/** The account's plans, the most recently changed first. */
export async function listSeatingPlans(db: Db, auth: AuthContext): Promise<PlanSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(seatingPlans)
    .where(eq(seatingPlans.accountId, auth.accountId))
    .orderBy(desc(seatingPlans.updatedAt), desc(seatingPlans.id));
}

/** One plan of the account, whole; another account's is not found. */
export async function findSeatingPlan(
  db: Db,
  auth: AuthContext,
  id: number,
): Promise<PlanSummaryRow & { plan: SeatingPlan }> {
  const [row] = await db
    .select({ ...summaryColumns, plan: seatingPlans.plan })
    .from(seatingPlans)
    .where(ofAccount(auth, id));
  if (!row) throw notFound();
  return row;
}

const columns = (plan: SeatingPlan) => ({ name: plan.name, plan, seatCount: countSeats(plan) });

export async function createSeatingPlan(db: Db, auth: AuthContext, plan: SeatingPlan) {
  const [row] = await db
    .insert(seatingPlans)
    .values({ accountId: auth.accountId, ...columns(plan) })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return { ...row, eventCount: 0 };
}

/** Replaces a plan whole; the events that copied it keep their copies. */
export async function replaceSeatingPlan(input: {
  db: Db;
  auth: AuthContext;
  id: number;
  plan: SeatingPlan;
}) {
  const { db, auth, id, plan } = input;
  const [row] = await db
    .update(seatingPlans)
    .set({ ...columns(plan), updatedAt: sql`now()` })
    .where(ofAccount(auth, id))
    .returning({ ...summaryColumns, plan: seatingPlans.plan });
  if (!row) throw notFound();
  return row;
}

/** Deletes a plan; events that copied it keep their copies (their `plan_id` becomes null). */
export async function deleteSeatingPlan(db: Db, auth: AuthContext, id: number): Promise<void> {
  const deleted = await db.delete(seatingPlans).where(ofAccount(auth, id)).returning({ id: seatingPlans.id });
  if (deleted.length === 0) throw notFound();
}
