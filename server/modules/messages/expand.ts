import { and, eq, sql } from 'drizzle-orm';
import type { MessageErrorCode } from '../../../common/messages';
import type { Database, Transaction } from '../../db/client';
import { accountUsers, events, messageRecipients, messages, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { EXPAND_MAX_ATTEMPTS, type ExpandPayload, enqueueSending } from './jobs';
import { countScopeAddresses, firstScopeAddress, insertRecipientBatch } from './scope';

/** What the message jobs are told by the queue: the database, and which claim of which job runs. */
export interface MessageJobContext {
  db: Database;
  jobId: number;
  attempt: number;
}

type MessageRow = typeof messages.$inferSelect;

/** Candidates read per transaction while a message is expanded. */
export const EXPAND_BATCH = 1000;
/** Recipients per send job: a large message is mailed by several jobs side by side. */
export const SEND_RANGE = 250;

async function lockMessage(tx: Transaction, messageId: number): Promise<MessageRow | undefined> {
  const [row] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
  return row;
}

async function failMessage(tx: Transaction, messageId: number, code: MessageErrorCode): Promise<void> {
  await tx
    .update(messages)
    .set({ status: 'FAILED', errorCode: code, finishedAt: new Date() })
    .where(eq(messages.id, messageId));
}

/** Queues the sending of freshly written recipients, `SEND_RANGE` of them per job. */
async function enqueueRanges(tx: Transaction, messageId: number, ids: number[]): Promise<void> {
  for (let at = 0; at < ids.length; at += SEND_RANGE) {
    const chunk = ids.slice(at, at + SEND_RANGE);
    const first = chunk[0];
    const last = chunk.at(-1);
    if (first === undefined || last === undefined) continue;
    await enqueueSending(tx, { message_id: messageId, first_id: first, last_id: last });
  }
}

/** The sender as they are now: still an active member with a confirmed e-mail address? */
async function senderOf(tx: Transaction, message: MessageRow) {
  if (message.sentByUserId === null) return null;
  const [row] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      confirmedAt: users.emailConfirmedAt,
      status: accountUsers.status,
    })
    .from(users)
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, message.accountId)),
    )
    .where(eq(users.id, message.sentByUserId));
  return row && row.status === 'ACTIVE' && row.confirmedAt !== null ? row : null;
}

/**
 * Starts a due message: checks that its sender may still send and that its scope reaches
 * someone (not too many), marks it SENDING and writes the sender's own recipient (a test, or
 * the copy). Answers the message to expand, or null when there is nothing (more) to do: it was
 * deleted, has finished, or has just failed. A message already SENDING is resumed.
 */
async function startSending(
  db: Database,
  messageId: number,
  maxRecipients: number,
): Promise<MessageRow | null> {
  return inTransaction(db, async (tx) => {
    const message = await lockMessage(tx, messageId);
    if (!message || message.status === 'SENT' || message.status === 'FAILED') return null;
    if (message.status === 'SENDING') return message;
    const sender = await senderOf(tx, message);
    if (!sender) {
      await failMessage(tx, messageId, 'SENDER_NOT_ALLOWED');
      return null;
    }
    if (!message.isTest) {
      const count = await countScopeAddresses(tx, message.eventId, message.scope);
      if (count === 0 || count > maxRecipients) {
        await failMessage(tx, messageId, count === 0 ? 'NO_RECIPIENTS' : 'TOO_MANY_RECIPIENTS');
        return null;
      }
    }
    const now = new Date();
    await tx
      .update(messages)
      .set({ status: 'SENDING', startedAt: now, ...(message.isTest ? { expandedAt: now } : {}) })
      .where(eq(messages.id, messageId));
    if (message.isTest || message.sendCopyToSender) {
      const [event] = await tx
        .select({ slug: events.slug })
        .from(events)
        .where(eq(events.id, message.eventId));
      // A test is filled in for the sender, with the event's page; the copy as for the first
      // recipient, whose page link it keeps (the name follows from it when it is sent).
      const first = message.isTest ? null : await firstScopeAddress(tx, message.eventId, message.scope);
      const written = await tx
        .insert(messageRecipients)
        .values({
          messageId,
          email: sender.email.toLowerCase(),
          name: `${sender.firstName} ${sender.lastName}`.trim(),
          kind: message.isTest ? 'TEST' : 'COPY',
          linkPath: first?.link_path ?? `/e/${message.eventId}/${event?.slug ?? ''}`,
          locale: sender.locale,
        })
        .onConflictDoNothing()
        .returning({ id: messageRecipients.id });
      await enqueueRanges(
        tx,
        messageId,
        written.map((r) => r.id),
      );
    }
    return { ...message, status: 'SENDING', startedAt: now };
  });
}

/** Writes the next batch of recipients and queues their sending; true once the scope is exhausted. */
async function expandBatch(db: Database, messageId: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const message = await lockMessage(tx, messageId);
    if (message?.status !== 'SENDING' || message.expandedAt) return true;
    const batch = await insertRecipientBatch(tx, {
      messageId,
      eventId: message.eventId,
      scope: message.scope,
      after: message.expansionCursor,
      size: EXPAND_BATCH,
    });
    const done = batch.scanned < EXPAND_BATCH;
    await tx
      .update(messages)
      .set({ expansionCursor: batch.lastSourceId, ...(done ? { expandedAt: new Date() } : {}) })
      .where(eq(messages.id, messageId));
    await enqueueRanges(tx, messageId, batch.recipientIds);
    return done;
  });
}

/**
 * Marks a message SENT once it is fully expanded and no recipient is pending. Every job that
 * may have handled the last recipient calls it after its own changes committed, so the last
 * of them sees them all.
 */
export async function finishIfDone(db: Database, messageId: number): Promise<void> {
  await db.execute(sql`
    update ${messages} set status = 'SENT', finished_at = now()
     where ${messages.id} = ${messageId} and ${messages.status} = 'SENDING'
       and ${messages.expandedAt} is not null
       and not exists (select 1 from ${messageRecipients}
                        where ${messageRecipients.messageId} = ${messageId}
                          and ${messageRecipients.status} = 'PENDING')`);
}

/**
 * The `messages.expand` job: starts a due message and writes its recipients, one transaction
 * per batch (each also queues the batch's send jobs and moves the cursor, so a worker that dies
 * resumes after the last batch written). Its last claim gives up and marks the message FAILED.
 */
export async function expandMessage(
  payload: ExpandPayload,
  context: MessageJobContext & { maxRecipients: number },
): Promise<void> {
  const { db } = context;
  try {
    const message = await startSending(db, payload.message_id, context.maxRecipients);
    if (!message) return;
    while (!(await expandBatch(db, message.id))) {
      // One batch per transaction: sending starts while the rest is written.
    }
    await finishIfDone(db, message.id);
  } catch (error) {
    if (context.attempt >= EXPAND_MAX_ATTEMPTS) {
      await inTransaction(db, async (tx) => {
        const message = await lockMessage(tx, payload.message_id);
        if (message && message.status !== 'SENT') await failMessage(tx, message.id, 'INTERNAL');
      });
    }
    throw error;
  }
}
