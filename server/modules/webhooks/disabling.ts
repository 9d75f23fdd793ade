import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import type { Transaction } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { enqueueMail } from '../../mail/send';
import { getAccount } from '../accounts/service';
import { getAccountOwner } from '../members/service';

/** An endpoint none of whose attempts answered 2xx for this long is turned off (decision 027). */
export const WEBHOOK_DISABLE_AFTER_HOURS = 72;

/** How much of the last error the mail quotes. */
const ERROR_CHARS = 300;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** After an attempt answered 2xx, in its transaction: the endpoint is no longer failing. */
export async function noteWebhookSuccess(tx: Transaction, endpointId: number): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
}

/**
 * After a failed attempt, in the transaction that records it. The endpoint's `failing_since`
 * is set if this is the first failure since a 2xx. If it is older than 72 hours — the earliest
 * failed attempt since the last success is that old, and this one, just now, failed too — an
 * active endpoint is turned off with its reason, its PENDING deliveries are marked FAILED (their
 * jobs then send nothing) and its account's owner is mailed, through the job queue, in this
 * transaction. Only the transaction that turns it off gets a row back from the guarded update,
 * so one turning off makes one mail. Answers whether it turned the endpoint off.
 */
export async function noteWebhookFailure(
  tx: Transaction,
  failure: { endpointId: number; error: string; appUrl: string },
): Promise<boolean> {
  const { endpointId } = failure;
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ active: false, disabledAt: sql`now()`, disabledReason: 'FAILING', updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.active, true),
        lte(
          webhookEndpoints.failingSince,
          sql`now() - make_interval(hours => ${WEBHOOK_DISABLE_AFTER_HOURS})`,
        ),
      ),
    )
    .returning();
  if (!disabled) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: 'FAILED' })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'PENDING')));
  await mailOwner(tx, disabled, failure);
  return true;
}

/** The mail that tells the account's owner, in their language, which endpoint went off and why. */
async function mailOwner(
  tx: Transaction,
  endpoint: EndpointRow,
  failure: { error: string; appUrl: string },
): Promise<void> {
  const owner = await getAccountOwner(tx, endpoint.accountId);
  if (!owner || !endpoint.disabledAt || !endpoint.failingSince) return;
  const account = await getAccount(tx, endpoint.accountId);
  await enqueueMail(tx, {
    template: 'webhookDisabled',
    to: owner.user.email,
    locale: isLocale(owner.user.locale) ? owner.user.locale : 'en',
    uniqueKey: `webhook-disabled:${endpoint.id}:${endpoint.disabledAt.getTime()}`,
    data: {
      firstName: owner.user.firstName,
      accountName: account.name,
      url: endpoint.url,
      description: endpoint.description,
      failingSince: endpoint.failingSince.toISOString(),
      timezone: owner.user.timezone ?? account.timezone,
      lastError: failure.error.slice(0, ERROR_CHARS),
      manageUrl: `${failure.appUrl}/account/integrations`,
    },
  });
}
