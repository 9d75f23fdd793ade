import { inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { attendees, type orderItems, type orders, tickets } from '../../db/schema';
import { newOrderShortId } from './service';

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * Who an order's lines make (decision 051): a ticket's every unit is an attendee the buyer names;
 * a product's unit is none, unless the product is redeemable: then each unit is a voucher, an
 * attendee row in the buyer's name whose code the door scans once.
 */
export interface OrderPeople {
  /** Seats the buyer names, per `ticketId|priceId`. */
  named: Map<string, number>;
  /** Units of redeemable products, each to become a voucher. */
  vouchers: { ticketId: number; priceId: number | null }[];
}

export const lineKey = (ticketId: number, priceId: number | null | undefined) =>
  `${ticketId}|${priceId ?? ''}`;

export async function peopleOfLines(tx: Transaction, items: readonly ItemRow[]): Promise<OrderPeople> {
  const ids = [...new Set(items.map((i) => i.ticketId))];
  const kinds = ids.length
    ? await tx
        .select({ id: tickets.id, kind: tickets.kind, redeemable: tickets.redeemable })
        .from(tickets)
        .where(inArray(tickets.id, ids))
    : [];
  const byId = new Map(kinds.map((k) => [k.id, k]));
  const people: OrderPeople = { named: new Map(), vouchers: [] };
  for (const item of items) {
    const ticket = byId.get(item.ticketId);
    if (ticket?.kind === 'PRODUCT') {
      if (ticket.redeemable)
        for (let n = 0; n < item.quantity; n += 1)
          people.vouchers.push({ ticketId: item.ticketId, priceId: item.priceId });
      continue;
    }
    const key = lineKey(item.ticketId, item.priceId);
    people.named.set(key, (people.named.get(key) ?? 0) + item.quantity);
  }
  return people;
}

/** Writes the order's vouchers in the buyer's name, after the attendees the buyer named. */
export async function writeVouchers(
  tx: Transaction,
  {
    order,
    vouchers,
    buyer,
    from,
  }: {
    order: OrderRow;
    vouchers: OrderPeople['vouchers'];
    buyer: { first_name: string; last_name: string; email: string };
    /** The position of the first voucher (after the named attendees). */
    from: number;
  },
): Promise<void> {
  if (vouchers.length === 0) return;
  await tx.insert(attendees).values(
    vouchers.map((v, i) => ({
      accountId: order.accountId,
      eventId: order.eventId,
      dateId: order.dateId,
      orderId: order.id,
      ticketId: v.ticketId,
      priceId: v.priceId,
      shortId: newOrderShortId(),
      firstName: buyer.first_name,
      lastName: buyer.last_name,
      email: buyer.email,
      status: 'AWAITING_PAYMENT' as const,
      position: from + i,
    })),
  );
}
