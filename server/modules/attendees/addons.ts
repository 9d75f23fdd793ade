import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { attendees, orderItems, tickets } from '../../db/schema';
import { addToCounts, type Claim } from '../orders/inventory';

type AttendeeRow = typeof attendees.$inferSelect;

/**
 * An attendee's add-ons (decision 052): the add-on lines tied to them and, for redeemable
 * add-ons, the vouchers in their name. Cancelling the attendee releases them with their seat;
 * reactivating takes the lines' units again (vouchers stay cancelled: each is reactivated on its own).
 */

/** Adds to `claim` the units of the attendee's add-on lines that are not vouchers (those count as attendees). */
async function addLines(tx: Transaction, { attendee, claim }: { attendee: AttendeeRow; claim: Claim }) {
  const lines = await tx
    .select({ ticketId: orderItems.ticketId, priceId: orderItems.priceId, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
    .where(
      and(
        eq(orderItems.orderId, attendee.orderId),
        eq(orderItems.attendeeId, attendee.id),
        eq(tickets.redeemable, false),
      ),
    );
  for (const line of lines) {
    addToCounts(claim.tickets, line.ticketId, line.quantity);
    if (line.priceId !== null) addToCounts(claim.tiers, line.priceId, line.quantity);
  }
}

/**
 * Cancels the attendee's vouchers still valid and adds their units and those of the attendee's
 * other add-on lines to `claim`, the seats the caller gives back. Answers the vouchers cancelled.
 */
export async function releaseAddons(
  tx: Transaction,
  { attendee, claim }: { attendee: AttendeeRow; claim: Claim },
): Promise<AttendeeRow[]> {
  await addLines(tx, { attendee, claim });
  const vouchers = await tx
    .select()
    .from(attendees)
    .where(
      and(
        eq(attendees.orderId, attendee.orderId),
        eq(attendees.holderId, attendee.id),
        ne(attendees.status, 'CANCELLED'),
      ),
    )
    .for('update');
  if (vouchers.length === 0) return [];
  for (const voucher of vouchers) {
    addToCounts(claim.tickets, voucher.ticketId, 1);
    if (voucher.priceId !== null) addToCounts(claim.tiers, voucher.priceId, 1);
  }
  await tx
    .update(attendees)
    .set({ status: 'CANCELLED', updatedAt: new Date() })
    .where(
      inArray(
        attendees.id,
        vouchers.map((v) => v.id),
      ),
    );
  return vouchers;
}

/** Adds to `claim` the units of the attendee's add-on lines, which a reactivation takes again. */
export async function retakeAddons(
  tx: Transaction,
  { attendee, claim }: { attendee: AttendeeRow; claim: Claim },
): Promise<void> {
  await addLines(tx, { attendee, claim });
}
