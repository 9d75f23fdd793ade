import { and, asc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { dateCancellationOrders, dateCancellations, orders, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { DATE_CANCELLATION_JOB, JobPayload } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { askStripeForRefund } from '../payments/refunds';
import { type MailContext, peopleOf, readMailContext, tellAttendees } from './mails';
import { expireReservation, isOpenReservation, moveOrder, refundOrCancel, type Step } from './order-steps';
import { type CancellationRow, FINISHED_ORDER_STATUSES, openOrdersOf } from './service';
import { closeWaitingList } from './waiting-list';

/** Orders read per batch; each is handled in a transaction of its own. */
const BATCH = 25;

export interface DateCancellationDependencies {
  stripe: Stripe | null;
  appUrl: string;
  /** Called after each order, for tests that stop the job half-way. */
  afterOrder?: () => Promise<void>;
}

type Handled = { step: Step; failed: boolean } | 'DEFERRED' | null;

/** The counters of the cancellation one handled order moves. */
function countsOf(handled: { step: Step; failed: boolean }) {
  const { step, failed } = handled;
  return {
    ordersDone: sql`${dateCancellations.ordersDone} + 1`,
    refunded: sql`${dateCancellations.refunded} + ${step.outcome === 'REFUNDED' ? 1 : 0}`,
    moved: sql`${dateCancellations.moved} + ${step.outcome === 'MOVED' ? 1 : 0}`,
    failed: sql`${dateCancellations.failed} + ${failed ? 1 : 0}`,
    updatedAt: sql`now()`,
  };
}

/**
 * Handles one order in a transaction of its own, with the order locked: refunded or cancelled,
 * expired, or moved; written down in `date_cancellation_orders` (once: an order found there was
 * handled by an earlier run), counted, and its attendees' mails queued. An order another refund
 * or a card payment is working on is left for later (DEFERRED).
 */
async function handleOrder(db: Database, context: MailContext, orderId: number): Promise<Handled> {
  const { cancellation } = context;
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.dateId !== cancellation.dateId) return null;
    if ((FINISHED_ORDER_STATUSES as readonly string[]).includes(order.status)) return null;
    const [done] = await tx
      .select({ id: dateCancellationOrders.orderId })
      .from(dateCancellationOrders)
      .where(
        and(
          eq(dateCancellationOrders.cancellationId, cancellation.id),
          eq(dateCancellationOrders.orderId, order.id),
        ),
      );
    if (done) return null;
    if (order.status === 'REFUND_PENDING' || order.status === 'PROCESSING') return 'DEFERRED';
    const open = isOpenReservation(order);
    const people = cancellation.notify && !open ? await peopleOf(tx, order.id) : [];
    let handled: { step: Step; failed: boolean };
    if (open) handled = { step: await expireReservation(tx, order), failed: false };
    else if (cancellation.action === 'MOVE' && cancellation.moveToDateId !== null) {
      const moved = await moveOrder(tx, order, cancellation.moveToDateId);
      handled = moved
        ? { step: { outcome: 'MOVED' }, failed: false }
        : { step: await refundOrCancel(tx, order, cancellation.id), failed: true };
    } else handled = { step: await refundOrCancel(tx, order, cancellation.id), failed: false };
    const { step } = handled;
    await tx.insert(dateCancellationOrders).values({
      cancellationId: cancellation.id,
      orderId: order.id,
      outcome: step.outcome,
      refundId: step.outcome === 'REFUNDED' ? step.refundId : null,
    });
    await tx
      .update(dateCancellations)
      .set(countsOf(handled))
      .where(eq(dateCancellations.id, cancellation.id));
    await tellAttendees(tx, context, { order, people, step });
    return handled;
  });
}

/**
 * Card refunds of this cancellation written but not yet known to Stripe: asked (again) with
 * their own id as the idempotency key, so one whose process died before or after asking is
 * made once.
 */
async function askPendingRefunds(
  db: Database,
  cancellation: CancellationRow,
  deps: DateCancellationDependencies,
) {
  const pending = await db
    .select({ id: refunds.id })
    .from(dateCancellationOrders)
    .innerJoin(refunds, eq(refunds.id, dateCancellationOrders.refundId))
    .where(
      and(
        eq(dateCancellationOrders.cancellationId, cancellation.id),
        eq(refunds.method, 'STRIPE'),
        eq(refunds.status, 'PENDING'),
        isNull(refunds.providerRefundId),
      ),
    )
    .orderBy(asc(refunds.id));
  for (const { id } of pending) await askOne(db, id, deps);
}

/**
 * Asks Stripe for one refund. A refusal settles it failed (the order REFUND_FAILED), which the
 * cancellation's answer counts as failed; when Stripe cannot be reached the refund stays
 * PENDING and the error ends this run, so that the queue runs the job again later.
 */
async function askOne(db: Database, refundId: number, deps: DateCancellationDependencies) {
  try {
    await askStripeForRefund({ db, stripe: deps.stripe, refundId, appUrl: deps.appUrl, keepOnOutage: true });
  } catch (error) {
    const [still] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    if (still?.status === 'PENDING') throw error;
  }
}

/** The next orders of the date not handled by this cancellation, after `afterId`. */
function nextOrders(db: Database, cancellation: CancellationRow, afterId: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        openOrdersOf(cancellation.dateId),
        gt(orders.id, afterId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(dateCancellationOrders)
            .where(
              and(
                eq(dateCancellationOrders.cancellationId, cancellation.id),
                eq(dateCancellationOrders.orderId, orders.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
}

/**
 * Works through a cancelled date's orders (decision 050). Everything it did is in the
 * database, order by order, so a run that dies is simply run again by the queue: refunds
 * written and not yet asked are asked first, the date's waiting list is closed (its people
 * told once), then the orders not yet handled, a batch at a
 * time. Orders another refund or payment holds are left, and the job fails so that the queue
 * tries again later; once none is left the cancellation is DONE.
 */
export async function runDateCancellation(
  db: Database,
  cancellationId: number,
  deps: DateCancellationDependencies,
): Promise<void> {
  const [cancellation] = await db
    .select()
    .from(dateCancellations)
    .where(eq(dateCancellations.id, cancellationId));
  if (!cancellation || cancellation.status === 'DONE') return;
  await askPendingRefunds(db, cancellation, deps);
  const context = await readMailContext(db, cancellation, deps.appUrl);
  // Before the orders: an order the job waits for must not keep the list open meanwhile.
  await closeWaitingList(db, context);
  let deferred = 0;
  let afterId = 0;
  for (;;) {
    const batch = await nextOrders(db, cancellation, afterId);
    if (batch.length === 0) break;
    for (const { id } of batch) {
      afterId = id;
      const handled = await handleOrder(db, context, id);
      if (handled === 'DEFERRED') deferred += 1;
      else if (handled?.step.outcome === 'REFUNDED' && handled.step.card)
        await askOne(db, handled.step.refundId, deps);
      await deps.afterOrder?.();
    }
  }
  if (deferred > 0)
    throw new Error(`${deferred} orders of the date wait for a refund or payment in progress`);
  await db
    .update(dateCancellations)
    // Orders that ended on their own meanwhile (a reservation's time ran out) were not handled.
    .set({
      status: 'DONE',
      ordersTotal: sql`${dateCancellations.ordersDone}`,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(dateCancellations.id, cancellation.id), eq(dateCancellations.status, 'RUNNING')));
}

/** The job's handler, which `server/main.ts` hands to the worker. */
export function dateCancellationJobHandler(
  deps: DateCancellationDependencies,
): JobHandler<JobPayload<typeof DATE_CANCELLATION_JOB>> {
  return (payload, { db }) => runDateCancellation(db, payload.cancellation_id, deps);
}
