import { z } from 'zod';

/** A calendar month in UTC, `YYYY-MM`: how billing figures and statements are cut. */
export const BillingMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM')
  .meta({ description: 'A calendar month in UTC, as YYYY-MM', example: '2031-02' });

/** One month's card money in one currency, in integer minor units (decision 028). */
export const BillingFigures = z.object({
  currency: z.string().length(3),
  payments: z.number().int().meta({ description: 'How many card payments' }),
  card_sales: z.number().int().meta({ description: 'What buyers paid by card' }),
  refunds: z.number().int().meta({ description: 'What was given back to buyers' }),
  platform_fees: z
    .number()
    .int()
    .meta({ description: 'Platform fees taken, less what refunds gave back of them' }),
  stripe_fees: z.number().int().meta({ description: 'What Stripe charged for processing' }),
  net: z.number().int().meta({ description: 'Card sales less refunds, platform fees and Stripe fees' }),
});
export type BillingFigures = z.infer<typeof BillingFigures>;

/** `GET /api/accounts/billing` */
export const BillingResponse = z
  .object({
    /** The share of each card payment the platform takes now, in percent (0 when none). */
    platform_fee_percent: z.number().min(0).max(100),
    /** Months with card activity, newest first; per currency, sorted by code. */
    months: z.array(z.object({ month: BillingMonth, figures: z.array(BillingFigures) })),
  })
  .meta({ id: 'Billing' });
export type BillingResponse = z.infer<typeof BillingResponse>;

/** The fees Stripe reported for one card payment or refund of an order, minor units. */
export const CardFees = z
  .object({
    platform_fee: z.number().int(),
    stripe_fee: z.number().int(),
  })
  .meta({ id: 'CardFees' });
export type CardFees = z.infer<typeof CardFees>;

/** What a card order left the organizer, as billing counts it (decision 028), minor units. */
export interface CardPayout {
  /** The platform fee of the payment, less what refunds gave back of it. */
  platform_fee: number;
  /** Stripe's fees, the payment's and any refund's. */
  stripe_fee: number;
  /** What was given back to the buyer, as Stripe booked it. */
  refunded: number;
  /** The payment less refunds and fees: what reached the organizer's Stripe balance. */
  paid_out: number;
}

/**
 * The payout of a card order from its booked payment and refunds: the same sums as the month's
 * billing figures and the statement's net, for one order. Null for an order not paid by card (or
 * whose fees the caller may not see). Refunds Stripe has not settled yet count for nothing.
 */
export function cardPayout(order: {
  total: number;
  card_fees: CardFees | null;
  refunds: readonly { amount: number; fees: CardFees | null }[];
}): CardPayout | null {
  const payment = order.card_fees;
  if (!payment) return null;
  const booked = order.refunds.filter((r) => r.fees !== null);
  const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
  const refunded = sum(booked.map((r) => r.amount));
  const platform = payment.platform_fee - sum(booked.map((r) => r.fees?.platform_fee ?? 0));
  const stripe = payment.stripe_fee + sum(booked.map((r) => r.fees?.stripe_fee ?? 0));
  return {
    platform_fee: platform,
    stripe_fee: stripe,
    refunded,
    paid_out: order.total - refunded - platform - stripe,
  };
}
