import { and, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES as OPEN_STATUSES, type OrderStatus } from '../../../common/orders';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * Checkouts in progress, as organizers see them. An open order (RESERVED or PAYMENT_FAILED)
 * holds its seats and its promo code use until `reserved_until`; one past that time is expired
 * in all but name until the next order or the sweep marks it (it is never shown as held).
 */
type Open = Pick<typeof orders.$inferSelect, 'status' | 'reservedUntil'>;

const isOpen = (status: OrderStatus) => OPEN_STATUSES.includes(status);

/** An open order whose time has run out: shown and filtered as EXPIRED. */
export const lapsedCondition = (now: Date): SQL =>
  and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.reservedUntil, now)) as SQL;

/** An open order still within its time: its seats and promo code use are held. */
export const heldCondition = (now: Date): SQL =>
  and(inArray(orders.status, [...OPEN_STATUSES]), gt(orders.reservedUntil, now)) as SQL;

/** The status an organizer sees, in SQL (for filtering): EXPIRED once an open order's time is up. */
export const shownStatusSql = (now: Date) =>
  sql<OrderStatus>`(case when ${lapsedCondition(now)} then 'EXPIRED' else ${orders.status} end)`;

function lapsed(row: Open, now: Date): boolean {
  return isOpen(row.status) && row.reservedUntil !== null && row.reservedUntil <= now;
}

/** The status an organizer sees: EXPIRED once an open order's time is up. */
export function shownStatus(row: Open, now: Date): OrderStatus {
  return lapsed(row, now) ? 'EXPIRED' : row.status;
}

/** Until when an open order holds its seats; null for any other order. */
export function heldUntil(row: Open, now: Date): Date | null {
  return isOpen(row.status) && !lapsed(row, now) ? row.reservedUntil : null;
}

/**
 * Per promo code, the open orders using it: `held` still within their time, `open` all of them
 * (the lapsed ones still count in `times_used` until they are swept).
 */
export async function findPromoCodeHolds(
  db: Db,
  promoCodeIds: number[],
  now: Date,
): Promise<Map<number, { held: number; open: number }>> {
  const holds = new Map<number, { held: number; open: number }>();
  if (promoCodeIds.length === 0) return holds;
  const rows = await db
    .select({
      promoCodeId: orders.promoCodeId,
      held: sql<number>`(count(*) filter (where ${gt(orders.reservedUntil, now)}))::int`,
      open: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(inArray(orders.promoCodeId, promoCodeIds), inArray(orders.status, [...OPEN_STATUSES])))
    .groupBy(orders.promoCodeId);
  for (const row of rows) {
    if (row.promoCodeId !== null) holds.set(row.promoCodeId, { held: row.held, open: row.open });
  }
  return holds;
}

/**
 * The seats of an event's open orders: `held` by checkouts still within their time (and how
 * many checkouts), `open` by all of them, lapsed ones included (still in `quantity_reserved`).
 */
export async function getCheckoutSeats(
  db: Db,
  { eventId, dateId }: { eventId: number; dateId?: number | undefined },
  now: Date,
): Promise<{ held: number; checkouts: number; open: number }> {
  const held = heldCondition(now);
  const [row] = await db
    .select({
      held: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${held}), 0)::int`,
      checkouts: sql<number>`(count(distinct ${orders.id}) filter (where ${held}))::int`,
      open: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.eventId, eventId),
        dateId === undefined ? undefined : eq(orders.dateId, dateId),
        inArray(orders.status, [...OPEN_STATUSES]),
      ),
    );
  return { held: row?.held ?? 0, checkouts: row?.checkouts ?? 0, open: row?.open ?? 0 };
}
