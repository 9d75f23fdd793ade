import { createHmac, randomBytes } from 'node:crypto';

/**
 * The objects of the local Stripe stand-in, shaped like Stripe's own (only the fields Tessera
 * reads, plus `id` and `object`). Used by tests only.
 */

export { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from '../../payments/stripe/client';

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
  /** Set once it succeeded: the money leaving the connected account. */
  balance_transaction: string | null;
  /** Whether a share of the application fee goes back with it (`refund_application_fee`). */
  refund_application_fee: boolean;
  created: number;
}

export interface StripeFeeDetail {
  type: 'stripe_fee' | 'application_fee' | 'tax';
  amount: number;
  currency: string;
  description: string;
  application: string | null;
}

/** What a charge or refund did to the connected account's balance, fees included. */
export interface StripeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  type: 'charge' | 'refund';
  amount: number;
  currency: string;
  fee: number;
  fee_details: StripeFeeDetail[];
  net: number;
  source: string;
  status: 'available' | 'pending';
  created: number;
}

export interface StripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  paid: true;
  balance_transaction: string;
  application_fee: string | null;
  application_fee_amount: number | null;
  created: number;
}

/** The platform's fee on a charge, kept on the platform's account. */
export interface StripeApplicationFee {
  id: string;
  object: 'application_fee';
  amount: number;
  amount_refunded: number;
  currency: string;
  account: string | null;
  charge: string;
  refunded: boolean;
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
    balance_transaction: null,
    refund_application_fee: params.refund_application_fee === 'true',
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

/**
 * Stripe's processing fee on a card payment, as the stand-in charges it: 1.5 % plus 25 minor
 * units, rounded half up (what European cards cost on Stripe's standard pricing, give or take).
 */
export const stripeFeeOf = (amount: number) => Math.floor((amount * 15) / 1000 + 0.5) + 25;

const feeDetail = (type: StripeFeeDetail['type'], amount: number, currency: string): StripeFeeDetail => ({
  type,
  amount,
  currency,
  description: type === 'application_fee' ? 'Application fee' : 'Stripe processing fees',
  application: type === 'application_fee' ? 'ca_tessera_local' : null,
});

/**
 * The charge of a PaymentIntent that succeeded, its balance transaction on the connected
 * account (Stripe's fee and the application fee taken from it) and the application fee.
 */
export function newCharge(pi: StripePaymentIntent, account: string | undefined) {
  const chargeId = id('ch');
  const stripeFee = stripeFeeOf(pi.amount);
  const applicationFee = pi.application_fee_amount ?? 0;
  const transaction: StripeBalanceTransaction = {
    id: id('txn'),
    object: 'balance_transaction',
    type: 'charge',
    amount: pi.amount,
    currency: pi.currency,
    fee: stripeFee + applicationFee,
    fee_details: [
      feeDetail('stripe_fee', stripeFee, pi.currency),
      ...(applicationFee > 0 ? [feeDetail('application_fee', applicationFee, pi.currency)] : []),
    ],
    net: pi.amount - stripeFee - applicationFee,
    source: chargeId,
    status: 'pending',
    created: now(),
  };
  const fee: StripeApplicationFee | null =
    applicationFee > 0
      ? {
          id: id('fee'),
          object: 'application_fee',
          amount: applicationFee,
          amount_refunded: 0,
          currency: pi.currency,
          account: account ?? null,
          charge: chargeId,
          refunded: false,
          created: now(),
        }
      : null;
  const charge: StripeCharge = {
    id: chargeId,
    object: 'charge',
    amount: pi.amount,
    amount_refunded: 0,
    currency: pi.currency,
    payment_intent: pi.id,
    status: 'succeeded',
    paid: true,
    balance_transaction: transaction.id,
    application_fee: fee?.id ?? null,
    application_fee_amount: fee?.amount ?? null,
    created: now(),
  };
  return { charge, transaction, fee };
}

/**
 * A refund that succeeded: with `refund_application_fee`, the application fee goes back in
 * proportion to the amount (the rest of it with the last of the charge), as Stripe does; Stripe
 * keeps its own fee. Answers the refund's balance transaction on the connected account.
 */
export function settleRefundMoney({
  refund,
  charge,
  fee,
}: {
  refund: StripeRefund;
  charge: StripeCharge;
  fee: StripeApplicationFee | undefined;
}): StripeBalanceTransaction {
  charge.amount_refunded += refund.amount;
  let returned = 0;
  if (fee && refund.refund_application_fee) {
    returned =
      charge.amount_refunded >= charge.amount
        ? fee.amount - fee.amount_refunded
        : Math.min(
            fee.amount - fee.amount_refunded,
            Math.floor((fee.amount * refund.amount) / charge.amount),
          );
    fee.amount_refunded += returned;
    fee.refunded = fee.amount_refunded >= fee.amount;
  }
  // What goes back of the application fee is booked on the platform's side (the fee's
  // `amount_refunded`), not on this refund; Stripe's own fee is not given back.
  const transaction: StripeBalanceTransaction = {
    id: id('txn'),
    object: 'balance_transaction',
    type: 'refund',
    amount: -refund.amount,
    currency: refund.currency,
    fee: 0,
    fee_details: [],
    net: -refund.amount,
    source: refund.id,
    status: 'available',
    created: now(),
  };
  refund.balance_transaction = transaction.id;
  return transaction;
}

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
