import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { withSettingDefaults } from '../../../common/events';
import { connectionStatusOf, type PaymentConnectionResponse } from '../../../common/payments';
import type { Db } from '../../db/client';
import { accounts, type events, stripeConnections, tickets } from '../../db/schema';
import { AppError } from '../../http/app-error';

type ConnectionRow = typeof stripeConnections.$inferSelect;

/** A failed call to Stripe is the provider's failure (502), never a 500 of ours. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && 'type' in error && String(error.type).startsWith('Stripe')) {
      throw Object.assign(new AppError('PAYMENT_PROVIDER_ERROR'), { cause: error });
    }
    throw error;
  }
}

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  return stripe;
}

async function connectionOf(db: Db, accountId: number): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(stripeConnections).where(eq(stripeConnections.accountId, accountId));
  return row ?? null;
}

/** The account's connected Stripe account, whatever its state, or null. */
export async function getStripeAccountId(db: Db, accountId: number): Promise<string | null> {
  return (await connectionOf(db, accountId))?.stripeAccountId ?? null;
}

/** The connected Stripe account of an account that can take card payments now, or null. */
export async function getChargeableStripeAccount(db: Db, accountId: number): Promise<string | null> {
  const row = await connectionOf(db, accountId);
  if (!row) return null;
  return connectionStatusOf({
    charges_enabled: row.chargesEnabled,
    details_submitted: row.detailsSubmitted,
  }) === 'CONNECTED'
    ? row.stripeAccountId
    : null;
}

/** Writes what Stripe says of a connected account (from a retrieve or an `account.updated`). */
export async function applyStripeAccount(db: Db, account: Stripe.Account): Promise<void> {
  await db
    .update(stripeConnections)
    .set({
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      detailsSubmitted: account.details_submitted ?? false,
      updatedAt: new Date(),
    })
    .where(eq(stripeConnections.stripeAccountId, account.id));
}

function present(row: ConnectionRow | null, available: boolean): PaymentConnectionResponse {
  const flags = {
    charges_enabled: row?.chargesEnabled ?? false,
    payouts_enabled: row?.payoutsEnabled ?? false,
    details_submitted: row?.detailsSubmitted ?? false,
  };
  return {
    provider: 'STRIPE',
    available,
    status: connectionStatusOf(row ? flags : null),
    stripe_account_id: row?.stripeAccountId ?? null,
    ...flags,
  };
}

/**
 * `GET /api/accounts/payment`. An unfinished connection is asked of Stripe again, so the
 * admin coming back from onboarding sees the new state even before the webhook arrives.
 */
export async function getPaymentConnection(
  db: Db,
  stripe: Stripe | null,
  accountId: number,
): Promise<PaymentConnectionResponse> {
  let row = await connectionOf(db, accountId);
  if (row && stripe && !(row.chargesEnabled && row.detailsSubmitted)) {
    const stripeAccountId = row.stripeAccountId;
    const account = await callStripe(() => stripe.accounts.retrieve(stripeAccountId));
    await applyStripeAccount(db, account);
    row = await connectionOf(db, accountId);
  }
  return present(row, stripe !== null);
}

/**
 * `POST /api/accounts/payment/stripe/connect`: creates the connected account the first time
 * (one per Tessera account, whatever the retries), then an onboarding link that returns here.
 */
export async function connectStripe({
  db,
  stripe: stripeClient,
  accountId,
  appUrl,
}: {
  db: Db;
  stripe: Stripe | null;
  accountId: number;
  appUrl: string;
}): Promise<{ url: string }> {
  const stripe = requireStripe(stripeClient);
  let row = await connectionOf(db, accountId);
  if (!row) {
    const [account] = await db
      .select({ email: accounts.supportEmail })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const created = await callStripe(() =>
      stripe.accounts.create(
        {
          type: 'express',
          ...(account?.email ? { email: account.email } : {}),
          metadata: { tessera_account_id: String(accountId) },
        },
        { idempotencyKey: `tessera-connect-${accountId}` },
      ),
    );
    await db
      .insert(stripeConnections)
      .values({ accountId, stripeAccountId: created.id })
      .onConflictDoNothing({ target: stripeConnections.accountId });
    row = await connectionOf(db, accountId);
  }
  if (!row) throw new Error('stripe connection insert returned nothing');
  const stripeAccountId = row.stripeAccountId;
  const link = await callStripe(() =>
    stripe.accountLinks.create({
      account: stripeAccountId,
      type: 'account_onboarding',
      refresh_url: `${appUrl}/account/payment?stripe=refresh`,
      return_url: `${appUrl}/account/payment?stripe=return`,
    }),
  );
  return { url: link.url };
}

/**
 * Paid tickets go on sale only with a way to pay: card payments connected for the account, or
 * offline payment enabled for the event. Checked when an event goes live.
 */
export async function assertCanTakePayments(db: Db, event: typeof events.$inferSelect): Promise<void> {
  const [paid] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), ne(tickets.type, 'FREE')))
    .limit(1);
  if (!paid) return;
  if (withSettingDefaults(event.settings).offline_payments_enabled) return;
  if (await getChargeableStripeAccount(db, event.accountId)) return;
  throw new AppError('PAYMENT_METHOD_REQUIRED');
}
