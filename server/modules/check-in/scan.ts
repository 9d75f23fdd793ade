import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CheckInOutcome,
  type CheckInRequest,
  type CheckInResponse,
  type CheckOutResponse,
  checkInListState,
} from '../../../common/check-in';
import { orderActionRefusal } from '../../../common/order-actions';
import type { Database, Db, Transaction } from '../../db/client';
import {
  attendees,
  checkInListTickets,
  checkInScans,
  checkIns,
  eventDates,
  orders,
  tickets,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { LISTED_ORDER_STATUSES, queueAttendeeWebhook } from '../attendee-view/service';
import { recordActivity } from '../orders/activity';
import type { FulfilOptions } from '../orders/fulfil';
import { fulfilOrder } from '../orders/fulfil';
import { findAttendeeSeats } from '../stock/seats';
import { verifyTicketCode } from '../ticket-codes/service';
import { paymentDue } from './payment-due';
import { getListByShortId, type ListRow } from './public-list';

type Input = z.output<typeof CheckInRequest>;
export interface CheckInAnswer {
  status: 200 | 201;
  body: CheckInResponse;
}

const answer = (outcome: CheckInOutcome, rest: Omit<CheckInResponse, 'outcome'> = {}): CheckInAnswer => ({
  status: outcome === 'CHECKED_IN' ? 201 : 200,
  body: { outcome, ...rest },
});

/**
 * Whom an answer is about, by the id the staff list knows them by, with their order's reference
 * and their seat (issue 42).
 */
async function answered(
  db: Db,
  {
    attendee,
    ticketTitle,
    orderReference,
  }: { attendee: typeof attendees.$inferSelect; ticketTitle: string; orderReference: string },
) {
  const seats = await findAttendeeSeats(db, [attendee.id]);
  return {
    id: attendee.id,
    first_name: attendee.firstName,
    last_name: attendee.lastName,
    ticket_title: ticketTitle,
    order_reference: orderReference,
    seat: seats.get(attendee.id) ?? null,
  };
}

/** The attendee a scan or a pick names, on the list's event, or null (INVALID). */
async function attendeeFor(tx: Db, list: ListRow, input: Input) {
  let condition: SQL | undefined;
  if (input.ticket_code) {
    const parts = await verifyTicketCode(tx, list.eventId, input.ticket_code);
    if (!parts) return null;
    condition = and(eq(attendees.shortId, parts.attendeeShortId), eq(attendees.ticketId, parts.ticketId));
  } else if (input.attendee_id) {
    condition = eq(attendees.id, input.attendee_id);
  }
  const [row] = await tx
    .select({
      attendee: attendees,
      ticketTitle: tickets.title,
      order: { id: orders.id, reference: orders.reference, total: orders.total, currency: orders.currency },
      date: { startsAt: eventDates.startsAt, label: eventDates.label },
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .innerJoin(eventDates, eq(eventDates.id, attendees.dateId))
    .where(
      and(eq(attendees.eventId, list.eventId), condition, inArray(orders.status, [...LISTED_ORDER_STATUSES])),
    );
  return row ?? null;
}

/** Decides a scan inside the caller's transaction (see `checkInAttendee`). */
async function decideScan(
  tx: Transaction,
  list: ListRow,
  { input, at, links }: { input: Input; at: Date; links: FulfilOptions | undefined },
): Promise<{ answer: CheckInAnswer; attendeeId: number | null }> {
  const state = checkInListState(
    {
      activates_at: list.activatesAt?.toISOString() ?? null,
      expires_at: list.expiresAt?.toISOString() ?? null,
    },
    at,
  );
  if (state === 'NOT_YET_ACTIVE') return { answer: answer('LIST_NOT_ACTIVE'), attendeeId: null };
  if (state === 'EXPIRED') return { answer: answer('LIST_EXPIRED'), attendeeId: null };
  const row = await attendeeFor(tx, list, input);
  if (!row) return { answer: answer('INVALID'), attendeeId: null };
  const { attendee } = row;
  const who = await answered(tx, {
    attendee,
    ticketTitle: row.ticketTitle,
    orderReference: row.order.reference,
  });
  const decided = (outcome: CheckInOutcome, rest: Omit<CheckInResponse, 'outcome' | 'attendee'> = {}) => ({
    answer: answer(outcome, { attendee: who, ...rest }),
    attendeeId: attendee.id,
  });
  // A list bound to one date lets in that date's tickets only (issue 36).
  if (list.dateId !== null && attendee.dateId !== list.dateId) {
    return decided('WRONG_DATE', {
      ticket_date: { starts_at: row.date.startsAt.toISOString(), label: row.date.label },
    });
  }
  const [listed] = await tx
    .select()
    .from(checkInListTickets)
    .where(
      and(eq(checkInListTickets.checkInListId, list.id), eq(checkInListTickets.ticketId, attendee.ticketId)),
    );
  if (!listed) return decided('NOT_ON_LIST');
  if (attendee.status === 'CANCELLED') return decided('CANCELLED');
  if (attendee.status === 'AWAITING_PAYMENT') {
    // What staff collect first, for the whole order.
    const owing = async () => decided('AWAITING_PAYMENT', { payment_due: await paymentDue(tx, row.order) });
    if (!input.mark_paid || !links) return owing();
    // Paid at the door: the whole order is settled, then this ticket is let in.
    const [order] = await tx.select().from(orders).where(eq(orders.id, attendee.orderId)).for('update');
    if (!order || orderActionRefusal('MARK_PAID', order)) return owing();
    await fulfilOrder(tx, order, links);
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'MARKED_PAID',
      data: { amount: order.total, check_in_list: list.name, device: input.device ?? null },
    });
  }

  const [made] = await tx
    .insert(checkIns)
    .values({
      checkInListId: list.id,
      attendeeId: attendee.id,
      eventId: list.eventId,
      device: input.device ?? null,
      checkedInAt: at,
      madeOffline: input.scanned_at !== undefined,
    })
    .onConflictDoNothing()
    .returning();
  const checkIn =
    made ??
    (
      await tx
        .select()
        .from(checkIns)
        .where(
          and(
            eq(checkIns.checkInListId, list.id),
            eq(checkIns.attendeeId, attendee.id),
            isNull(checkIns.checkedOutAt),
          ),
        )
    )[0];
  if (!checkIn) throw new Error('check-in neither made nor found');
  if (made) await queueAttendeeWebhook(tx, attendee, 'attendee.checked_in');
  const shown = { id: checkIn.id, checked_in_at: checkIn.checkedInAt.toISOString(), device: checkIn.device };
  return decided(made ? 'CHECKED_IN' : 'ALREADY_CHECKED_IN', { check_in: shown });
}

/**
 * `POST /api/public/check-in-lists/{shortId}/check-ins`: one scan or pick, decided once. With
 * a nonce the scan is written down first (its key is the list and nonce), so the same nonce
 * sent again, even at the same moment, waits for and gets the first answer. Two devices
 * letting one person in at once: the open-check-in unique index keeps one check-in, and the
 * other device is told the person is already in.
 */
export async function checkInAttendee({
  db,
  shortId,
  input,
  now = new Date(),
  links,
}: {
  db: Database;
  shortId: string;
  input: Input;
  now?: Date;
  /** Needed to settle an offline order at the door (`mark_paid`). */
  links?: FulfilOptions;
}): Promise<CheckInAnswer> {
  const list = await getListByShortId(db, shortId);
  // A device clock ahead of ours is not believed beyond now.
  const scannedAt = input.scanned_at
    ? new Date(Math.min(new Date(input.scanned_at).getTime(), now.getTime()))
    : null;
  const at = scannedAt ?? now;
  return inTransaction(db, async (tx) => {
    const nonce = input.nonce;
    if (nonce) {
      const [fresh] = await tx
        .insert(checkInScans)
        .values({
          checkInListId: list.id,
          nonce,
          outcome: 'PENDING',
          scannedAt,
          device: input.device ?? null,
          answer: {},
        })
        .onConflictDoNothing()
        .returning({ nonce: checkInScans.nonce });
      if (!fresh) {
        const [first] = await tx
          .select()
          .from(checkInScans)
          .where(and(eq(checkInScans.checkInListId, list.id), eq(checkInScans.nonce, nonce)));
        if (first) return withAttendeeId(first.answer as CheckInAnswer, first.attendeeId);
      }
    }
    const { answer: decided, attendeeId } = await decideScan(tx, list, { input, at, links });
    if (nonce) {
      await tx
        .update(checkInScans)
        .set({ outcome: decided.body.outcome, attendeeId, answer: decided })
        .where(and(eq(checkInScans.checkInListId, list.id), eq(checkInScans.nonce, nonce)));
    }
    return decided;
  });
}

/**
 * A replayed answer names its attendee by the scan's row: answers written down before answers
 * carried the attendee's id get it too.
 */
const withAttendeeId = (stored: CheckInAnswer, attendeeId: number | null): CheckInAnswer =>
  stored.body.attendee && attendeeId !== null
    ? { ...stored, body: { ...stored.body, attendee: { ...stored.body.attendee, id: attendeeId } } }
    : stored;

/** `DELETE …/check-ins/{checkInId}`: undoes a check-in (a check-out); the history stays. */
export async function checkOutAttendee({
  db,
  shortId,
  checkInId,
  now = new Date(),
}: {
  db: Db;
  shortId: string;
  checkInId: number;
  now?: Date;
}): Promise<CheckOutResponse> {
  const list = await getListByShortId(db, shortId);
  const [undone] = await db
    .update(checkIns)
    .set({ checkedOutAt: now })
    .where(
      and(eq(checkIns.id, checkInId), eq(checkIns.checkInListId, list.id), isNull(checkIns.checkedOutAt)),
    )
    .returning();
  if (!undone) throw new AppError('CHECK_IN_NOT_FOUND');
  const [row] = await db
    .select({ attendee: attendees, ticketTitle: tickets.title, orderReference: orders.reference })
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .where(eq(attendees.id, undone.attendeeId));
  if (!row) throw new AppError('CHECK_IN_NOT_FOUND');
  return {
    attendee: await answered(db, {
      attendee: row.attendee,
      ticketTitle: row.ticketTitle,
      orderReference: row.orderReference,
    }),
    check_in: {
      id: undone.id,
      checked_in_at: undone.checkedInAt.toISOString(),
      checked_out_at: (undone.checkedOutAt ?? now).toISOString(),
      device: undone.device,
    },
  };
}
