import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Transaction } from '../../db/client';
import { cardTransactions, type orders, type refunds } from '../../db/schema';
import { callStripe } from '../stripe-accounts/service';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * What Tessera books of card money (decision 028): each payment and each refund with the
 * platform fee and Stripe's fee as Stripe reports them, read from the balance transaction of
 * the charge (or refund) on the connected account, never computed here.
 */

/** Retrieve a PaymentIntent with this, so its charge and balance transaction come with it. */
export const PAYMENT_EXPAND = ['latest_charge.balance_transaction'];

/** A balance transaction's fees: the application fee (the platform's) apart from Stripe's own. */
function feesOf(transaction: Stripe.BalanceTransaction): { platform: number; stripe: number } {
  let platform = 0;
  for (const detail of transaction.fee_details) {
    if (detail.type === 'application_fee') platform += detail.amount;
  }
  // Stripe's processing fee and any tax on it: everything that is not the platform's.
  return { platform, stripe: transaction.fee - platform };
}

const expandedObject = <T extends { id: string }>(value: string | T | null | undefined): T | null =>
  value && typeof value === 'object' ? value : null;

/**
 * Books the payment of a PaymentIntent that succeeded, once (its charge is the unique key), in
 * the caller's transaction. A PaymentIntent retrieved without `PAYMENT_EXPAND`, or whose charge
 * has no balance transaction yet, books nothing; the next look at it will.
 */
export async function recordCardPayment(
  tx: Transaction,
  { order, intent }: { order: OrderRow; intent: Stripe.PaymentIntent },
): Promise<void> {
  const charge = expandedObject(intent.latest_charge);
  const transaction = expandedObject(charge?.balance_transaction);
  if (!charge || !transaction) return;
  const fees = feesOf(transaction);
  await tx
    .insert(cardTransactions)
    .values({
      accountId: order.accountId,
      orderId: order.id,
      kind: 'PAYMENT',
      amount: charge.amount,
      currency: charge.currency.toUpperCase(),
      platformFee: fees.platform,
      stripeFee: fees.stripe,
      stripePaymentIntentId: intent.id,
      stripeObjectId: charge.id,
      stripeBalanceTransactionId: transaction.id,
      createdAt: new Date(transaction.created * 1000),
    })
    .onConflictDoNothing({ target: cardTransactions.stripeObjectId });
}

/** A refund as read from Stripe, with what the platform has given back of its fee on that charge so far. */
export interface StripeRefundRead {
  refund: Stripe.Refund;
  /** The application fee's `amount_refunded`, all refunds of the charge together; null without a fee. */
  platformFeeRefunded: number | null;
}

/**
 * Reads a refund on the connected account with its balance transaction and charge, and, once
 * it succeeded, the charge's application fee on the platform's account (what of it went back).
 */
export async function readStripeRefund({
  stripe,
  refundId,
  stripeAccount,
}: {
  stripe: Stripe;
  refundId: string;
  stripeAccount: string;
}): Promise<StripeRefundRead> {
  const refund = await callStripe(() =>
    stripe.refunds.retrieve(refundId, { expand: ['balance_transaction', 'charge'] }, { stripeAccount }),
  );
  const charge = expandedObject(refund.charge);
  const feeId = typeof charge?.application_fee === 'string' ? charge.application_fee : null;
  if (refund.status !== 'succeeded' || !feeId) return { refund, platformFeeRefunded: null };
  const fee = await callStripe(() => stripe.applicationFees.retrieve(feeId));
  return { refund, platformFeeRefunded: fee.amount_refunded };
}

/**
 * Books a refund Stripe settled as succeeded, once, in the caller's transaction (which holds
 * the order locked, so refunds of one order are booked one after the other). Its platform fee
 * is the part of the application fee given back that earlier refunds of the order do not
 * account for yet.
 */
export async function recordCardRefund(
  tx: Transaction,
  { order, row, read }: { order: OrderRow; row: RefundRow; read: StripeRefundRead },
): Promise<void> {
  const { refund, platformFeeRefunded } = read;
  const transaction = expandedObject(refund.balance_transaction);
  if (!order.paymentIntentId) return;
  const [before] = await tx
    .select({ platformFee: sql<number>`coalesce(sum(${cardTransactions.platformFee}), 0)::int` })
    .from(cardTransactions)
    .where(and(eq(cardTransactions.orderId, order.id), eq(cardTransactions.kind, 'REFUND')));
  const platformFee = Math.max(0, (platformFeeRefunded ?? 0) - (before?.platformFee ?? 0));
  // Stripe keeps its fee on a refund; a fee it charged for the refund itself would show here.
  const stripeFee = transaction ? feesOf(transaction).stripe : 0;
  await tx
    .insert(cardTransactions)
    .values({
      accountId: order.accountId,
      orderId: order.id,
      refundId: row.id,
      kind: 'REFUND',
      amount: refund.amount,
      currency: refund.currency.toUpperCase(),
      platformFee,
      stripeFee,
      stripePaymentIntentId: order.paymentIntentId,
      stripeObjectId: refund.id,
      stripeBalanceTransactionId: transaction?.id ?? null,
      createdAt: transaction ? new Date(transaction.created * 1000) : new Date(refund.created * 1000),
    })
    .onConflictDoNothing({ target: cardTransactions.stripeObjectId });
}
