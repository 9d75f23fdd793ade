import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AFFILIATE_COUNTED_STATUSES } from '../../../common/affiliates';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { type AffiliateFigures, NO_FIGURES } from './presenter';

/**
 * Each affiliate's figures in one event, from its paid orders (AFFILIATE_COUNTED_STATUSES):
 * how many, the tickets in them, and their totals (decision 021). Two grouped queries, so that
 * an order's total is not added once per line.
 */
export async function findAffiliateFigures(db: Db, eventId: number): Promise<Map<number, AffiliateFigures>> {
  const counted = and(
    eq(orders.eventId, eventId),
    isNotNull(orders.affiliateId),
    inArray(orders.status, [...AFFILIATE_COUNTED_STATUSES]),
  );
  const [money, seats] = await Promise.all([
    db
      .select({
        affiliateId: orders.affiliateId,
        orders: sql<number>`count(*)::int`,
        gross: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
      })
      .from(orders)
      .where(counted)
      .groupBy(orders.affiliateId),
    db
      .select({
        affiliateId: orders.affiliateId,
        tickets: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(counted)
      .groupBy(orders.affiliateId),
  ]);
  const figures = new Map<number, AffiliateFigures>();
  for (const row of money) {
    if (row.affiliateId === null) continue;
    figures.set(row.affiliateId, { ...NO_FIGURES, orders: Number(row.orders), gross: Number(row.gross) });
  }
  for (const row of seats) {
    if (row.affiliateId === null) continue;
    const known = figures.get(row.affiliateId) ?? { ...NO_FIGURES };
    figures.set(row.affiliateId, { ...known, tickets: Number(row.tickets) });
  }
  return figures;
}
