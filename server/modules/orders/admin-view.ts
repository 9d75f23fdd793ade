import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  AdminOrderDetailResponse,
  AdminOrderResponse,
  OrdersQuery,
  UpdateOrderBuyerRequest,
} from '../../../common/admin-orders';
import type { EventDateRef } from '../../../common/date-filter';
import { withSettingDefaults } from '../../../common/events';
import { orderActions } from '../../../common/order-actions';
import { OPEN_ORDER_STATUSES, ORDER_STATUSES, UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { can } from '../../../common/permissions';
import type { Database, Db, Transaction } from '../../db/client';
import {
  attendees,
  cardTransactions,
  events,
  orderActivities,
  orderItems,
  orders,
  questionAnswers,
  questions,
  refunds,
  tickets,
  users,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { escapeLike, findList, type ListSpec } from '../../http/list';
import { LISTED_ORDER_STATUSES } from '../attendee-view/service';
import { askedDate, dateRefs } from '../owned-events/dates';
import { type EventListContext, getEvent } from '../owned-events/service';
import { findAttendeeSeats, findOrderSeats } from '../stock/seats';
import { recordActivity } from './activity';
import { heldUntil, shownStatus, shownStatusSql } from './open-checkouts';
import { holderNames, seatsOfLines, toItemResponse, toRefundResponse } from './presenter';

type OrderRow = typeof orders.$inferSelect;
type OrdersSort = z.output<typeof OrdersQuery>['sortBy'];
type OrdersFilter = z.output<typeof OrdersQuery>['filters'][number]['field'];

/** Tickets of an order that still count, and those cancelled one by one. */
interface TicketCount {
  tickets: number;
  cancelled: number;
}

/**
 * Per order, its tickets: the attendees not cancelled, and those cancelled; for an order whose
 * buyer has not named anybody yet (a checkout in progress), the quantities of its lines.
 */
async function ticketCounts(db: Db, orderIds: number[]): Promise<Map<number, TicketCount>> {
  const counts = new Map<number, TicketCount>();
  if (orderIds.length === 0) return counts;
  const [people, lines] = await Promise.all([
    db
      .select({
        orderId: attendees.orderId,
        tickets: sql<number>`(count(*) filter (where ${attendees.status} <> 'CANCELLED'))::int`,
        cancelled: sql<number>`(count(*) filter (where ${attendees.status} = 'CANCELLED'))::int`,
      })
      .from(attendees)
      .where(inArray(attendees.orderId, orderIds))
      .groupBy(attendees.orderId),
    db
      .select({ orderId: orderItems.orderId, tickets: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .groupBy(orderItems.orderId),
  ]);
  for (const line of lines) counts.set(line.orderId, { tickets: line.tickets, cancelled: 0 });
  for (const p of people) counts.set(p.orderId, { tickets: p.tickets, cancelled: p.cancelled });
  return counts;
}

function toResponse(
  row: OrderRow,
  { count, date }: { count: TicketCount | undefined; date: EventDateRef | undefined },
  now: Date,
): AdminOrderResponse {
  if (!date) throw new Error(`order ${row.id}: its date ${row.dateId} was not read`);
  return {
    id: row.id,
    reference: row.reference,
    short_id: row.shortId,
    status: shownStatus(row, now),
    reserved_until: heldUntil(row, now)?.toISOString() ?? null,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company: row.company,
    company_address: row.companyAddress,
    vat_country: row.vatCountry,
    vat_id: row.vatId,
    currency: row.currency,
    total: row.total,
    refunded_total: row.refundedTotal,
    attendee_count: count?.tickets ?? 0,
    cancelled_attendee_count: count?.cancelled ?? 0,
    payment_provider: row.paymentProvider,
    date_id: row.dateId,
    date,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * What the list shows without a status filter: the orders that reached checkout and the
 * checkouts in progress, not the abandoned or expired ones.
 */
const DEFAULT_STATUSES = [...LISTED_ORDER_STATUSES, ...OPEN_ORDER_STATUSES];

/** What the search box finds: a whole order reference, or part of the buyer's e-mail or name. */
const searchFor = (text: string) =>
  or(
    eq(orders.reference, text.toUpperCase()),
    ilike(orders.email, `%${escapeLike(text)}%`),
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, `%${escapeLike(text)}%`),
  );

/**
 * The order list (and its export): the event's orders (of one date when `dateId` is given,
 * checked to be the event's by `askedDate`), with the status filter on the status shown (an
 * open order past its time is EXPIRED) or else the default statuses, and the search.
 */
export function orderList(
  db: Db,
  {
    eventId,
    dateId,
    query,
    now,
  }: {
    eventId: number;
    dateId: number | undefined;
    query: Pick<z.output<typeof OrdersQuery>, 'filters'>;
    now: Date;
  },
) {
  const status = shownStatusSql(now);
  const filtered = query.filters.some((f) => f.field === 'status');
  return {
    where: [
      eq(orders.eventId, eventId),
      dateId === undefined ? undefined : eq(orders.dateId, dateId),
      filtered ? undefined : inArray(status, DEFAULT_STATUSES),
    ],
    filters: {
      status: { column: status, value: z.enum(ORDER_STATUSES) },
      affiliate_id: { column: orders.affiliateId },
    },
    search: searchFor,
    sort: { created_at: orders.createdAt, total: orders.total, reference: orders.reference },
    tiebreaker: orders.id,
    select: (where: SQL | undefined) => db.select().from(orders).where(where),
    count: (where: SQL | undefined) => db.$count(orders, where),
    present: async (rows: OrderRow[]) => {
      const [counts, dates] = await Promise.all([
        ticketCounts(
          db,
          rows.map((r) => r.id),
        ),
        dateRefs(
          db,
          rows.map((r) => r.dateId),
        ),
      ]);
      return rows.map((r) => toResponse(r, { count: counts.get(r.id), date: dates.get(r.dateId) }, now));
    },
  } satisfies ListSpec<OrdersSort, OrdersFilter, OrderRow, AdminOrderResponse>;
}

/** `GET /api/events/{id}/orders` */
export async function findOrders({ db, event, query }: EventListContext<z.output<typeof OrdersQuery>>) {
  const dateId = query.params.date_id;
  await askedDate(db, { eventId: event.id, dateId });
  return findList(query, orderList(db, { eventId: event.id, dateId, query, now: new Date() }));
}

/** An order of the caller's event, as a request's path names it. */
export interface OrderRef {
  auth: AuthContext;
  eventId: number;
  orderId: number;
}

const ofEvent = ({ auth, eventId, orderId }: OrderRef) =>
  and(eq(orders.id, orderId), eq(orders.eventId, eventId), eq(orders.accountId, auth.accountId));

/** One order of the caller's event, or ORDER_NOT_FOUND. */
export async function getAdminOrderRow({ db, ...ref }: OrderRef & { db: Db }): Promise<OrderRow> {
  await getEvent(db, ref.auth.accountId, ref.eventId);
  const [row] = await db.select().from(orders).where(ofEvent(ref));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** The same order, locked (`FOR UPDATE`) until the caller's transaction ends: for changing it. */
export async function lockAdminOrderRow({ tx, ...ref }: OrderRef & { tx: Transaction }): Promise<OrderRow> {
  await getEvent(tx, ref.auth.accountId, ref.eventId);
  const [row] = await tx.select().from(orders).where(ofEvent(ref)).for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** `GET /api/events/{id}/orders/{orderId}`: everything the order screen shows. */
export async function getAdminOrder({
  db,
  ...ref
}: OrderRef & { db: Db }): Promise<AdminOrderDetailResponse> {
  const row = await getAdminOrderRow({ db, ...ref });
  const [counts, items, people, answers, refundRows, activity, [event], card, dates] = await Promise.all([
    ticketCounts(db, [row.id]),
    db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.id)),
    db
      .select({ attendee: attendees, ticketTitle: tickets.title })
      .from(attendees)
      .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
      .where(eq(attendees.orderId, row.id))
      .orderBy(asc(attendees.position), asc(attendees.id)),
    db
      .select({ answer: questionAnswers, title: questions.title })
      .from(questionAnswers)
      .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
      .where(eq(questionAnswers.orderId, row.id))
      .orderBy(asc(questions.sortOrder), asc(questionAnswers.id)),
    db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.id)),
    db
      .select({ activity: orderActivities, firstName: users.firstName, lastName: users.lastName })
      .from(orderActivities)
      .leftJoin(users, eq(users.id, orderActivities.userId))
      .where(eq(orderActivities.orderId, row.id))
      .orderBy(desc(orderActivities.createdAt), desc(orderActivities.id)),
    db.select({ settings: events.settings }).from(events).where(eq(events.id, ref.eventId)),
    db.select().from(cardTransactions).where(eq(cardTransactions.orderId, row.id)),
    dateRefs(db, [row.dateId]),
  ]);
  // What the platform and Stripe charged is billing: shown to those who may see billing only.
  const seesBilling = can(ref.auth.role, 'billing.manage');
  const fees = (t: typeof cardTransactions.$inferSelect | undefined) =>
    t && seesBilling ? { platform_fee: t.platformFee, stripe_fee: t.stripeFee } : null;
  const settings = withSettingDefaults(event?.settings);
  const seats = await findOrderSeats(db, [row.id]);
  const placed = await findAttendeeSeats(
    db,
    people.map((p) => p.attendee.id),
  );
  const holders = {
    names: holderNames(people.map((p) => p.attendee)),
    seats: seatsOfLines(items, seats.get(row.id)),
  };
  return {
    ...toResponse(row, { count: counts.get(row.id), date: dates.get(row.dateId) }, new Date()),
    promo_code: row.promoCode,
    affiliate_code: row.affiliateId === null ? null : row.affiliateCode,
    price_display_mode: settings.price_display_mode,
    totals: {
      gross: row.gross,
      discount: row.discount,
      subtotal: row.subtotal,
      fees: row.fees,
      taxes: row.taxes,
      total: row.total,
      refunded: row.refundedTotal,
      remaining: row.total - row.refundedTotal,
    },
    items: items.map((i) => toItemResponse(i, holders)),
    attendees: people.map(({ attendee, ticketTitle }) => ({
      id: attendee.id,
      first_name: attendee.firstName,
      last_name: attendee.lastName,
      email: attendee.email,
      status: attendee.status,
      ticket_id: attendee.ticketId,
      ticket_title: ticketTitle,
      seat: placed.get(attendee.id) ?? null,
    })),
    answers: answers.map(({ answer, title }) => ({
      question_id: answer.questionId,
      title,
      attendee_id: answer.attendeeId,
      answer: answer.answer,
    })),
    card_fees: fees(card.find((t) => t.kind === 'PAYMENT')),
    refunds: refundRows.map((r) => toRefundResponse(r, fees(card.find((t) => t.refundId === r.id)))),
    activity: activity.map(({ activity: a, firstName, lastName }) => ({
      id: a.id,
      kind: a.kind,
      note: a.note,
      by: firstName ? [firstName, lastName].filter(Boolean).join(' ') : null,
      data: a.data ?? null,
      created_at: a.createdAt.toISOString(),
    })),
    payment_instructions: row.status === 'AWAITING_PAYMENT' ? settings.offline_payment_instructions : null,
    actions: orderActions(row),
  };
}

/** `PUT /api/events/{id}/orders/{orderId}`: corrects the buyer's name or e-mail. */
export async function updateOrderBuyer({
  db,
  input,
  ...ref
}: OrderRef & { db: Database; input: z.output<typeof UpdateOrderBuyerRequest> }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockAdminOrderRow({ tx, ...ref });
    // The buyer may be typing their details right now; theirs would overwrite the correction.
    if (UNFINISHED_CHECKOUT_STATUSES.includes(row.status)) throw new AppError('ORDER_BUYER_NOT_EDITABLE');
    await tx
      .update(orders)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, row.id));
    await recordActivity(tx, {
      orderId: row.id,
      userId: ref.auth.userId,
      kind: 'BUYER_UPDATED',
      data: { from: { first_name: row.firstName, last_name: row.lastName, email: row.email } },
    });
  });
}
