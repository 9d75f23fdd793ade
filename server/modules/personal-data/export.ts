import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DataExportResponse } from '../../../common/personal-data';
import type { Database, Db } from '../../db/client';
import { sameEmail } from '../../db/emails';
import {
  accounts,
  attendees,
  checkInLists,
  checkIns,
  dataExports,
  eventDates,
  events,
  orders,
  questionAnswers,
  questions,
  tickets,
  waitlistEntries,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordSecurityEvent } from '../security-events/service';
import { findLiveExport } from './request';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type Answers = Map<string, { question: string; answer: unknown }[]>;

/** The answers of these orders, keyed `o<orderId>` for the order's own and `a<attendeeId>` for an attendee's. */
async function answersOf(db: Db, orderIds: number[]): Promise<Answers> {
  const map: Answers = new Map();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({
      orderId: questionAnswers.orderId,
      attendeeId: questionAnswers.attendeeId,
      question: questions.title,
      answer: questionAnswers.answer,
    })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
    .where(inArray(questionAnswers.orderId, orderIds))
    .orderBy(asc(questionAnswers.id));
  for (const row of rows) {
    const key = row.attendeeId === null ? `o${row.orderId}` : `a${row.attendeeId}`;
    map.set(key, [...(map.get(key) ?? []), { question: row.question, answer: row.answer }]);
  }
  return map;
}

/** Every order, ticket and waiting-list entry kept with the address, in every account. */
export async function buildExport(db: Db, email: string): Promise<DataExportResponse> {
  const orderRows = await db
    .select({ order: orders, account: accounts.name, event: events.title, date: eventDates })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(eventDates, eq(eventDates.id, orders.dateId))
    .where(sameEmail(orders.email, email))
    .orderBy(asc(orders.id));
  const attendeeRows = await db
    .select({
      attendee: attendees,
      account: accounts.name,
      event: events.title,
      ticket: tickets.title,
      reference: orders.reference,
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(accounts, eq(accounts.id, attendees.accountId))
    .innerJoin(events, eq(events.id, attendees.eventId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .where(sameEmail(attendees.email, email))
    .orderBy(asc(attendees.id));
  const answers = await answersOf(db, [
    ...new Set([...orderRows.map((r) => r.order.id), ...attendeeRows.map((r) => r.attendee.orderId)]),
  ]);
  const attendeeIds = attendeeRows.map((r) => r.attendee.id);
  const scans =
    attendeeIds.length === 0
      ? []
      : await db
          .select({ check: checkIns, list: checkInLists.name })
          .from(checkIns)
          .innerJoin(checkInLists, eq(checkInLists.id, checkIns.checkInListId))
          .where(inArray(checkIns.attendeeId, attendeeIds))
          .orderBy(asc(checkIns.checkedInAt));
  const waiting = await db
    .select({ entry: waitlistEntries, account: accounts.name, event: events.title, ticket: tickets.title })
    .from(waitlistEntries)
    .innerJoin(accounts, eq(accounts.id, waitlistEntries.accountId))
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .where(sameEmail(waitlistEntries.email, email))
    .orderBy(asc(waitlistEntries.id));
  return {
    email,
    generated_at: new Date().toISOString(),
    orders: orderRows.map(({ order, account, event, date }) => ({
      account,
      reference: order.reference,
      event,
      date: date.label,
      starts_at: date.startsAt.toISOString(),
      status: order.status,
      currency: order.currency,
      total: order.total,
      subtotal: order.subtotal,
      discount: order.discount,
      fees: order.fees,
      taxes: order.taxes,
      refunded: order.refundedTotal,
      first_name: order.firstName,
      last_name: order.lastName,
      email: order.email,
      company: order.company,
      company_address: order.companyAddress,
      vat_country: order.vatCountry,
      vat_id: order.vatId,
      locale: order.locale,
      answers: answers.get(`o${order.id}`) ?? [],
      created_at: order.createdAt.toISOString(),
      completed_at: iso(order.completedAt),
    })),
    attendees: attendeeRows.map(({ attendee, account, event, ticket, reference }) => ({
      account,
      order_reference: reference,
      event,
      ticket,
      first_name: attendee.firstName,
      last_name: attendee.lastName,
      email: attendee.email,
      status: attendee.status,
      answers: answers.get(`a${attendee.id}`) ?? [],
      check_ins: scans
        .filter((s) => s.check.attendeeId === attendee.id)
        .map((s) => ({
          list: s.list,
          checked_in_at: s.check.checkedInAt.toISOString(),
          checked_out_at: iso(s.check.checkedOutAt),
        })),
      created_at: attendee.createdAt.toISOString(),
    })),
    waitlist_entries: waiting.map(({ entry, account, event, ticket }) => ({
      account,
      event,
      ticket,
      name: entry.name,
      email: entry.email,
      status: entry.status,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * `GET /api/public/data-exports/{token}`: the export of a live link. Its first download is kept
 * in the audit log of every account it holds records of (`BUYER_DATA_EXPORTED`, no buyer data).
 */
export async function downloadExport(
  db: Database,
  input: { token: string; appUrl: string },
): Promise<DataExportResponse> {
  return inTransaction(db, async (tx) => {
    const row = await findLiveExport(tx, input.token);
    const data = await buildExport(tx, row.email);
    const [first] = await tx
      .update(dataExports)
      .set({ downloadedAt: sql`now()` })
      .where(and(eq(dataExports.id, row.id), isNull(dataExports.downloadedAt)))
      .returning({ id: dataExports.id });
    if (first) await recordExported(tx, { email: row.email, appUrl: input.appUrl });
    return data;
  });
}

/**
 * One `BUYER_DATA_EXPORTED` per account the export holds records of. Without the downloader's IP
 * address: the audit log keeps no personal data of buyers.
 */
async function recordExported(db: Db, input: { email: string; appUrl: string }) {
  const counts = await db.execute(sql`
    select a.id, a.name, count(distinct o.id)::int as orders
    from ${accounts} a
    left join ${orders} o on o.account_id = a.id and lower(trim(o.email)) = ${input.email}
    where a.id in (
      select account_id from ${orders} where lower(trim(email)) = ${input.email}
      union select account_id from ${attendees} where lower(trim(email)) = ${input.email}
      union select account_id from ${waitlistEntries} where lower(trim(email)) = ${input.email})
    group by a.id, a.name order by a.id`);
  const rows = (counts as unknown as { rows: { id: number | string; name: string; orders: number }[] }).rows;
  for (const account of rows) {
    await recordSecurityEvent(db, {
      kind: 'BUYER_DATA_EXPORTED',
      userId: null,
      account: Number(account.id),
      detail: { orders: account.orders, account: account.name },
      ip: null,
      appUrl: input.appUrl,
    });
  }
}
