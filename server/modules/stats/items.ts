import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type EventStatsResponse, PAID_ORDER_STATUSES } from '../../../common/events';
import type { Db } from '../../db/client';
import { orderItems, orders, ticketStock, tickets } from '../../db/schema';

/**
 * Sales per ticket and product of an event (or of one of its dates): units sold from the stock
 * counters, as the totals above count them, and what the paid orders' lines of each came to.
 * Two grouped queries and the catalogue, however many orders.
 */
export async function salesByItem(
  db: Db,
  { eventId, dateId }: { eventId: number; dateId?: number | undefined },
): Promise<EventStatsResponse['sales_by_item']> {
  const items = await db
    .select({ id: tickets.id, title: tickets.title, kind: tickets.kind })
    .from(tickets)
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  if (items.length === 0) return [];
  const ofDate = (column: typeof ticketStock.dateId | typeof orders.dateId) =>
    dateId === undefined ? undefined : eq(column, dateId);
  const [sold, gross] = await Promise.all([
    db
      .select({
        id: ticketStock.ticketId,
        n: sql<number>`coalesce(sum(${ticketStock.quantitySold}), 0)::int`,
      })
      .from(ticketStock)
      .innerJoin(tickets, eq(tickets.id, ticketStock.ticketId))
      .where(and(eq(tickets.eventId, eventId), ofDate(ticketStock.dateId)))
      .groupBy(ticketStock.ticketId),
    db
      .select({ id: orderItems.ticketId, total: sql<number>`coalesce(sum(${orderItems.total}), 0)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.eventId, eventId),
          ofDate(orders.dateId),
          inArray(orders.status, [...PAID_ORDER_STATUSES]),
        ),
      )
      .groupBy(orderItems.ticketId),
  ]);
  const soldOf = new Map(sold.map((r) => [Number(r.id), Number(r.n)]));
  const grossOf = new Map(gross.map((r) => [Number(r.id), Number(r.total)]));
  return items.map((item) => ({
    ticket_id: item.id,
    title: item.title,
    kind: item.kind,
    sold: soldOf.get(item.id) ?? 0,
    gross_sales: grossOf.get(item.id) ?? 0,
  }));
}
