import { z } from 'zod';
import { AnswerValue } from './answers';
import { ATTENDEE_ACTIONS } from './attendee-actions';
import { dateIdParam, EventDateRef } from './date-filter';
import { exportParams, listQuerySchema } from './list-query';
import { ATTENDEE_STATUSES, ORDER_STATUSES } from './orders';
import { SeatRef } from './seating';
import { email, firstName, lastName } from './validators';

/**
 * `GET /api/events/{id}/attendees`: search by name, e-mail or order reference; filter by
 * ticket and status; sort by name, e-mail or creation.
 */
const attendeeList = {
  sortable: ['created_at', 'last_name', 'first_name', 'email'],
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filterable: { ticket_id: ['eq', 'in'], status: ['eq', 'in'] },
} as const;
export const AttendeesQuery = listQuerySchema({ ...attendeeList, params: dateIdParam });

/** `GET /api/events/{id}/attendees/export?format=csv|xlsx`, with the list's search and filters. */
export const AttendeesExportQuery = listQuerySchema({
  ...attendeeList,
  params: { ...exportParams, ...dateIdParam },
});

/** An answer as the organizer reads it: the question's title next to the value given. */
export const AttendeeAnswerResponse = z.object({
  question_id: z.number().int(),
  title: z.string(),
  answer: AnswerValue,
});

/** One attendee as the organizer sees them in the list. */
export const AttendeeResponse = z
  .object({
    id: z.number().int(),
    short_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    status: z.enum(ATTENDEE_STATUSES),
    ticket_id: z.number().int(),
    price_id: z.number().int().nullable(),
    ticket_title: z.string(),
    price_label: z.string().nullable(),
    order_id: z.number().int(),
    order_reference: z.string(),
    order_status: z.enum(ORDER_STATUSES),
    /** The date of the event the ticket is for (issue 36). */
    date_id: z.number().int(),
    date: EventDateRef,
    /** Added by the organizer rather than bought; such orders cannot be refunded. */
    is_manual: z.boolean(),
    /**
     * When the ticket was checked in, on any check-in list, if it still is (an undone check-in
     * does not count); the time the scanning device gave. Null: not checked in.
     */
    checked_in_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    actions: z.array(z.enum(ATTENDEE_ACTIONS)).meta({
      description:
        'What the caller can do to the ticket now (`…/resend`, `…/cancel`, `…/reactivate`); ' +
        'any other of these calls is refused with 409 and its error code.',
    }),
  })
  .meta({ id: 'Attendee' });
export type AttendeeResponse = z.infer<typeof AttendeeResponse>;

/** `GET /api/events/{id}/attendees/{attendeeId}`: the list row, their answers and ticket link. */
export const AttendeeDetailResponse = AttendeeResponse.extend({
  answers: z.array(AttendeeAnswerResponse),
  /** The attendee's ticket page: `/ticket/{eventId}/{shortId}`, relative to the app. */
  ticket_url: z.string(),
  /** Where they sit, at an event sold by seat (issue 42); otherwise null. */
  seat: SeatRef.nullable(),
  /** Every check-in of the ticket, newest first; an undone one has `checked_out_at`. */
  check_ins: z.array(
    z.object({
      id: z.number().int(),
      list_name: z.string(),
      checked_in_at: z.iso.datetime(),
      checked_out_at: z.iso.datetime().nullable(),
      device: z.string().nullable(),
    }),
  ),
  /**
   * What cancelling the ticket may give back: its price with its add-ons', at most what its order
   * has left, by card (`…/orders/{orderId}/refund`) or recorded as given back by hand
   * (`…/orders/{orderId}/offline-refunds`). Null when its order allows no refund.
   */
  refund: z
    .object({ amount: z.number().int(), currency: z.string(), method: z.enum(['CARD', 'OFFLINE']) })
    .nullable(),
}).meta({ id: 'AttendeeDetail' });
export type AttendeeDetailResponse = z.infer<typeof AttendeeDetailResponse>;

/** `POST /api/events/{id}/attendees`: an organizer adds a ticket holder by hand. */
export const CreateAttendeeRequest = z
  .strictObject({
    ticket_id: z.int().positive(),
    price_id: z.int().positive().optional(),
    /** The date the ticket is for; may be left out when the event has one date. */
    date_id: z.int().positive().optional(),
    first_name: firstName(),
    last_name: lastName(),
    email: email(),
    send_ticket_email: z.boolean().default(true),
  })
  .meta({ id: 'CreateAttendeeRequest' });
export type CreateAttendeeRequest = z.input<typeof CreateAttendeeRequest>;

/** `PUT /api/events/{id}/attendees/{attendeeId}`: who holds the ticket. */
export const UpdateAttendeeRequest = z
  .strictObject({ first_name: firstName(), last_name: lastName(), email: email() })
  .meta({ id: 'UpdateAttendeeRequest' });
export type UpdateAttendeeRequest = z.input<typeof UpdateAttendeeRequest>;
