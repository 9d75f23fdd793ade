import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EventSalesSummary } from '../../../common/event-list';
import { PAID_ORDER_STATUSES } from '../../../common/events';
import type { Db } from '../../db/client';
import { orders, ticketStock, tickets } from '../../db/schema';

/**
 * The sales of a page of events for their cards in the lists, counted as each event's dashboard
 * counts them (`getEventStats`): the tickets' sold counters over all dates, and the totals of the paid
 * orders. Two grouped queries for the whole page, however many events it holds.
 */
export async function findSalesOfEvents(db: Db, eventIds: number[]): Promise<Map<number, EventSalesSummary>> {
  const sales = new Map<number, EventSalesSummary>(
    eventIds.map((id) => [id, { tickets_sold: 0, gross_sales: 0 }]),
  );
  if (eventIds.length === 0) return sales;
  const [sold, gross] = await Promise.all([
    db
      .select({
        eventId: tickets.eventId,
        n: sql<number>`coalesce(sum(${ticketStock.quantitySold}), 0)::int`,
      })
      .from(tickets)
      .innerJoin(ticketStock, eq(ticketStock.ticketId, tickets.id))
      // Tickets only: products sold beside them are no entries (decision 051).
      .where(and(inArray(tickets.eventId, eventIds), eq(tickets.kind, 'TICKET')))
      .groupBy(tickets.eventId),
    db
      .select({ eventId: orders.eventId, total: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(and(inArray(orders.eventId, eventIds), inArray(orders.status, [...PAID_ORDER_STATUSES])))
      .groupBy(orders.eventId),
  ]);
  for (const row of sold) {
    const summary = sales.get(row.eventId);
    if (summary) summary.tickets_sold = Number(row.n);
  }
  for (const row of gross) {
    const summary = sales.get(row.eventId);
    if (summary) summary.gross_sales = Number(row.total);
  }
  return sales;
}
