import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ERASED_DOMAIN, ERASED_NAME, type ErasureResponse } from '../../../common/personal-data';
import type { Database, Transaction } from '../../db/client';
import { normalEmail, sameEmail } from '../../db/emails';
import {
  attendees,
  dataExports,
  idempotencyKeys,
  messageRecipients,
  messages,
  orderLookupLinks,
  orders,
  questionAnswers,
  waitlistEntries,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { accountName, recordSecurityEvent } from '../security-events/service';
import { scrubLogs } from './erase-logs';
import { type Erased, eraseAnswer, namesOf, textsOf } from './scrub';

/** Keeps a column's null, else the marker: business details are erased only where there were any. */
const erasedIfSet = (column: unknown) => sql`case when ${column} is null then null else ${ERASED_NAME} end`;

/** A marker address: valid for every constraint, never delivered (`.invalid`, RFC 2606). */
export const erasedEmail = () => `erased-${randomBytes(8).toString('hex')}@${ERASED_DOMAIN}`;

/**
 * `POST /api/accounts/current/erasures`: replaces, in one transaction and in this account only,
 * every name, e-mail address, answer and business detail of the buyer with a marker, in orders,
 * attendees, answers, messages' recipients, the waiting list, links, logs, queued mails and
 * webhook bodies (decision 064). Amounts, counts, stock and issued invoices stay as they are.
 * A buyer the account does not know is `BUYER_NOT_FOUND`.
 */
export async function eraseBuyer(
  db: Database,
  input: { accountId: number; userId: number; email: string; ip: string | null; appUrl: string },
): Promise<ErasureResponse> {
  const email = normalEmail(input.email);
  return inTransaction(db, async (tx) => {
    const found = await findBuyer(tx, { accountId: input.accountId, email });
    if (found.orders.length + found.attendees.length + found.waiting.length === 0) {
      throw new AppError('BUYER_NOT_FOUND');
    }
    const erased: Erased = {
      email,
      marker: erasedEmail(),
      names: namesOf([
        ...found.orders.map((o) => ({ first: o.firstName, last: o.lastName })),
        ...found.attendees.map((a) => ({ first: a.firstName, last: a.lastName })),
        ...found.waiting.map((w) => ({ first: w.firstName, last: w.lastName, whole: w.name })),
      ]),
    };
    const orderIds = found.orders.map((o) => o.id);
    const attendeeIds = found.attendees.map((a) => a.id);
    await eraseRecords(tx, { accountId: input.accountId, erased, orderIds, attendeeIds });
    const recipients = await eraseRecipients(tx, { accountId: input.accountId, erased });
    await scrubLogs(tx, {
      accountId: input.accountId,
      erased,
      orderIds,
      attendeeIds,
      handles: [
        ...found.orders.flatMap((o) => [o.shortId, o.reference]),
        ...found.attendees.map((a) => a.shortId),
      ],
    });
    const result = {
      orders: orderIds.length,
      attendees: attendeeIds.length,
      waitlist_entries: found.waiting.length,
      message_recipients: recipients,
    };
    await recordSecurityEvent(tx, {
      kind: 'BUYER_ERASED',
      userId: input.userId,
      account: input.accountId,
      detail: {
        orders: result.orders,
        attendees: result.attendees,
        account: await accountName(tx, input.accountId),
      },
      ip: input.ip,
      appUrl: input.appUrl,
    });
    return result;
  });
}

/** The buyer's rows in the account, locked: orders they placed, tickets they hold, waiting-list entries. */
async function findBuyer(tx: Transaction, { accountId, email }: { accountId: number; email: string }) {
  const foundOrders = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), sameEmail(orders.email, email)))
    .for('update');
  const foundAttendees = await tx
    .select()
    .from(attendees)
    .where(and(eq(attendees.accountId, accountId), sameEmail(attendees.email, email)))
    .for('update');
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.accountId, accountId), sameEmail(waitlistEntries.email, email)))
    .for('update');
  return { orders: foundOrders, attendees: foundAttendees, waiting };
}

interface Scope {
  accountId: number;
  erased: Erased;
  orderIds: number[];
  attendeeIds: number[];
}

/** Orders, attendees, their answers, the waiting list and the links mailed to the address. */
async function eraseRecords(tx: Transaction, { accountId, erased, orderIds, attendeeIds }: Scope) {
  const { marker, email } = erased;
  if (orderIds.length > 0) {
    await tx
      .update(orders)
      .set({
        firstName: ERASED_NAME,
        lastName: ERASED_NAME,
        email: marker,
        company: erasedIfSet(orders.company),
        companyAddress: erasedIfSet(orders.companyAddress),
        vatId: erasedIfSet(orders.vatId),
        clientAddress: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(orders.id, orderIds));
  }
  if (attendeeIds.length > 0) {
    await tx
      .update(attendees)
      .set({ firstName: ERASED_NAME, lastName: ERASED_NAME, email: marker, updatedAt: sql`now()` })
      .where(inArray(attendees.id, attendeeIds));
  }
  const answered = [
    ...(orderIds.length > 0
      ? [and(inArray(questionAnswers.orderId, orderIds), isNull(questionAnswers.attendeeId))]
      : []),
    ...(attendeeIds.length > 0 ? [inArray(questionAnswers.attendeeId, attendeeIds)] : []),
  ];
  if (answered.length > 0) {
    const answers = await tx
      .select()
      .from(questionAnswers)
      .where(or(...answered));
    // Copies of the answers (webhook bodies) are found by their texts, as names are.
    for (const answer of answers) for (const text of textsOf(answer.answer)) erased.names.add(text);
    for (const answer of answers) {
      await tx
        .update(questionAnswers)
        .set({ answer: eraseAnswer(answer.answer) })
        .where(eq(questionAnswers.id, answer.id));
    }
  }
  await tx
    .update(waitlistEntries)
    .set({
      name: ERASED_NAME,
      firstName: erasedIfSet(waitlistEntries.firstName),
      lastName: erasedIfSet(waitlistEntries.lastName),
      email: marker,
      updatedAt: sql`now()`,
    })
    .where(and(eq(waitlistEntries.accountId, accountId), sameEmail(waitlistEntries.email, email)));
  // Links are capabilities mailed to the address: gone, not marked.
  const accountOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.accountId, accountId));
  await tx
    .delete(orderLookupLinks)
    .where(
      or(
        ...(orderIds.length > 0 ? [inArray(orderLookupLinks.orderId, orderIds)] : []),
        and(inArray(orderLookupLinks.orderId, accountOrders), sameEmail(orderLookupLinks.email, email)),
      ),
    );
  await tx.delete(dataExports).where(sameEmail(dataExports.email, email));
  // Answers kept for a retry with the same `Idempotency-Key` (24 hours): dropped, not rewritten.
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.accountId, accountId),
        sql`${idempotencyKeys.responseBody} ilike ${like(email)}`,
      ),
    );
}

/** The recipients of the account's messages with the address; answers how many. */
async function eraseRecipients(
  tx: Transaction,
  { accountId, erased }: { accountId: number; erased: Erased },
) {
  const ofAccount = tx.select({ id: messages.id }).from(messages).where(eq(messages.accountId, accountId));
  const rows = await tx
    .update(messageRecipients)
    .set({ email: erased.marker, name: ERASED_NAME })
    .where(and(inArray(messageRecipients.messageId, ofAccount), eq(messageRecipients.email, erased.email)))
    .returning({ id: messageRecipients.id });
  return rows.length;
}

/** A LIKE pattern matching the text anywhere (its own `%`, `_` and `\` taken literally). */
export const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
