import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database, Db } from '../../db/client';
import { sqlList } from '../../db/rows';
import {
  accountDeletions,
  accounts,
  accountUsers,
  dateCancellations,
  eventImages,
  events,
  invoices,
  jobs,
  messages,
  orders,
  organizerImages,
  stripeConnections,
  users,
  waitlistEntries,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ACCOUNT_DELETION_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { MAIL_JOB } from '../../mail/payload';
import type { FileStorage } from '../../storage';
import { deleteImageFiles } from '../images/store';

/** What carrying out a deletion needs besides the database. */
export interface PurgeDependencies {
  storage: FileStorage;
  stripe: Stripe | null;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** The payload keys of jobs that name a row of the account, with the ids of those rows. */
async function jobReferences(db: Db, accountId: number): Promise<[string, number[]][]> {
  const eventIds = ids(
    await db.select({ id: events.id }).from(events).where(eq(events.accountId, accountId)),
  );
  const orderIds = ids(
    await db.select({ id: orders.id }).from(orders).where(eq(orders.accountId, accountId)),
  );
  const deliveryIds = ids(
    await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookEndpoints.accountId, accountId)),
  );
  return [
    ['event_id', eventIds],
    ['order_id', orderIds],
    ['delivery_id', deliveryIds],
    [
      'message_id',
      ids(await db.select({ id: messages.id }).from(messages).where(eq(messages.accountId, accountId))),
    ],
    [
      'cancellation_id',
      ids(
        await db
          .select({ id: dateCancellations.id })
          .from(dateCancellations)
          .where(eq(dateCancellations.accountId, accountId)),
      ),
    ],
    [
      'entry_id',
      ids(
        await db
          .select({ id: waitlistEntries.id })
          .from(waitlistEntries)
          .where(eq(waitlistEntries.accountId, accountId)),
      ),
    ],
    // Mails that carry an order's tickets or invoice name the event or the order.
    ['documents.eventId', eventIds],
    ['documents.orderId', orderIds],
  ];
}

/** Deletes the queued (and finished) jobs whose payload names a row of the account. */
async function deleteJobsOf(db: Db, accountId: number): Promise<void> {
  for (const [key, values] of await jobReferences(db, accountId)) {
    if (values.length === 0) continue;
    const list = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    const [outer, inner] = key.split('.');
    const match = inner
      ? sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${jobs.payload} -> ${outer}) = 'array' then ${jobs.payload} -> ${outer} else '[]'::jsonb end) d where (d ->> ${inner})::bigint in (${list}))`
      : sql`(${jobs.payload} ->> ${key}) ~ '^[0-9]+$' and (${jobs.payload} ->> ${key})::bigint in (${list})`;
    await db.delete(jobs).where(and(ne(jobs.type, ACCOUNT_DELETION_JOB), match));
  }
}

/**
 * Deletes the sent (or given up) mails that carried the account's people and words: those to the
 * logins that go with the account, and to its buyers, attendees, waiting list, organizers,
 * affiliates and support address. A mail still to be sent stays (the notice of the deletion
 * itself among them), unless it names the account's rows (`deleteJobsOf`).
 */
async function deleteMailsOf(db: Db, input: { accountId: number; userIds: number[] }): Promise<void> {
  const { accountId, userIds } = input;
  const logins =
    userIds.length > 0 ? sql`union select lower(email) from users where id in (${sqlList(userIds)})` : sql``;
  await db.delete(jobs).where(
    and(
      eq(jobs.type, MAIL_JOB),
      inArray(jobs.status, ['done', 'failed']),
      sql`lower(${jobs.payload} ->> 'to') in (
        select lower(email) from orders where account_id = ${accountId} and email is not null
        union select lower(email) from attendees where account_id = ${accountId}
        union select lower(email) from waitlist_entries where account_id = ${accountId}
        union select lower(email) from organizers where account_id = ${accountId} and email is not null
        union select lower(email) from affiliates where account_id = ${accountId} and email is not null
        union select lower(support_email) from accounts where id = ${accountId} and support_email is not null
        ${logins}
      )`,
    ),
  );
}

/** The stored files of the account's event and organizer images. */
async function imagesOf(db: Db, accountId: number) {
  const columns = { key: eventImages.key, variants: eventImages.variants };
  return [
    ...(await db.select(columns).from(eventImages).where(eq(eventImages.accountId, accountId))),
    ...(await db
      .select({ key: organizerImages.key, variants: organizerImages.variants })
      .from(organizerImages)
      .where(eq(organizerImages.accountId, accountId))),
  ];
}

/** Removes the connected Stripe account; one Stripe no longer knows is already gone. */
async function disconnectStripe(db: Db, stripe: Stripe | null, accountId: number): Promise<void> {
  const [connection] = await db
    .select()
    .from(stripeConnections)
    .where(eq(stripeConnections.accountId, accountId));
  if (!connection || !stripe) return;
  try {
    await stripe.accounts.del(connection.stripeAccountId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
  }
}

/**
 * Carries out a due account deletion (decision 065): the Stripe connection and the uploaded
 * files go first (both can be asked again if a later step fails and the job is retried), then
 * in one transaction the jobs that name the account's rows and the mails that carried its people,
 * its invoices, orders and events
 * (named by rows without a cascade), the account with every row that cascades from it, and the logins
 * that belonged to no other account. Answers false when no deletion was due.
 */
export async function purgeAccount(
  db: Database,
  deps: PurgeDependencies,
  accountId: number,
): Promise<boolean> {
  const [due] = await db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.accountId, accountId), sql`${accountDeletions.deleteAfter} <= now()`));
  if (!due?.confirmedAt) return false;
  await disconnectStripe(db, deps.stripe, accountId);
  for (const image of await imagesOf(db, accountId)) await deleteImageFiles(deps.storage, image);
  await inTransaction(db, async (tx) => {
    const onlyHere = ids(
      await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(accountUsers, eq(accountUsers.userId, users.id))
        .where(
          and(
            eq(accountUsers.accountId, accountId),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(accountUsers)
                .where(and(eq(accountUsers.userId, users.id), ne(accountUsers.accountId, accountId))),
            ),
          ),
        ),
    );
    await deleteJobsOf(tx, accountId);
    await deleteMailsOf(tx, { accountId, userIds: onlyHere });
    // Outermost first: rows that others name without a cascade (an order's tickets and dates, an
    // event's organizer) go before what they name.
    await tx.delete(invoices).where(eq(invoices.accountId, accountId));
    await tx.delete(orders).where(eq(orders.accountId, accountId));
    await tx.delete(events).where(eq(events.accountId, accountId));
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    if (onlyHere.length > 0) await tx.delete(users).where(inArray(users.id, onlyHere));
  });
  return true;
}

/** The worker's handler of `ACCOUNT_DELETION_JOB`. */
export const accountDeletionJobHandler =
  (deps: PurgeDependencies): JobHandler<{ account_id: number }> =>
  async (payload, { db }) => {
    await purgeAccount(db, deps, payload.account_id);
  };
