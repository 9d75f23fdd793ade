import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { StripePaymentIntentResponse } from '../../../common/payments';
import type { Database, Db } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { type StripeConfig, usesTestServer } from '../../payments/stripe/client';
import { type FulfilOptions, fulfilOrder } from '../orders/fulfil';
import { claimOfOrders, reserve } from '../orders/inventory';
import { orderRow } from '../orders/public-view';
import { expireOrders, OPEN_STATUSES } from '../orders/service';
import { callStripe, chargeableStripeAccount, requireStripe, stripeAccountOf } from './connection';

type OrderRow = typeof orders.$inferSelect;

/** The platform's share of a payment, rounded half up, in minor units. */
export const platformFee = (total: number, percent: number) => Math.floor((total * percent) / 100 + 0.5);

/**
 * `POST …/orders/{shortId}/stripe/payment-intent`: the PaymentIntent for the order total on
 * the organizer's connected account. The order is its idempotency key, so a retried request
 * (or a buyer trying again after a declined card) uses the same PaymentIntent.
 */
export async function createOrderPaymentIntent(
  database: Database,
  stripeClient: Stripe | null,
  config: StripeConfig | undefined,
  eventId: number,
  shortId: string,
  now = new Date(),
): Promise<StripePaymentIntentResponse> {
  const stripe = requireStripe(stripeClient);
  if (!config) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const order = await orderRow(database, eventId, shortId);
  if (!OPEN_STATUSES.includes(order.status)) throw new AppError('ORDER_ALREADY_PROCESSED');
  if (order.reservedUntil && order.reservedUntil <= now) throw new AppError('ORDER_EXPIRED');
  if (!order.email) throw new AppError('ORDER_DETAILS_MISSING');
  if (order.total === 0) throw new AppError('ORDER_ALREADY_PROCESSED');
  const stripeAccount = await chargeableStripeAccount(database, order.accountId);
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
  await database
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
 * order, so that whichever comes first acts and the other finds nothing left to do.
 */
export async function applyPaymentIntent(
  tx: Db,
  stripe: Stripe,
  intent: Stripe.PaymentIntent,
  stripeAccount: string,
  options: FulfilOptions,
  now = new Date(),
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intent.id)).for('update');
  if (!order) return;
  if (intent.status === 'succeeded') {
    if (order.status === 'COMPLETED' || intent.amount_received < order.total) return;
    await completePaid(tx, stripe, order, intent, stripeAccount, options, now);
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
  tx: Db,
  stripe: Stripe,
  order: OrderRow,
  intent: Stripe.PaymentIntent,
  stripeAccount: string,
  options: FulfilOptions,
  now: Date,
): Promise<void> {
  const stillHeld =
    (OPEN_STATUSES.includes(order.status) && (!order.reservedUntil || order.reservedUntil > now)) ||
    order.status === 'AWAITING_PAYMENT';
  if (stillHeld) {
    await fulfilOrder(tx, order, options, now);
    return;
  }
  // Paid after the reservation ended: its seats went back. Take them again if they are still there.
  if (OPEN_STATUSES.includes(order.status)) await expireOrders(tx, [order.id]);
  const claim = await claimOfOrders(tx, [order.id]);
  const retaken = await tx
    .transaction(async (savepoint) => {
      await reserve(savepoint, claim);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) return false;
      throw error;
    });
  if (retaken) {
    await fulfilOrder(tx, order, options, now);
    return;
  }
  // Sold out meanwhile: the money goes back in full, automatically.
  const refund = await callStripe(() =>
    stripe.refunds.create(
      { payment_intent: intent.id, metadata: { reason: 'sold_out_after_expiry' } },
      { stripeAccount, idempotencyKey: `tessera-sold-out-refund-${order.id}` },
    ),
  );
  await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      providerRefundId: refund.id,
      amount: refund.amount,
      status: 'PENDING',
      notifyBuyer: true,
      cancelOrder: true,
    })
    .onConflictDoNothing();
  await tx.update(orders).set({ status: 'REFUND_PENDING', updatedAt: now }).where(eq(orders.id, order.id));
}

/**
 * `POST …/orders/{shortId}/stripe/refresh`: the return page asks the server to check with
 * Stripe now rather than wait for the webhook.
 */
export async function refreshOrderPayment(
  database: Database,
  stripeClient: Stripe | null,
  eventId: number,
  shortId: string,
  options: FulfilOptions,
): Promise<void> {
  const stripe = requireStripe(stripeClient);
  const order = await orderRow(database, eventId, shortId);
  if (!order.paymentIntentId) return;
  const stripeAccount = await stripeAccountOf(database, order.accountId);
  if (!stripeAccount) return;
  const intentId = order.paymentIntentId;
  const intent = await callStripe(() => stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount }));
  await inTransaction(database, (tx) => applyPaymentIntent(tx, stripe, intent, stripeAccount, options));
}
