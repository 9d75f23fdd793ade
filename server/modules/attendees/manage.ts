import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AttendeeAction, attendeeActionRefusal } from '../../../common/attendee-actions';
import type { AttendeeDetailResponse, CreateAttendeeRequest } from '../../../common/attendees';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import { VALIDATION } from '../../../common/i18n/validation';
import type { OrderStatus } from '../../../common/orders';
import type { Database, Db, Transaction } from '../../db/client';
import { attendees, orderItems, orders, ticketPrices, tickets } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import {
  type AttendeeRef,
  getAttendee,
  getAttendeeRow,
  queueAttendeeWebhook,
} from '../attendee-view/service';
import { chooseDate, findSaleDates } from '../event-dates/service';
import {
  addToCounts,
  type Claim,
  emptyClaim,
  reserveSeats,
  returnSoldSeats,
  sellSeats,
} from '../orders/inventory';
import { enqueueTicketMail, type Links } from '../orders/mails';
import {
  findAttendeeHeldSeat,
  findHeldSeats,
  moveHeldSeats,
  takeBestSeats,
  takeNamedSeats,
} from '../orders/seat-inventory';
import { newOrderReference, newOrderShortId } from '../orders/service';
import { queueOrderWebhooks } from '../orders/webhook-events';
import { getEvent } from '../owned-events/service';
import { seatAttendees } from '../stock/seats';
import { releaseAddons, retakeAddons } from './addons';

/** One seat of a ticket (and tier) on a date. */
function seatOf(seat: { dateId: number; ticketId: number; priceId: number | null }): Claim {
  const claim = emptyClaim(seat.dateId);
  addToCounts(claim.tickets, seat.ticketId, 1);
  if (seat.priceId !== null) addToCounts(claim.tiers, seat.priceId, 1);
  return claim;
}

/**
 * Takes one seat as sold, or throws ATTENDEE_NO_STOCK when a limit has no room left. Answers
 * whether the ticket sells seats of the plan: the holder then sits on one (`seatHolder`).
 */
async function takeSeat(tx: Transaction, claim: Claim): Promise<boolean> {
  let seated: Set<number>;
  try {
    seated = await reserveSeats(tx, claim);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_ENOUGH_AVAILABLE')
      throw new AppError('ATTENDEE_NO_STOCK');
    throw error;
  }
  await sellSeats(tx, claim);
  return seated.size > 0;
}

/** A holder added by hand to a seated ticket sits on the seat named, or the best free one (decision 067). */
async function seatHolder(
  tx: Transaction,
  {
    dateId,
    orderId,
    ticketId,
    seat,
  }: { dateId: number; orderId: number; ticketId: number; seat?: string | undefined },
): Promise<void> {
  const picks = [{ ticketId, quantity: 1, keys: seat ? [seat] : null, field: 'seat' }];
  await takeNamedSeats(tx, { dateId, orderId, picks });
  await takeBestSeats(tx, { dateId, orderId, picks });
  const held = await findHeldSeats(tx, [orderId]);
  await moveHeldSeats(tx, { seats: held.get(dateId) ?? new Map(), from: 'RESERVED', to: 'SOLD' });
  await seatAttendees(tx, orderId);
}

/** The ticket (and tier) an organizer adds a holder to; it must be one of the event's. */
async function ticketToAdd(db: Db, eventId: number, input: z.output<typeof CreateAttendeeRequest>) {
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, input.ticket_id), eq(tickets.eventId, eventId)));
  if (!ticket) throw fieldError('ticket_id', VALIDATION.unknownTicket);
  if (ticket.type !== 'TIERED') {
    if (input.price_id !== undefined) throw fieldError('price_id', VALIDATION.unknownTier);
    return { ticket, tier: null };
  }
  if (input.price_id === undefined) throw fieldError('price_id', VALIDATION.tierChoiceRequired);
  const [tier] = await db
    .select()
    .from(ticketPrices)
    .where(and(eq(ticketPrices.id, input.price_id), eq(ticketPrices.ticketId, ticket.id)));
  if (!tier) throw fieldError('price_id', VALIDATION.unknownTier);
  return { ticket, tier };
}

/**
 * `POST /api/events/{id}/attendees`: the organizer adds a ticket holder by hand. It takes a
 * seat like any sale (409 when none is left) inside a manual order of its own, completed at
 * once for nothing: no money changed hands here, so it cannot be refunded. The attendee is
 * mailed their ticket when asked.
 */
export async function createManualAttendee({
  db,
  auth,
  eventId,
  input,
  links,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: z.output<typeof CreateAttendeeRequest>;
  links: Links;
}): Promise<AttendeeDetailResponse> {
  const event = await getEvent(db, auth.accountId, eventId);
  const { ticket, tier } = await ticketToAdd(db, eventId, input);
  // By hand, a date that is sold out or hidden may still be given a holder; a cancelled one not.
  const dateId = chooseDate(await findSaleDates(db, eventId), input.date_id, { anyStatus: true }).id;
  const now = new Date();
  const attendeeId = await inTransaction(db, async (tx) => {
    const seated = await takeSeat(tx, seatOf({ dateId, ticketId: ticket.id, priceId: tier?.id ?? null }));
    if (input.seat && !seated) throw fieldError('seat', SEATING_VALIDATION.seatedTicketNeedsPlan);
    const [order] = await tx
      .insert(orders)
      .values({
        accountId: event.accountId,
        eventId,
        dateId,
        shortId: newOrderShortId(),
        reference: newOrderReference(),
        status: 'COMPLETED',
        paymentProvider: 'MANUAL',
        currency: event.currency,
        gross: 0,
        discount: 0,
        subtotal: 0,
        fees: 0,
        taxes: 0,
        total: 0,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        completedAt: now,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values({
      orderId: order.id,
      ticketId: ticket.id,
      priceId: tier?.id ?? null,
      title: ticket.title,
      priceLabel: tier?.label ?? null,
      quantity: 1,
      unitPrice: 0,
      discount: 0,
      subtotal: 0,
      fees: 0,
      taxes: 0,
      total: 0,
      charges: [],
    });
    const [attendee] = await tx
      .insert(attendees)
      .values({
        accountId: event.accountId,
        eventId,
        dateId,
        orderId: order.id,
        ticketId: ticket.id,
        priceId: tier?.id ?? null,
        shortId: newOrderShortId(),
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        status: 'ACTIVE',
      })
      .returning({ id: attendees.id });
    if (!attendee) throw new Error('attendee insert returned nothing');
    if (seated) await seatHolder(tx, { dateId, orderId: order.id, ticketId: ticket.id, seat: input.seat });
    if (input.send_ticket_email) await enqueueTicketMail({ tx, attendeeId: attendee.id, links });
    const made = { id: order.id, accountId: event.accountId, eventId };
    await queueOrderWebhooks(tx, made, 'order.created', 'order.completed');
    await queueAttendeeWebhook(tx, { ...made, id: attendee.id }, 'attendee.created');
    return attendee.id;
  }).catch((error) => {
    // A counter's CHECK caught what the guarded update should have: still no room.
    if (sqlState(error) === '23514') throw new AppError('ATTENDEE_NO_STOCK');
    throw error;
  });
  return getAttendee({ db, auth, eventId, attendeeId });
}

interface LockedAttendee {
  attendee: typeof attendees.$inferSelect;
  orderStatus: OrderStatus;
}

/** Locks an attendee of the caller's event and answers it with its order's status. */
async function lockAttendee(tx: Transaction, ref: AttendeeRef): Promise<LockedAttendee> {
  const { attendeeId } = ref;
  await getAttendeeRow({ db: tx, ...ref });
  const [row] = await tx
    .select({ attendee: attendees, orderStatus: orders.status })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .where(eq(attendees.id, attendeeId))
    .for('update', { of: attendees });
  if (!row) throw new AppError('ATTENDEE_NOT_FOUND');
  return row;
}

/** Refuses, with its error code, an action the attendee does not allow (`common/attendee-actions.ts`). */
function requireAllowed(action: AttendeeAction, { attendee, orderStatus }: LockedAttendee): void {
  const refused = attendeeActionRefusal(action, { status: attendee.status, orderStatus });
  if (refused) throw new AppError(refused);
}

/** `POST …/attendees/{attendeeId}/cancel`: voids the ticket and puts its seat back on sale. */
export async function cancelAttendee({
  db,
  ...ref
}: AttendeeRef & { db: Database }): Promise<AttendeeDetailResponse> {
  const { attendeeId } = ref;
  await inTransaction(db, async (tx) => {
    const locked = await lockAttendee(tx, ref);
    requireAllowed('CANCEL', locked);
    const { attendee } = locked;
    // Its add-ons go back with its seat (decision 052).
    const claim = seatOf(attendee);
    claim.seats = await findAttendeeHeldSeat(tx, attendee.id);
    const vouchers = await releaseAddons(tx, { attendee, claim });
    await returnSoldSeats(tx, claim);
    await tx
      .update(attendees)
      .set({ status: 'CANCELLED', updatedAt: sql`now()` })
      .where(eq(attendees.id, attendeeId));
    await queueAttendeeWebhook(tx, attendee, 'attendee.cancelled');
    for (const voucher of vouchers) await queueAttendeeWebhook(tx, voucher, 'attendee.cancelled');
  });
  return getAttendee({ db, ...ref });
}

/**
 * `POST …/attendees/{attendeeId}/reactivate`: a cancelled ticket becomes valid again if its
 * order still stands and a seat is free (409 otherwise).
 */
export async function reactivateAttendee({
  db,
  ...ref
}: AttendeeRef & { db: Database }): Promise<AttendeeDetailResponse> {
  const { attendeeId } = ref;
  await inTransaction(db, async (tx) => {
    const locked = await lockAttendee(tx, ref);
    requireAllowed('REACTIVATE', locked);
    const { attendee } = locked;
    const claim = seatOf(attendee);
    await retakeAddons(tx, { attendee, claim });
    await takeSeat(tx, claim);
    await tx
      .update(attendees)
      .set({ status: 'ACTIVE', updatedAt: sql`now()` })
      .where(eq(attendees.id, attendeeId));
  }).catch((error) => {
    if (sqlState(error) === '23514') throw new AppError('ATTENDEE_NO_STOCK');
    throw error;
  });
  return getAttendee({ db, ...ref });
}

/** `POST …/attendees/{attendeeId}/resend`: mails a valid ticket to its holder again. */
export async function resendTicket({
  db,
  links,
  ...ref
}: AttendeeRef & { db: Database; links: Links }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const locked = await lockAttendee(tx, ref);
    requireAllowed('RESEND_TICKET', locked);
    const { attendee } = locked;
    await enqueueTicketMail({ tx, attendeeId: attendee.id, links, resend: true });
  });
}
