import { z } from 'zod';
import { MAX_MINOR } from './money';

/** The state of an account's card payment connection: none, onboarding unfinished, or ready. */
export const CONNECTION_STATUSES = ['NOT_CONNECTED', 'SETUP_INCOMPLETE', 'CONNECTED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Connected when Stripe lets the account take charges; started but not there yet otherwise. */
export function connectionStatusOf(
  connection: { charges_enabled: boolean; details_submitted: boolean } | null,
): ConnectionStatus {
  if (!connection) return 'NOT_CONNECTED';
  return connection.charges_enabled && connection.details_submitted ? 'CONNECTED' : 'SETUP_INCOMPLETE';
}

/** `GET /api/accounts/payment` */
export const PaymentConnectionResponse = z
  .object({
    provider: z.literal('STRIPE'),
    /** False when this server has no Stripe keys: card payments cannot be connected at all. */
    available: z.boolean(),
    status: z.enum(CONNECTION_STATUSES),
    stripe_account_id: z.string().nullable(),
    charges_enabled: z.boolean(),
    payouts_enabled: z.boolean(),
    details_submitted: z.boolean(),
  })
  .meta({ id: 'PaymentConnection' });
export type PaymentConnectionResponse = z.infer<typeof PaymentConnectionResponse>;

/** `POST /api/accounts/payment/stripe/connect`: where to send the admin to set up Stripe. */
export const ConnectStripeResponse = z.object({ url: z.url() }).meta({ id: 'ConnectStripe' });

/** `POST /api/public/events/{id}/orders/{shortId}/stripe/payment-intent` */
export const StripePaymentIntentResponse = z
  .object({
    client_secret: z.string(),
    publishable_key: z.string(),
    stripe_account: z.string(),
    /** Only with the local test server: its address, for the test-only card form. */
    test_api_base: z.string().nullable(),
  })
  .meta({ id: 'StripePaymentIntent' });
export type StripePaymentIntentResponse = z.infer<typeof StripePaymentIntentResponse>;

/** `POST /api/events/{eventId}/orders/{orderId}/refund`: all or part of a card payment back. */
export const RefundOrderRequest = z
  .strictObject({
    /** Minor units; at most what has not been refunded yet. */
    amount: z.int().positive().max(MAX_MINOR),
    notify_buyer: z.boolean().default(true),
    /** Also cancel the order: its tickets are voided and go back on sale. */
    cancel_order: z.boolean().default(false),
  })
  .meta({ id: 'RefundOrderRequest' });
export type RefundOrderRequest = z.input<typeof RefundOrderRequest>;

/** How a refund went back: asked of Stripe for a card payment, or given back by the organizer and recorded. */
export const REFUND_METHODS = ['STRIPE', 'OFFLINE'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * `POST /api/events/{eventId}/orders/{orderId}/offline-refunds`: a refund of an order paid
 * offline that the organizer gave back themselves (cash, a bank transfer), written down with why.
 * The order is refunded at once: nothing waits for a payment provider.
 */
export const RecordRefundRequest = z
  .strictObject({
    /** Minor units; at most what has not been refunded yet. */
    amount: z.int().positive().max(MAX_MINOR),
    /** How and why the money went back ("Cash at the box office: the buyer cannot come"). */
    note: z.string().trim().min(1).max(2000),
    notify_buyer: z.boolean().default(true),
    /** Also cancel the order: its tickets are voided and go back on sale. */
    cancel_order: z.boolean().default(false),
  })
  .meta({ id: 'RecordRefundRequest' });
export type RecordRefundRequest = z.input<typeof RecordRefundRequest>;
