import { inArray, type SQL, sql } from 'drizzle-orm';
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
  /** Units of redeemable products, each to become a voucher; an add-on's names its line. */
  vouchers: { ticketId: number; priceId: number | null; itemId: number }[];
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
          people.vouchers.push({ ticketId: item.ticketId, priceId: item.priceId, itemId: item.id });
      continue;
    }
    const key = lineKey(item.ticketId, item.priceId);
    people.named.set(key, (people.named.get(key) ?? 0) + item.quantity);
  }
  return people;
}

/** An attendee the buyer named, as written. */
export interface NamedAttendee {
  id: number;
  ticketId: number;
  priceId: number | null;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Ties each add-on line to its attendee (decision 052): the line's `for_seat`-th attendee, in
 * the order named, of the ticket line it names. Answers the holders by line id.
 */
export async function linkAddonLines(
  tx: Transaction,
  { items, named }: { items: readonly ItemRow[]; named: readonly NamedAttendee[] },
): Promise<Map<number, NamedAttendee>> {
  const holders = new Map<number, NamedAttendee>();
  const links: SQL[] = [];
  for (const item of items) {
    if (item.forTicketId === null || item.forSeat === null) continue;
    const key = lineKey(item.forTicketId, item.forPriceId);
    const holder = named.filter((a) => lineKey(a.ticketId, a.priceId) === key)[item.forSeat - 1];
    links.push(sql`(${item.id}::bigint, ${holder?.id ?? null}::bigint)`);
    if (holder) holders.set(item.id, holder);
  }
  // One statement for all the order's add-on lines, however many.
  if (links.length > 0)
    await tx.execute(sql`update order_items set attendee_id = link.attendee_id
      from (values ${sql.join(links, sql`, `)}) as link(id, attendee_id)
      where order_items.id = link.id`);
  return holders;
}

/**
 * Writes the order's vouchers after the attendees the buyer named: in the buyer's name, or for a
 * redeemable add-on in its attendee's name and tied to them (`holder_id`).
 */
export async function writeVouchers(
  tx: Transaction,
  {
    order,
    vouchers,
    buyer,
    holders,
    from,
  }: {
    order: OrderRow;
    vouchers: OrderPeople['vouchers'];
    buyer: { first_name: string; last_name: string; email: string };
    /** The attendee of each add-on line, by line id (`linkAddonLines`). */
    holders: ReadonlyMap<number, NamedAttendee>;
    /** The position of the first voucher (after the named attendees). */
    from: number;
  },
): Promise<void> {
  if (vouchers.length === 0) return;
  await tx.insert(attendees).values(
    vouchers.map((v, i) => {
      const holder = holders.get(v.itemId);
      return {
        accountId: order.accountId,
        eventId: order.eventId,
        dateId: order.dateId,
        orderId: order.id,
        ticketId: v.ticketId,
        priceId: v.priceId,
        shortId: newOrderShortId(),
        firstName: holder?.firstName ?? buyer.first_name,
        lastName: holder?.lastName ?? buyer.last_name,
        email: holder?.email ?? buyer.email,
        status: 'AWAITING_PAYMENT' as const,
        position: from + i,
        holderId: holder?.id ?? null,
      };
    }),
  );
}
