import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { ORDER_LINK_HOURS, type OrderLinkResponse } from '../../../common/order-lookup';
import type { Db } from '../../db/client';
import { attendees, orderLookupLinks, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../http/tokens';

/** A lookup link's token: 128 random bits, base64url (decision 056). */
export function newOrderLinkToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Keeps a link to an order (or one of its tickets) for `ORDER_LINK_HOURS`; answers its token. */
export async function createOrderLink(
  db: Db,
  link: { orderId: number; attendeeId: number | null; email: string },
): Promise<string> {
  const token = newOrderLinkToken();
  await db.insert(orderLookupLinks).values({
    tokenHash: hashToken(token),
    orderId: link.orderId,
    attendeeId: link.attendeeId,
    email: link.email,
    expiresAt: sql`now() + make_interval(hours => ${ORDER_LINK_HOURS})`,
  });
  return token;
}

/** The page a link opens; an unknown or expired link is `ORDER_LINK_EXPIRED` (410) alike. */
export async function resolveOrderLink(db: Db, token: string): Promise<OrderLinkResponse> {
  const [row] = await db
    .select({
      eventId: orders.eventId,
      orderShortId: orders.shortId,
      attendeeShortId: attendees.shortId,
    })
    .from(orderLookupLinks)
    .innerJoin(orders, eq(orders.id, orderLookupLinks.orderId))
    .leftJoin(attendees, eq(attendees.id, orderLookupLinks.attendeeId))
    .where(and(eq(orderLookupLinks.tokenHash, hashToken(token)), gt(orderLookupLinks.expiresAt, sql`now()`)));
  if (!row) throw new AppError('ORDER_LINK_EXPIRED');
  return row.attendeeShortId
    ? { kind: 'TICKET', event_id: row.eventId, attendee_short_id: row.attendeeShortId }
    : { kind: 'ORDER', event_id: row.eventId, order_short_id: row.orderShortId };
}

/** Deletes links expired for more than a week (each lookup job sweeps them). */
export async function purgeExpiredOrderLinks(db: Db): Promise<void> {
  await db.delete(orderLookupLinks).where(lt(orderLookupLinks.expiresAt, sql`now() - interval '7 days'`));
}
