import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { FulfilOptions } from '../orders/fulfil';
import { applyStripeAccount, callStripe } from '../stripe-accounts/service';
import { PAYMENT_EXPAND, readStripeRefund } from './card-transactions';
import { applyStripeRefund } from './refunds';
import { applyPaymentIntent, requestSoldOutRefunds } from './stripe-orders';

/**
 * `POST /api/public/webhooks/stripe`. The signature is checked on the raw body with the SDK;
 * then, in one transaction, the event id is recorded (a unique key: a duplicate, a retry or a
 * concurrent delivery of the same event stops here) and acted on. Events may arrive in any
 * order, so a PaymentIntent is read again from Stripe and its current state is what counts.
 * Stripe is called before that transaction and after it, never during it.
 */
export async function handleStripeWebhook({
  db,
  stripe,
  webhookSecret,
  rawBody,
  signature,
  options,
}: {
  db: Database;
  stripe: Stripe;
  webhookSecret: string;
  rawBody: Buffer;
  signature: string | undefined;
  options: FulfilOptions;
}): Promise<{ received: true; duplicate: boolean }> {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  const account = event.account ?? null;
  // Read from Stripe before the transaction: no network wait while rows are locked.
  const refundId = refundIdOf(event);
  const refund =
    account && refundId ? await readStripeRefund({ stripe, refundId, stripeAccount: account }) : null;
  const intent =
    account && event.type.startsWith('payment_intent.')
      ? await callStripe(() =>
          stripe.paymentIntents.retrieve(
            (event.data.object as Stripe.PaymentIntent).id,
            { expand: PAYMENT_EXPAND },
            { stripeAccount: account },
          ),
        )
      : null;

  const fresh = await inTransaction(db, async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, stripeAccountId: account })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return false;
    if (event.type === 'account.updated') {
      await applyStripeAccount(tx, event.data.object as Stripe.Account);
    } else if (intent && account) {
      await applyPaymentIntent(tx, intent, options);
    } else if (refund) {
      await applyStripeRefund(tx, refund, options.appUrl);
    }
    return true;
  });
  // Also for a duplicate: a retry after a failed refund request asks again.
  if (intent && account)
    await requestSoldOutRefunds({ db, stripe, intentId: intent.id, stripeAccount: account });
  return { received: true, duplicate: !fresh };
}

/** The refund an event is about: `refund.*` carry it, `charge.refund.updated` too. */
function refundIdOf(event: Stripe.Event): string | null {
  if (!event.type.startsWith('refund.') && event.type !== 'charge.refund.updated') return null;
  const object = event.data.object as { object?: string; id?: string };
  return object.object === 'refund' && object.id ? object.id : null;
}
