import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ERRORS } from '../../../common/errors';
import { VALIDATION } from '../../../common/i18n/validation';
import type { PageMeta } from '../../../common/list-query';
import {
  type CreateMessageRequest,
  DELETABLE_MESSAGE_STATUSES,
  type MessageCounts,
  type MessageRecipientResponse,
  type MessageRecipientsQuery,
  type MessageResponse,
  type MessageSummaryResponse,
  type MessagesQuery,
} from '../../../common/messages';
import type { MessageLimits } from '../../config';
import type { Database, Db } from '../../db/client';
import { accounts, messageRecipients, messages, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import { type AuthContext, assertEmailConfirmed } from '../../http/auth';
import { findList } from '../../http/list';
import { sanitizeDescription } from '../../text/description';
import { type EventListContext, getEvent } from '../owned-events/service';
import { enqueueExpansion } from './jobs';
import { type Sender, toMessageResponse, toMessageSummaryResponse, toRecipientResponse } from './presenter';
import { assertScopeOfEvent, countScopeAddresses } from './scope';

type MessageRow = typeof messages.$inferSelect;
type CreateInput = z.output<typeof CreateMessageRequest>;

/** A message of an event, as the caller names it. */
interface MessageRef {
  db: Db;
  auth: AuthContext;
  eventId: number;
  messageId: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Recipients of each message by status. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, MessageCounts>> {
  const counts = new Map<number, MessageCounts>(ids.map((id) => [id, { total: 0, sent: 0, failed: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      messageId: messageRecipients.messageId,
      status: messageRecipients.status,
      n: sql<number>`count(*)::int`,
    })
    .from(messageRecipients)
    .where(inArray(messageRecipients.messageId, ids))
    .groupBy(messageRecipients.messageId, messageRecipients.status);
  for (const row of rows) {
    const count = counts.get(row.messageId);
    if (!count) continue;
    count.total += row.n;
    if (row.status === 'SENT') count.sent += row.n;
    if (row.status === 'FAILED') count.failed += row.n;
  }
  return counts;
}

async function sendersOf(db: Db, rows: MessageRow[]): Promise<Map<number, Sender>> {
  const ids = [...new Set(rows.map((r) => r.sentByUserId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u]));
}

async function present(db: Db, rows: MessageRow[]) {
  const [counts, senders] = await Promise.all([
    countsOf(
      db,
      rows.map((r) => r.id),
    ),
    sendersOf(db, rows),
  ]);
  return rows.map((row) => ({
    row,
    extra: {
      counts: counts.get(row.id) ?? { total: 0, sent: 0, failed: 0 },
      sender: row.sentByUserId === null ? null : (senders.get(row.sentByUserId) ?? null),
    },
  }));
}

async function getRow(db: Db, { auth, eventId, messageId }: Omit<MessageRef, 'db'>): Promise<MessageRow> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.id, messageId), eq(messages.eventId, eventId), eq(messages.accountId, auth.accountId)),
    );
  if (!row) throw new AppError('MESSAGE_NOT_FOUND');
  return row;
}

export async function getMessage(ref: MessageRef): Promise<MessageResponse> {
  const row = await getRow(ref.db, ref);
  const [shown] = await present(ref.db, [row]);
  if (!shown) throw new AppError('MESSAGE_NOT_FOUND');
  return toMessageResponse(shown.row, shown.extra);
}

/** `GET /api/events/{id}/messages`: the event's messages, newest first unless asked otherwise. */
export function findMessages({
  db,
  event,
  query,
}: EventListContext<z.output<typeof MessagesQuery>>): Promise<{
  data: MessageSummaryResponse[];
  meta: PageMeta;
}> {
  return findList(query, {
    where: [eq(messages.eventId, event.id), eq(messages.accountId, event.accountId)],
    filters: { status: { column: messages.status } },
    sort: { created_at: messages.createdAt },
    tiebreaker: messages.id,
    select: (where) => db.select().from(messages).where(where),
    count: (where) => db.$count(messages, where),
    present: async (rows) =>
      (await present(db, rows)).map((shown) => toMessageSummaryResponse(shown.row, shown.extra)),
  });
}

export async function findMessageRecipients(
  ref: MessageRef & { query: z.output<typeof MessageRecipientsQuery> },
): Promise<{ data: MessageRecipientResponse[]; meta: PageMeta }> {
  const { db, query } = ref;
  const message = await getRow(db, ref);
  return findList(query, {
    where: [eq(messageRecipients.messageId, message.id)],
    filters: { status: { column: messageRecipients.status } },
    search: [messageRecipients.email, messageRecipients.name],
    sort: { email: messageRecipients.email, status: messageRecipients.status },
    tiebreaker: messageRecipients.id,
    select: (where) => db.select().from(messageRecipients).where(where),
    count: (where) => db.$count(messageRecipients, where),
    present: (rows) => rows.map(toRecipientResponse),
  });
}

/**
 * Writes a message and queues its sending (at `scheduled_at`, or now). Refused without a
 * confirmed e-mail address, past the account's messages of the day, and when its scope reaches
 * nobody or more addresses than one message may (a test goes to the sender only).
 */
export async function createMessage({
  db,
  auth,
  eventId,
  input,
  limits,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: CreateInput;
  limits: MessageLimits;
}): Promise<MessageResponse> {
  assertEmailConfirmed(auth);
  const body = sanitizeDescription(input.body);
  if (!body) throw fieldError('body', VALIDATION.required);
  // A subject is one header line.
  const subject = input.subject.replace(/\s+/g, ' ').trim();
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : null;
  const id = await inTransaction(db, async (tx) => {
    await getEvent(tx, auth.accountId, eventId);
    // One account's messages are counted one at a time, so two at once cannot both pass the limit.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, auth.accountId)).for('update');
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(eq(messages.accountId, auth.accountId), gt(messages.createdAt, new Date(Date.now() - DAY_MS))),
      );
    if ((today?.n ?? 0) >= limits.perAccountPerDay) {
      throw new AppError('MESSAGE_DAILY_LIMIT', {
        message: ERRORS.MESSAGE_DAILY_LIMIT.message,
        values: { limit: limits.perAccountPerDay },
      });
    }
    await assertScopeOfEvent(tx, eventId, input.scope);
    if (!input.is_test) {
      const count = await countScopeAddresses(tx, eventId, input.scope);
      if (count === 0) throw new AppError('MESSAGE_NO_RECIPIENTS');
      if (count > limits.maxRecipients) {
        throw new AppError('MESSAGE_TOO_MANY_RECIPIENTS', {
          message: ERRORS.MESSAGE_TOO_MANY_RECIPIENTS.message,
          values: { count, limit: limits.maxRecipients },
        });
      }
    }
    const [row] = await tx
      .insert(messages)
      .values({
        accountId: auth.accountId,
        eventId,
        sentByUserId: auth.userId,
        subject,
        body,
        scope: input.scope,
        isTest: input.is_test,
        sendCopyToSender: input.send_copy_to_sender && !input.is_test,
        status: scheduledAt ? 'SCHEDULED' : 'QUEUED',
        scheduledAt,
      })
      .returning({ id: messages.id });
    if (!row) throw new Error('message not written');
    await enqueueExpansion(tx, { messageId: row.id, runAt: scheduledAt ?? undefined });
    return row.id;
  });
  return getMessage({ db, auth, eventId, messageId: id });
}

/**
 * Deletes a message that has not started sending (scheduled or queued); once its recipients
 * are being written it stays, and this answers MESSAGE_NOT_DELETABLE. The row lock orders it
 * with the job that starts the sending, so exactly one of them wins.
 */
export async function deleteMessage(ref: MessageRef & { db: Database }): Promise<void> {
  await inTransaction(ref.db, async (tx) => {
    await getEvent(tx, ref.auth.accountId, ref.eventId);
    const [row] = await tx
      .select({ id: messages.id, status: messages.status })
      .from(messages)
      .where(
        and(
          eq(messages.id, ref.messageId),
          eq(messages.eventId, ref.eventId),
          eq(messages.accountId, ref.auth.accountId),
        ),
      )
      .for('update');
    if (!row) throw new AppError('MESSAGE_NOT_FOUND');
    if (!DELETABLE_MESSAGE_STATUSES.includes(row.status)) throw new AppError('MESSAGE_NOT_DELETABLE');
    await tx.delete(messages).where(eq(messages.id, row.id));
  });
}
