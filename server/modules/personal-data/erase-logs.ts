import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import {
  checkInScans,
  jobs,
  messageRecipients,
  messages,
  orderActivities,
  orders,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { type Erased, scrubJson, scrubText } from './scrub';

interface LogScope {
  accountId: number;
  erased: Erased;
  orderIds: number[];
  attendeeIds: number[];
  /** The erased orders' short ids and references and the tickets' short ids: what mails about them carry. */
  handles: string[];
}

const mentions = (column: unknown, email: string) =>
  sql`${column}::text ilike ${`%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/**
 * The records that keep what happened, in the account: the orders' activity, check-in scans,
 * webhook bodies and the endpoints' answers, the recipients' errors, and the job queue
 * (decision 064). Issued invoices and credit notes are not touched: they are kept as issued,
 * the buyer's name, address and e-mail included, as tax law wants (the database refuses any
 * change to them).
 */
export async function scrubLogs(tx: Transaction, scope: LogScope): Promise<void> {
  const { accountId, erased } = scope;
  const ofAccount = tx.select({ id: orders.id }).from(orders).where(eq(orders.accountId, accountId));
  const activities = await tx
    .select()
    .from(orderActivities)
    .where(
      and(
        inArray(orderActivities.orderId, ofAccount),
        or(
          ...(scope.orderIds.length > 0 ? [inArray(orderActivities.orderId, scope.orderIds)] : []),
          mentions(orderActivities.data, erased.email),
          mentions(orderActivities.note, erased.email),
        ),
      ),
    );
  for (const row of activities) {
    await tx
      .update(orderActivities)
      .set({
        note: row.note === null ? null : scrubText(row.note, erased),
        data: row.data === null ? null : scrubJson(row.data, erased),
      })
      .where(eq(orderActivities.id, row.id));
  }
  if (scope.attendeeIds.length > 0) {
    const scans = await tx
      .select()
      .from(checkInScans)
      .where(inArray(checkInScans.attendeeId, scope.attendeeIds));
    for (const scan of scans) {
      await tx
        .update(checkInScans)
        .set({ answer: scrubJson(scan.answer, erased) })
        .where(and(eq(checkInScans.checkInListId, scan.checkInListId), eq(checkInScans.nonce, scan.nonce)));
    }
  }
  await scrubWebhooks(tx, scope);
  await scrubRecipientErrors(tx, scope);
  await scrubJobs(tx, scope);
}

async function scrubWebhooks(tx: Transaction, { accountId, erased }: LogScope) {
  const endpoints = tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId));
  const deliveries = await tx
    .select({ id: webhookDeliveries.id, body: webhookDeliveries.body })
    .from(webhookDeliveries)
    .where(
      and(inArray(webhookDeliveries.endpointId, endpoints), mentions(webhookDeliveries.body, erased.email)),
    );
  for (const delivery of deliveries) {
    await tx
      .update(webhookDeliveries)
      .set({ body: scrubJson(delivery.body, erased) })
      .where(eq(webhookDeliveries.id, delivery.id));
  }
  const ofAccount = tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpoints));
  const answers = await tx
    .select({ id: webhookAttempts.id, excerpt: webhookAttempts.responseExcerpt })
    .from(webhookAttempts)
    .where(
      and(
        inArray(webhookAttempts.deliveryId, ofAccount),
        mentions(webhookAttempts.responseExcerpt, erased.email),
      ),
    );
  for (const answer of answers) {
    await tx
      .update(webhookAttempts)
      .set({ responseExcerpt: scrubText(answer.excerpt ?? '', erased) })
      .where(eq(webhookAttempts.id, answer.id));
  }
}

async function scrubRecipientErrors(tx: Transaction, { accountId, erased }: LogScope) {
  const ofAccount = tx.select({ id: messages.id }).from(messages).where(eq(messages.accountId, accountId));
  const rows = await tx
    .select({ id: messageRecipients.id, error: messageRecipients.lastError })
    .from(messageRecipients)
    .where(
      and(
        inArray(messageRecipients.messageId, ofAccount),
        mentions(messageRecipients.lastError, erased.email),
      ),
    );
  for (const row of rows) {
    await tx
      .update(messageRecipients)
      .set({ lastError: scrubText(row.error ?? '', erased) })
      .where(eq(messageRecipients.id, row.id));
  }
}

/**
 * The job queue knows no account. Its finished jobs that mention the address are logs: scrubbed.
 * Its pending jobs that mention the address and one of the erased orders or tickets (their mails)
 * are deleted: nothing more is sent about them. A running job is left to its worker; pending
 * jobs of other accounts' orders stay theirs.
 */
async function scrubJobs(tx: Transaction, { erased, handles }: LogScope) {
  const rows = await tx
    .select()
    .from(jobs)
    .where(
      and(
        ne(jobs.status, 'running'),
        or(mentions(jobs.payload, erased.email), mentions(jobs.lastError, erased.email)),
      ),
    );
  for (const job of rows) {
    const text = JSON.stringify(job.payload);
    if (job.status === 'pending') {
      if (handles.some((handle) => handle && text.includes(handle))) {
        await tx.delete(jobs).where(eq(jobs.id, job.id));
      }
      continue;
    }
    await tx
      .update(jobs)
      .set({
        payload: scrubJson(job.payload, erased),
        lastError: job.lastError === null ? null : scrubText(job.lastError, erased),
      })
      .where(eq(jobs.id, job.id));
  }
}
