import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DateCancellationRequest, DateCancellationResponse } from '../../../common/date-cancellation';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database, Db, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { dateCancellationOrders, dateCancellations, eventDates, orders, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { DATE_CANCELLATION_JOB, enqueue } from '../../jobs/kinds';
import { spanEvent } from '../event-dates/service';
import { getEvent, lockEvent } from '../owned-events/service';
import { enqueueWebhookEvent } from '../webhooks/service';

type Input = z.output<typeof DateCancellationRequest>;
type DateRow = typeof eventDates.$inferSelect;
export type CancellationRow = typeof dateCancellations.$inferSelect;

/** A date of an event, as the caller names it. */
export interface DateRef {
  auth: AuthContext;
  eventId: number;
  dateId: number;
}

/** Orders that are over already: a cancellation leaves them as they are. */
export const FINISHED_ORDER_STATUSES = ['CANCELLED', 'EXPIRED', 'ABANDONED'] as const;

/** Claims of the job before it is given up (an order another refund holds is waited for). */
const JOB_MAX_ATTEMPTS = 20;

/**
 * The cancellation as the routes answer it. A card refund asked and then refused (at once, or
 * settled as failed by Stripe's webhook later) counts as failed, not refunded: `refusedRefunds`.
 */
function toResponse(row: CancellationRow, refusedRefunds = 0): DateCancellationResponse {
  return {
    date_id: row.dateId,
    action: row.action,
    move_to_date_id: row.moveToDateId,
    notify: row.notify,
    status: row.status,
    orders_total: row.ordersTotal,
    orders_done: row.ordersDone,
    refunded: row.refunded - refusedRefunds,
    moved: row.moved,
    failed: row.failed + refusedRefunds,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The date orders move to: another date of the same event, on sale. A 422 on the field otherwise. */
async function moveTarget(tx: Transaction, input: Input, date: DateRow): Promise<number | null> {
  if (input.action !== 'MOVE') return null;
  const field = 'move_to_date_id';
  const targetId = input.move_to_date_id;
  if (targetId === undefined) throw fieldError(field, VALIDATION.moveTargetRequired);
  if (targetId === date.id) throw fieldError(field, VALIDATION.moveTargetSame);
  const [target] = await tx
    .select()
    .from(eventDates)
    .where(and(eq(eventDates.id, targetId), eq(eventDates.eventId, date.eventId)))
    .for('update');
  if (!target) throw fieldError(field, VALIDATION.unknownDate);
  if (target.status !== 'ON_SALE') throw fieldError(field, VALIDATION.dateNotOnSale);
  return target.id;
}

/** The date as the `date.cancelled` webhook carries it, with what happens to its orders. */
function webhookData(date: DateRow, row: CancellationRow) {
  return {
    id: date.id,
    event_id: date.eventId,
    starts_at: date.startsAt.toISOString(),
    ends_at: date.endsAt?.toISOString() ?? null,
    label: date.label,
    status: 'CANCELLED',
    action: row.action,
    move_to_date_id: row.moveToDateId,
  };
}

/**
 * Cancels one date in the caller's transaction, its event locked and the date locked and not
 * cancelled: the date is CANCELLED (no more is sold of it), the cancellation written down, its
 * job queued and the `date.cancelled` webhook too. The job then works through the date's orders
 * and its waiting list (`job.ts`).
 */
export async function startCancellation(
  tx: Transaction,
  plan: { auth: AuthContext; date: DateRow; input: Input; moveToDateId: number | null },
): Promise<DateCancellationResponse> {
  const { auth, date, input, moveToDateId } = plan;
  await tx
    .update(eventDates)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(eq(eventDates.id, date.id));
  await spanEvent(tx, date.eventId);
  const [counted] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from ${orders}
        where date_id = ${date.id} and status not in ('CANCELLED', 'EXPIRED', 'ABANDONED')`,
  );
  const [row] = await tx
    .insert(dateCancellations)
    .values({
      accountId: auth.accountId,
      eventId: date.eventId,
      dateId: date.id,
      action: input.action,
      moveToDateId,
      notify: input.notify,
      subject: input.subject,
      message: input.message,
      ordersTotal: Number(counted?.n ?? 0),
      createdByUserId: auth.userId,
    })
    .returning();
  if (!row) throw new Error('cancellation insert returned nothing');
  await enqueue(tx, {
    type: DATE_CANCELLATION_JOB,
    payload: { cancellation_id: row.id },
    uniqueKey: `date-cancellation:${row.id}`,
    maxAttempts: JOB_MAX_ATTEMPTS,
  });
  await enqueueWebhookEvent(tx, {
    accountId: auth.accountId,
    eventId: date.eventId,
    type: 'date.cancelled',
    data: webhookData(date, row),
  });
  return toResponse(row);
}

/**
 * `POST /api/events/{id}/dates/{dateId}/cancel`: the date cancelled in one transaction
 * (`startCancellation`). A date cancelled before is a 409; a MOVE to a date that cannot take
 * orders a 422, and nothing is written.
 */
export async function cancelEventDate({
  db,
  input,
  ...ref
}: DateRef & { db: Database; input: Input }): Promise<DateCancellationResponse> {
  const { auth, eventId, dateId } = ref;
  return inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const [date] = await tx
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.id, dateId), eq(eventDates.eventId, eventId)))
      .for('update');
    if (!date) throw new AppError('NOT_FOUND');
    if (date.status === 'CANCELLED') throw new AppError('DATE_ALREADY_CANCELLED');
    const moveToDateId = await moveTarget(tx, input, date);
    return startCancellation(tx, { auth, date, input, moveToDateId });
  });
}

/** `GET /api/events/{id}/dates/{dateId}/cancellation`: the cancellation and its progress. */
export async function getDateCancellation({ db, ...ref }: DateRef & { db: Db }) {
  await getEvent(db, ref.auth.accountId, ref.eventId);
  const [row] = await db
    .select()
    .from(dateCancellations)
    .where(
      and(
        eq(dateCancellations.dateId, ref.dateId),
        eq(dateCancellations.eventId, ref.eventId),
        eq(dateCancellations.accountId, ref.auth.accountId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  const [refused] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${dateCancellationOrders} o join ${refunds} r on r.id = o.refund_id
        where o.cancellation_id = ${row.id} and r.status = 'FAILED'`,
  );
  return toResponse(row, Number(refused?.n ?? 0));
}

/** Orders of the date not yet finished, for the job's next batch (`notInArray` keeps it typed). */
export const openOrdersOf = (dateId: number) =>
  and(eq(orders.dateId, dateId), notInArray(orders.status, [...FINISHED_ORDER_STATUSES]));
