import { createHmac, randomBytes } from 'node:crypto';

/**
 * The objects of the local Stripe stand-in, shaped like Stripe's own (only the fields Tessera
 * reads, plus `id` and `object`). Used by tests only.
 */

export { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from '../client';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export interface StripeAccount {
  id: string;
  object: 'account';
  type: 'express' | 'standard';
  email: string | null;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  created: number;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface StripePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: PaymentIntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  application_fee_amount: number | null;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  account?: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

export function newAccount(params: Record<string, string>): StripeAccount {
  return {
    id: id('acct'),
    object: 'account',
    type: params.type === 'standard' ? 'standard' : 'express',
    email: params.email ?? null,
    country: params.country ?? 'PT',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    metadata: metadataOf(params),
    created: now(),
  };
}

export function newPaymentIntent(params: Record<string, string>): StripePaymentIntent {
  const piId = id('pi');
  return {
    id: piId,
    object: 'payment_intent',
    amount: Number(params.amount),
    amount_received: 0,
    currency: (params.currency ?? 'eur').toLowerCase(),
    status: 'requires_payment_method',
    client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
    metadata: metadataOf(params),
    application_fee_amount: params.application_fee_amount ? Number(params.application_fee_amount) : null,
    latest_charge: null,
    last_payment_error: null,
    created: now(),
    livemode: false,
  };
}

export function newRefund(pi: StripePaymentIntent, params: Record<string, string>): StripeRefund {
  return {
    id: id('re'),
    object: 'refund',
    amount: params.amount ? Number(params.amount) : pi.amount_received,
    currency: pi.currency,
    payment_intent: pi.id,
    charge: pi.latest_charge,
    status: 'pending',
    metadata: metadataOf(params),
    created: now(),
  };
}

export function newEvent(type: string, object: unknown, account?: string): StripeEvent {
  return {
    id: id('evt'),
    object: 'event',
    api_version: '2025-01-01',
    created: now(),
    type,
    ...(account ? { account } : {}),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
}

export const newChargeId = () => id('ch');

/** `metadata[key]=value` form fields as an object. */
function metadataOf(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

/** The `Stripe-Signature` header exactly as Stripe computes it: HMAC-SHA256 of `t.payload`. */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
