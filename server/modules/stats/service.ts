import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { type EventStatsResponse, PAID_ORDER_STATUSES } from '../../../common/events';
import type { Db } from '../../db/client';
import { attendees, eventPageViews, orders, ticketStock, tickets } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { getCheckoutSeats } from '../orders/open-checkouts';
import { askedDate } from '../owned-events/dates';
import { getEvent } from '../owned-events/service';
import { salesByItem } from './items';

const DAY = 24 * 3600 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const int = (v: unknown) => Number(v ?? 0);

/**
 * `GET /api/events/{id}/stats`: money and counts of the paid orders, sums of the ticket
 * counters, page views (all in SQL), for the last `days` days up to `now`. With `dateId`, the
 * figures of that date of the event: its orders and its rows of `ticket_stock` (page views stay
 * the event's, whose one page shows every date).
 */
export async function getEventStats({
  db,
  auth,
  eventId,
  dateId,
  days = 14,
  now = new Date(),
}: {
  db: Db;
  auth: AuthContext;
  eventId: number;
  dateId?: number | undefined;
  days?: number;
  now?: Date;
}): Promise<EventStatsResponse> {
  const event = await getEvent(db, auth.accountId, eventId);
  await askedDate(db, { eventId, dateId });
  const first = isoDay(new Date(now.getTime() - (days - 1) * DAY));
  const ofDate = dateId === undefined ? undefined : eq(orders.dateId, dateId);
  const paid = and(eq(orders.eventId, eventId), ofDate, inArray(orders.status, [...PAID_ORDER_STATUSES]));

  const [money] = await db
    .select({
      gross: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
      taxes: sql<number>`coalesce(sum(${orders.taxes}), 0)::int`,
      fees: sql<number>`coalesce(sum(${orders.fees}), 0)::int`,
      refunded: sql<number>`coalesce(sum(${orders.refundedTotal}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(paid);
  const [waiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), ofDate, eq(orders.status, 'AWAITING_PAYMENT')));
  const [people] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    // People only: a redeemable product's vouchers are attendee rows too (decision 051).
    .innerJoin(tickets, and(eq(tickets.id, attendees.ticketId), eq(tickets.kind, 'TICKET')))
    .where(and(paid, eq(attendees.status, 'ACTIVE')));
  const [seats] = await db
    .select({
      sold: sql<number>`coalesce(sum(${ticketStock.quantitySold}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${ticketStock.quantityReserved}), 0)::int`,
    })
    .from(tickets)
    .innerJoin(ticketStock, eq(ticketStock.ticketId, tickets.id))
    .where(
      and(
        eq(tickets.eventId, eventId),
        // Tickets only: products sold beside them are no entries (decision 051).
        eq(tickets.kind, 'TICKET'),
        dateId === undefined ? undefined : eq(ticketStock.dateId, dateId),
      ),
    );
  const checkouts = await getCheckoutSeats(db, { eventId, dateId }, now);
  const [views] = await db
    .select({ total: sql<number>`coalesce(sum(${eventPageViews.views}), 0)::int` })
    .from(eventPageViews)
    .where(eq(eventPageViews.eventId, eventId));

  const viewDays = await db
    .select({ day: eventPageViews.day, views: eventPageViews.views })
    .from(eventPageViews)
    .where(and(eq(eventPageViews.eventId, eventId), gte(eventPageViews.day, first)));
  const saleDay = sql<string>`to_char(${orders.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const saleDays = await db
    .select({
      day: saleDay,
      orders: sql<number>`count(*)::int`,
      gross: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
    })
    .from(orders)
    .where(and(paid, gte(orders.completedAt, new Date(`${first}T00:00:00Z`))))
    .groupBy(saleDay);
  const viewsOn = new Map(viewDays.map((r) => [r.day, r.views]));
  const salesOn = new Map(saleDays.map((r) => [r.day, r]));
  const daily = Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(now.getTime() - (days - 1 - i) * DAY));
    const sales = salesOn.get(date);
    return {
      date,
      page_views: viewsOn.get(date) ?? 0,
      orders: int(sales?.orders),
      gross_sales: int(sales?.gross),
    };
  });

  const gross = int(money?.gross);
  const taxes = int(money?.taxes);
  const fees = int(money?.fees);
  const refunds = int(money?.refunded);
  return {
    currency: event.currency,
    gross_sales: gross,
    // Refunds by card and those recorded for offline payments alike (decision 037).
    net_sales: gross - taxes - fees - refunds,
    taxes,
    fees,
    refunds,
    orders: int(money?.count),
    orders_awaiting_payment: int(waiting?.count),
    attendees: int(people?.count),
    page_views: int(views?.total),
    tickets_sold: int(seats?.sold),
    tickets_reserved: int(seats?.reserved),
    tickets_in_checkout: checkouts.held,
    checkouts_in_progress: checkouts.checkouts,
    // The reserved counter holds the open orders' seats (lapsed ones too, until swept) and
    // those of orders awaiting payment.
    tickets_awaiting_payment: Math.max(0, int(seats?.reserved) - checkouts.open),
    sales_by_item: await salesByItem(db, { eventId, dateId }),
    daily,
  };
}
