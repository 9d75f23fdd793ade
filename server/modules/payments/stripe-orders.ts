import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { StripePaymentIntentResponse } from '../../../common/payments';
import type { Database, Db, Transaction } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { type StripeConfig, usesTestServer } from '../../payments/stripe/client';
import { type FulfilOptions, fulfilOrder } from '../orders/fulfil';
import { getClaimOfOrder, reserveSeats } from '../orders/inventory';
import { getPublicOrderRow } from '../orders/public-view';
import { expireOrders, OPEN_STATUSES } from '../orders/service';
import {
  callStripe,
  getChargeableStripeAccount,
  getStripeAccountId,
  requireStripe,
} from '../stripe-accounts/service';
import { PAYMENT_EXPAND, recordCardPayment } from './card-transactions';

type OrderRow = typeof orders.$inferSelect;

/** The platform's share of a payment, rounded half up, in minor units. */
export const platformFee = (total: number, percent: number) => Math.floor((total * percent) / 100 + 0.5);

/**
 * `POST …/orders/{shortId}/stripe/payment-intent`: the PaymentIntent for the order total on
 * the organizer's connected account. The order is its idempotency key, so a retried request
 * (or a buyer trying again after a declined card) uses the same PaymentIntent.
 */
export async function createOrderPaymentIntent({
  db,
  stripe: stripeClient,
  config,
  eventId,
  shortId,
  now = new Date(),
}: {
  db: Db;
  stripe: Stripe | null;
  config: StripeConfig | undefined;
  eventId: number;
  shortId: string;
  now?: Date;
}): Promise<StripePaymentIntentResponse> {
  const stripe = requireStripe(stripeClient);
  if (!config) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const order = await getPublicOrderRow(db, eventId, shortId);
  if (!OPEN_STATUSES.includes(order.status)) throw new AppError('ORDER_ALREADY_PROCESSED');
  if (order.reservedUntil && order.reservedUntil <= now) throw new AppError('ORDER_EXPIRED');
  if (!order.email) throw new AppError('ORDER_DETAILS_MISSING');
  if (order.total === 0) throw new AppError('ORDER_ALREADY_PROCESSED');
  const stripeAccount = await getChargeableStripeAccount(db, order.accountId);
  if (!stripeAccount) throw new AppError('PAYMENTS_NOT_CONNECTED');

  const fee = platformFee(order.total, config.platformFeePercent);
  const intent = await callStripe(() =>
    stripe.paymentIntents.create(
      {
        amount: order.total,
        currency: order.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        ...(fee > 0 ? { application_fee_amount: fee } : {}),
        description: `Order ${order.reference}`,
        metadata: {
          tessera_order_id: String(order.id),
          tessera_event_id: String(eventId),
          reference: order.reference,
        },
      },
      { stripeAccount, idempotencyKey: `tessera-order-${order.id}` },
    ),
  );
  await db
    .update(orders)
    .set({ paymentProvider: 'STRIPE', paymentIntentId: intent.id, updatedAt: now })
    .where(eq(orders.id, order.id));
  if (!intent.client_secret) throw new AppError('PAYMENT_PROVIDER_ERROR');
  return {
    client_secret: intent.client_secret,
    publishable_key: config.publishableKey,
    stripe_account: stripeAccount,
    test_api_base: usesTestServer(config) ? (config.apiBase ?? null) : null,
  };
}

/**
 * Acts on what Stripe says a PaymentIntent is now (never on what a browser says): succeeded
 * completes the order, a decline marks it PAYMENT_FAILED while its seats stay held. Called
 * from a verified webhook and from the buyer's return page, in a transaction that locks the
 * order, so that whichever comes first acts and the other finds nothing left to do. Nothing
 * here talks to Stripe: a refund it decides on is asked for after the commit
 * (`requestSoldOutRefunds`). A payment that succeeded is booked with its fees
 * (`recordCardPayment`) when the PaymentIntent comes with its charge (`PAYMENT_EXPAND`).
 */
export async function applyPaymentIntent(
  tx: Transaction,
  intent: Stripe.PaymentIntent,
  options: FulfilOptions & { now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const [order] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intent.id)).for('update');
  if (!order) return;
  if (intent.status === 'succeeded') {
    await recordCardPayment(tx, { order, intent });
    if (order.status === 'COMPLETED' || intent.amount_received < order.total) return;
    await completePaid(tx, order, { intent, options: { ...options, now } });
    return;
  }
  if (
    intent.status === 'requires_payment_method' &&
    intent.last_payment_error &&
    order.status === 'RESERVED'
  ) {
    await tx.update(orders).set({ status: 'PAYMENT_FAILED', updatedAt: now }).where(eq(orders.id, order.id));
  }
}

async function completePaid(
  tx: Transaction,
  order: OrderRow,
  { intent, options }: { intent: Stripe.PaymentIntent; options: FulfilOptions & { now: Date } },
): Promise<void> {
  const { now } = options;
  const stillHeld =
    (OPEN_STATUSES.includes(order.status) && (!order.reservedUntil || order.reservedUntil > now)) ||
    order.status === 'AWAITING_PAYMENT';
  if (stillHeld) {
    await fulfilOrder(tx, order, options);
    return;
  }
  // Paid after the reservation ended: its seats went back. Take them again if they are still there.
  if (OPEN_STATUSES.includes(order.status)) await expireOrders(tx, [order.id]);
  const claim = await getClaimOfOrder(tx, order.id);
  const retaken = await tx
    .transaction(async (savepoint) => {
      await reserveSeats(savepoint, claim);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) return false;
      throw error;
    });
  if (retaken) {
    await fulfilOrder(tx, order, options);
    return;
  }
  // Sold out meanwhile: the money goes back in full, automatically. The refund is written down
  // here and asked of Stripe once this transaction has committed.
  const [pending] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'PENDING')));
  if (!pending) {
    await tx.insert(refunds).values({
      orderId: order.id,
      amount: intent.amount_received,
      status: 'PENDING',
      notifyBuyer: true,
      cancelOrder: true,
    });
  }
  await tx.update(orders).set({ status: 'REFUND_PENDING', updatedAt: now }).where(eq(orders.id, order.id));
}

/**
 * Asks Stripe for the refunds `applyPaymentIntent` decided on for a payment that came after its
 * seats were sold (an order never completed), once they are committed: no transaction waits on
 * Stripe. The order is the idempotency key, so asking again (a webhook retried after a failed
 * call, the return page and the webhook at once) makes one refund. A failure answers 502, and
 * Stripe's retry of the webhook asks again.
 */
export async function requestSoldOutRefunds({
  db,
  stripe,
  intentId,
  stripeAccount,
}: {
  db: Db;
  stripe: Stripe;
  intentId: string;
  stripeAccount: string;
}): Promise<void> {
  const due = await db
    .select({ refundId: refunds.id, orderId: orders.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(orders.paymentIntentId, intentId),
        isNull(orders.completedAt),
        eq(refunds.status, 'PENDING'),
        isNull(refunds.providerRefundId),
      ),
    );
  for (const { refundId, orderId } of due) {
    const refund = await callStripe(() =>
      stripe.refunds.create(
        {
          payment_intent: intentId,
          refund_application_fee: true,
          metadata: { reason: 'sold_out_after_expiry', tessera_refund_id: String(refundId) },
        },
        { stripeAccount, idempotencyKey: `tessera-sold-out-refund-${orderId}` },
      ),
    );
    // The refund's webhook may have found the row by its metadata already; fill in what is missing.
    await db
      .update(refunds)
      .set({ providerRefundId: refund.id, updatedAt: new Date() })
      .where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
  }
}

/**
 * `POST …/orders/{shortId}/stripe/refresh`: the return page asks the server to check with
 * Stripe now rather than wait for the webhook.
 */
export async function refreshOrderPayment({
  db,
  stripe: stripeClient,
  eventId,
  shortId,
  options,
}: {
  db: Database;
  stripe: Stripe | null;
  eventId: number;
  shortId: string;
  options: FulfilOptions;
}): Promise<void> {
  const stripe = requireStripe(stripeClient);
  const order = await getPublicOrderRow(db, eventId, shortId);
  if (!order.paymentIntentId) return;
  const stripeAccount = await getStripeAccountId(db, order.accountId);
  if (!stripeAccount) return;
  const intentId = order.paymentIntentId;
  const intent = await callStripe(() =>
    stripe.paymentIntents.retrieve(intentId, { expand: PAYMENT_EXPAND }, { stripeAccount }),
  );
  await inTransaction(db, (tx) => applyPaymentIntent(tx, intent, options));
  await requestSoldOutRefunds({ db, stripe, intentId, stripeAccount });
}
