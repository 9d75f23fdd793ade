import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { attendeeActions } from '../../../common/attendee-actions';
import type { AttendeeDetailResponse, AttendeeResponse } from '../../../common/attendees';
import type { OrderStatus } from '../../../common/orders';
import type { Db, Transaction } from '../../db/client';
import {
  attendees,
  checkInLists,
  checkIns,
  eventDates,
  orders,
  questionAnswers,
  questions,
  ticketPrices,
  tickets,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { accountReader } from '../../http/auth-context';
import { toDateRef } from '../owned-events/dates';
import { getEvent } from '../owned-events/service';
import { findAttendeeSeats } from '../stock/seats';
import { enqueueWebhookEvent } from '../webhooks/service';
import { ticketRefund } from './refund-share';

/*
 * An attendee as the organizer's API shows it, and its webhook: read by the attendees module's
 * list and actions, and by the modules that make or change attendees (orders, check-in), which
 * the attendees module builds on (docs/architecture.md, "Server modules").
 */

/**
 * Orders whose attendees the organizer sees: every order that reached checkout. Reservations
 * still being filled in, abandoned or expired ones hold no ticket anybody was promised.
 */
export const LISTED_ORDER_STATUSES: readonly OrderStatus[] = [
  'AWAITING_PAYMENT',
  'PROCESSING',
  'COMPLETED',
  'CANCELLED',
  'REFUND_PENDING',
  'REFUND_FAILED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];

/** The latest check-in still standing, on any of the event's lists (an undone one does not count). */
export const latestCheckIn = () => sql<Date | null>`(select max(${checkIns.checkedInAt}) from ${checkIns}
    where ${checkIns.attendeeId} = ${attendees.id} and ${checkIns.checkedOutAt} is null)`;

const columns = {
  attendee: attendees,
  ticketTitle: tickets.title,
  priceLabel: ticketPrices.label,
  orderReference: orders.reference,
  orderStatus: orders.status,
  paymentProvider: orders.paymentProvider,
  checkedInAt: latestCheckIn().mapWith(checkIns.checkedInAt),
  date: {
    id: eventDates.id,
    startsAt: eventDates.startsAt,
    endsAt: eventDates.endsAt,
    label: eventDates.label,
  },
};

export interface AttendeeRow {
  attendee: typeof attendees.$inferSelect;
  ticketTitle: string;
  priceLabel: string | null;
  orderReference: string;
  orderStatus: OrderStatus;
  paymentProvider: string | null;
  checkedInAt: Date | null;
  date: { id: number; startsAt: Date; endsAt: Date | null; label: string | null };
}

export function toAttendeeResponse(row: AttendeeRow): AttendeeResponse {
  const { attendee } = row;
  return {
    id: attendee.id,
    short_id: attendee.shortId,
    first_name: attendee.firstName,
    last_name: attendee.lastName,
    email: attendee.email,
    status: attendee.status,
    ticket_id: attendee.ticketId,
    price_id: attendee.priceId,
    ticket_title: row.ticketTitle,
    price_label: row.priceLabel,
    order_id: attendee.orderId,
    order_reference: row.orderReference,
    order_status: row.orderStatus,
    date_id: attendee.dateId,
    date: toDateRef(row.date),
    is_manual: row.paymentProvider === 'MANUAL',
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
    created_at: attendee.createdAt.toISOString(),
    actions: attendeeActions({ status: attendee.status, orderStatus: row.orderStatus }),
  };
}

/** Attendees with their ticket, tier and order, for the list, one attendee and the export. */
export function selectAttendees(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .innerJoin(eventDates, eq(eventDates.id, attendees.dateId))
    .leftJoin(ticketPrices, eq(ticketPrices.id, attendees.priceId))
    .where(where);
}

export const listed = (eventId: number) =>
  and(eq(attendees.eventId, eventId), inArray(orders.status, [...LISTED_ORDER_STATUSES]));

/** An attendee of an event, as the caller names it. */
export interface AttendeeRef {
  auth: AuthContext;
  eventId: number;
  attendeeId: number;
}

/** One listed attendee of the caller's event, or ATTENDEE_NOT_FOUND. */
export async function getAttendeeRow({
  db,
  auth,
  eventId,
  attendeeId,
}: AttendeeRef & { db: Db }): Promise<AttendeeRow> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await selectAttendees(db, and(listed(eventId), eq(attendees.id, attendeeId)));
  if (!row) throw new AppError('ATTENDEE_NOT_FOUND');
  return row;
}

/** `GET /api/events/{id}/attendees/{attendeeId}` */
export async function getAttendee({ db, ...ref }: AttendeeRef & { db: Db }): Promise<AttendeeDetailResponse> {
  const { eventId, attendeeId } = ref;
  const row = await getAttendeeRow({ db, ...ref });
  const answers = await db
    .select({ questionId: questions.id, title: questions.title, answer: questionAnswers.answer })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
    .where(eq(questionAnswers.attendeeId, attendeeId))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  const history = await db
    .select({ checkIn: checkIns, listName: checkInLists.name })
    .from(checkIns)
    .innerJoin(checkInLists, eq(checkInLists.id, checkIns.checkInListId))
    .where(eq(checkIns.attendeeId, attendeeId))
    .orderBy(desc(checkIns.checkedInAt), desc(checkIns.id));
  const seats = await findAttendeeSeats(db, [attendeeId]);
  return {
    ...toAttendeeResponse(row),
    answers: answers.map((a) => ({ question_id: a.questionId, title: a.title, answer: a.answer })),
    ticket_url: `/ticket/${eventId}/${row.attendee.shortId}`,
    seat: seats.get(attendeeId) ?? null,
    refund: await ticketRefund(db, row.attendee),
    check_ins: history.map(({ checkIn, listName }) => ({
      id: checkIn.id,
      list_name: listName,
      checked_in_at: checkIn.checkedInAt.toISOString(),
      checked_out_at: checkIn.checkedOutAt?.toISOString() ?? null,
      device: checkIn.device,
    })),
  };
}

type AttendeeWebhookType =
  | 'attendee.created'
  | 'attendee.updated'
  | 'attendee.cancelled'
  | 'attendee.checked_in';

/**
 * Queues an attendee's webhook in the caller's transaction (decision 027), the attendee as
 * `GET …/attendees/{attendeeId}` answers it after the change.
 */
export function queueAttendeeWebhook(
  tx: Transaction,
  attendee: { id: number; accountId: number; eventId: number },
  change:
    | AttendeeWebhookType
    // With the endpoints listening, looked up once for many attendees alike.
    | { type: AttendeeWebhookType; listeners: readonly { id: number }[] },
): Promise<number> {
  const { type, listeners } = typeof change === 'string' ? { type: change, listeners: undefined } : change;
  const ref = { auth: accountReader(attendee.accountId), eventId: attendee.eventId, attendeeId: attendee.id };
  return enqueueWebhookEvent(tx, {
    accountId: attendee.accountId,
    eventId: attendee.eventId,
    type,
    data: () => getAttendee({ db: tx, ...ref }),
    listeners,
  });
}
