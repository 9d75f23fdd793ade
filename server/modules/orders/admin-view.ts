import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminOrderDetailResponse,
  AdminOrderResponse,
  OrdersQuery,
  UpdateOrderBuyerRequest,
} from '../../../common/admin-orders';
import { withSettingDefaults } from '../../../common/events';
import type { Db } from '../../db/client';
import {
  attendees,
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
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { escapeLike, filterConditions, findPage, orderBy, whereAll } from '../../http/list';
import { LISTED_ORDER_STATUSES } from '../attendees/service';
import { getEvent } from '../events/service';
import { itemResponse } from './presenter';

type OrderRow = typeof orders.$inferSelect;

const attendeeCount = sql<number>`(select count(*)::int from attendees a where a.order_id = ${orders.id})`;

function toResponse(row: OrderRow, count: number): AdminOrderResponse {
  return {
    id: row.id,
    reference: row.reference,
    short_id: row.shortId,
    status: row.status,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    currency: row.currency,
    total: row.total,
    refunded_total: row.refundedTotal,
    attendee_count: count,
    payment_provider: row.paymentProvider,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** The list's conditions (and the export's): the event, its filters or the checked-out orders, the search. */
export function orderConditions(
  eventId: number,
  query: Pick<z.output<typeof OrdersQuery>, 'filters' | 'query'>,
) {
  const text = query.query?.trim();
  const search: SQL | undefined = text
    ? or(
        eq(orders.reference, text.toUpperCase()),
        ilike(orders.email, `%${escapeLike(text)}%`),
        ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, `%${escapeLike(text)}%`),
      )
    : undefined;
  const filtered = query.filters.some((f) => f.field === 'status');
  return whereAll([
    eq(orders.eventId, eventId),
    filtered ? undefined : inArray(orders.status, [...LISTED_ORDER_STATUSES]),
    ...filterConditions(query.filters, { status: { column: orders.status } }),
    search,
  ]);
}

/** `GET /api/events/{id}/orders` */
export async function findOrders(
  db: Db,
  auth: AuthContext,
  eventId: number,
  query: z.output<typeof OrdersQuery>,
) {
  await getEvent(db, auth.accountId, eventId);
  const where = orderConditions(eventId, query);
  return findPage(query, {
    rows: async (limit, offset) =>
      (
        await db
          .select({ order: orders, count: attendeeCount })
          .from(orders)
          .where(where)
          .orderBy(
            ...orderBy(
              query,
              { created_at: orders.createdAt, total: orders.total, reference: orders.reference },
              orders.id,
            ),
          )
          .limit(limit)
          .offset(offset)
      ).map((r) => toResponse(r.order, r.count)),
    total: () => db.$count(orders, where),
  });
}

/** One order of the caller's event, or ORDER_NOT_FOUND; `lock` for changing it. */
export async function adminOrderRow(
  db: Db,
  auth: AuthContext,
  eventId: number,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  await getEvent(db, auth.accountId, eventId);
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, eventId), eq(orders.accountId, auth.accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** `GET /api/events/{id}/orders/{orderId}`: everything the order screen shows. */
export async function getAdminOrder(
  db: Db,
  auth: AuthContext,
  eventId: number,
  orderId: number,
): Promise<AdminOrderDetailResponse> {
  const row = await adminOrderRow(db, auth, eventId, orderId);
  const [items, people, answers, refundRows, activity, [event]] = await Promise.all([
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
    db.select({ settings: events.settings }).from(events).where(eq(events.id, eventId)),
  ]);
  const settings = withSettingDefaults(event?.settings);
  return {
    ...toResponse(row, people.length),
    promo_code: row.promoCode,
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
    items: items.map(itemResponse),
    attendees: people.map(({ attendee, ticketTitle }) => ({
      id: attendee.id,
      first_name: attendee.firstName,
      last_name: attendee.lastName,
      email: attendee.email,
      status: attendee.status,
      ticket_id: attendee.ticketId,
      ticket_title: ticketTitle,
    })),
    answers: answers.map(({ answer, title }) => ({
      question_id: answer.questionId,
      title,
      attendee_id: answer.attendeeId,
      answer: answer.answer,
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    })),
    activity: activity.map(({ activity: a, firstName, lastName }) => ({
      id: a.id,
      kind: a.kind,
      note: a.note,
      by: firstName ? [firstName, lastName].filter(Boolean).join(' ') : null,
      data: a.data ?? null,
      created_at: a.createdAt.toISOString(),
    })),
    payment_instructions: row.status === 'AWAITING_PAYMENT' ? settings.offline_payment_instructions : null,
  };
}

/** Writes down, in the caller's transaction, something done to an order. */
export async function recordActivity(
  db: Db,
  orderId: number,
  userId: number | null,
  kind: (typeof orderActivities.$inferInsert)['kind'],
  extra: { note?: string; data?: Record<string, unknown> } = {},
): Promise<void> {
  await db
    .insert(orderActivities)
    .values({ orderId, userId, kind, note: extra.note ?? null, data: extra.data ?? null });
}

/** `PUT /api/events/{id}/orders/{orderId}`: corrects the buyer's name or e-mail. */
export async function updateOrderBuyer(
  db: Db,
  auth: AuthContext,
  eventId: number,
  orderId: number,
  input: z.output<typeof UpdateOrderBuyerRequest>,
) {
  const row = await adminOrderRow(db, auth, eventId, orderId, true);
  await db
    .update(orders)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, row.id));
  await recordActivity(db, row.id, auth.userId, 'BUYER_UPDATED', {
    data: { from: { first_name: row.firstName, last_name: row.lastName, email: row.email } },
  });
}
