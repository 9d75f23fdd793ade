import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import { orderActionRefusal } from '../../../common/order-actions';
import type { RefundOrderRequest } from '../../../common/payments';
import type { Database, Transaction } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { recordActivity } from '../orders/activity';
import { applyRefund } from '../orders/refunded';
import { getEvent } from '../owned-events/service';
import { callStripe, getStripeAccountId, requireStripe } from '../stripe-accounts/service';
import { recordCardRefund, type StripeRefundRead } from './card-transactions';

type Input = z.output<typeof RefundOrderRequest>;
type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** Why the order cannot be refunded this amount: the order's rules, then what is left. */
function refusal(order: OrderRow, amount: number): AppError | null {
  const refused = orderActionRefusal('REFUND', order);
  if (refused) return new AppError(refused);
  if (amount > order.total - order.refundedTotal) return fieldError('amount', VALIDATION.refundTooLarge);
  return null;
}

/**
 * `POST /api/events/{eventId}/orders/{orderId}/refund`: asks Stripe to give (part of) a card
 * payment back. The order is REFUND_PENDING until Stripe settles the refund (webhook); only
 * one refund at a time, never more than what is left, never for orders not paid by card. The
 * refund and the order's history are written down and committed before Stripe is asked; if
 * Stripe refuses, the refund is settled as failed.
 */
export async function refundOrder({
  db,
  stripe: stripeClient,
  auth,
  eventId,
  orderId,
  input,
  appUrl,
  now = new Date(),
}: {
  db: Database;
  stripe: Stripe | null;
  auth: AuthContext;
  eventId: number;
  orderId: number;
  input: Input;
  appUrl: string;
  now?: Date;
}): Promise<void> {
  const { accountId } = auth;
  await getEvent(db, accountId, eventId);
  const refund = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eventId, eventId), eq(orders.accountId, accountId)))
      .for('update');
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    const refused = refusal(row, input.amount);
    if (refused) throw refused;
    if (!stripeClient) requireStripe(stripeClient);
    return writeCardRefund(tx, {
      order: row,
      userId: auth.userId,
      refund: {
        amount: input.amount,
        notifyBuyer: input.notify_buyer,
        cancelOrder: input.cancel_order,
      },
      now,
    });
  });
  await askStripeForRefund({ db, stripe: stripeClient, refundId: refund.id, appUrl });
}

/**
 * Writes a card refund of a locked order that may have it (the caller checked): the refund
 * PENDING, the order REFUND_PENDING, its history. Stripe is asked once this commits
 * (`askStripeForRefund`), with the refund's id as the key, so asking again never refunds twice.
 */
export async function writeCardRefund(
  tx: Transaction,
  {
    order,
    userId,
    refund,
    now = new Date(),
  }: {
    order: OrderRow;
    userId: number | null;
    refund: { amount: number; notifyBuyer: boolean; cancelOrder: boolean };
    now?: Date;
  },
): Promise<RefundRow> {
  await tx.update(orders).set({ status: 'REFUND_PENDING', updatedAt: now }).where(eq(orders.id, order.id));
  const [created] = await tx
    .insert(refunds)
    .values({ orderId: order.id, status: 'PENDING', ...refund })
    .returning();
  if (!created) throw new Error('refund insert returned nothing');
  await recordActivity(tx, {
    orderId: order.id,
    userId,
    kind: 'REFUND_REQUESTED',
    data: { amount: refund.amount, cancel_order: refund.cancelOrder },
  });
  return created;
}

/** Stripe errors that say nothing about the refund: it may be asked again later, with the same key. */
const OUTAGES = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);
const isOutage = (error: unknown) => {
  const cause = error instanceof Error ? (error.cause as { type?: unknown } | undefined) : undefined;
  return OUTAGES.has(String(cause?.type ?? ''));
};

/**
 * Asks Stripe for a refund written before (`writeCardRefund`), still PENDING and not yet known to
 * Stripe. Its idempotency key is the refund's id: a refund asked again (its process died before
 * Stripe's answer was written down) is the one Stripe made, never a second. A refusal settles it
 * as failed and throws; with `keepOnOutage`, a failure to reach Stripe leaves it PENDING (the
 * caller asks again later) and throws.
 */
export async function askStripeForRefund({
  db,
  stripe: stripeClient,
  refundId,
  appUrl,
  keepOnOutage = false,
}: {
  db: Database;
  stripe: Stripe | null;
  refundId: number;
  appUrl: string;
  keepOnOutage?: boolean;
}): Promise<void> {
  const [found] = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (found?.refund.status !== 'PENDING' || found.refund.providerRefundId) return;
  const { refund, order } = found;
  try {
    const stripe = requireStripe(stripeClient);
    const stripeAccount = await getStripeAccountId(db, order.accountId);
    const intentId = order.paymentIntentId;
    if (!stripeAccount || !intentId) throw new AppError('PAYMENT_PROVIDER_ERROR');
    const made = await callStripe(() =>
      stripe.refunds.create(
        {
          payment_intent: intentId,
          amount: refund.amount,
          // The platform gives back its fee in proportion (decision 028).
          refund_application_fee: true,
          metadata: { tessera_refund_id: String(refund.id) },
        },
        { stripeAccount, idempotencyKey: `tessera-refund-${refund.id}` },
      ),
    );
    // The webhook may have settled it already, found by the metadata; only fill in what is missing.
    await db
      .update(refunds)
      .set({ providerRefundId: made.id, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)));
  } catch (error) {
    if (keepOnOutage && isOutage(error)) throw error;
    await inTransaction(db, (tx) => settleRefund({ tx, refundId: refund.id, outcome: 'FAILED', appUrl }));
    throw error;
  }
}

/**
 * A refund as Stripe settled it (from `refund.*` webhooks, re-read from Stripe): one that
 * succeeded is booked with its fees (`recordCardRefund`) and applied to the order
 * (`applyRefund`: its refunded total and status, cancelling if asked, the buyer told if asked).
 * A refund already settled is left alone.
 */
export async function applyStripeRefund(
  tx: Transaction,
  read: StripeRefundRead,
  appUrl: string,
): Promise<void> {
  const { refund } = read;
  const byProvider = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
  const localId = Number(refund.metadata?.tessera_refund_id);
  const row: RefundRow | undefined =
    byProvider[0] ??
    (Number.isInteger(localId)
      ? (await tx.select().from(refunds).where(eq(refunds.id, localId)))[0]
      : undefined);
  if (!row) return;
  const outcome =
    refund.status === 'succeeded'
      ? 'SUCCEEDED'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'FAILED'
        : null;
  if (outcome)
    await settleRefund({ tx, refundId: row.id, outcome, appUrl, providerRefundId: refund.id, read });
}

/** Settles a pending refund in the caller's transaction; one settled already is left alone. */
async function settleRefund({
  tx,
  refundId,
  outcome,
  appUrl,
  providerRefundId,
  read,
}: {
  tx: Transaction;
  refundId: number;
  outcome: 'SUCCEEDED' | 'FAILED';
  appUrl: string;
  providerRefundId?: string;
  /** The refund as Stripe reported it, to book its fees. */
  read?: StripeRefundRead;
}): Promise<void> {
  const now = new Date();
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (refund?.status !== 'PENDING') return;
  await tx
    .update(refunds)
    .set({ status: outcome, ...(providerRefundId ? { providerRefundId } : {}), updatedAt: now })
    .where(eq(refunds.id, refund.id));
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for('update');
  if (!order) return;
  if (outcome === 'FAILED') {
    await tx.update(orders).set({ status: 'REFUND_FAILED', updatedAt: now }).where(eq(orders.id, order.id));
    return;
  }
  if (read) await recordCardRefund(tx, { order, row: refund, read });
  // Paid after the seats were gone: it was never a ticket, so it ends cancelled.
  const neverIssued = order.status === 'REFUND_PENDING' && order.completedAt === null;
  await applyRefund({ tx, order, refund, appUrl, neverIssued, now });
}
