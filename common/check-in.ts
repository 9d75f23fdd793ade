import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { SeatRef } from './seating';

/** A check-in list is usable between its activation and expiry dates. */
export const CHECK_IN_LIST_STATES = ['NOT_YET_ACTIVE', 'ACTIVE', 'EXPIRED'] as const;
export type CheckInListState = (typeof CHECK_IN_LIST_STATES)[number];

export function checkInListState(
  list: { activates_at: string | null; expires_at: string | null },
  now: Date = new Date(),
): CheckInListState {
  if (list.expires_at && new Date(list.expires_at) <= now) return 'EXPIRED';
  if (list.activates_at && new Date(list.activates_at) > now) return 'NOT_YET_ACTIVE';
  return 'ACTIVE';
}

/** `POST|PUT /api/events/{id}/check-in-lists[/{listId}]` */
export const CheckInListRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.nameMax),
    description: z.string().trim().max(2000).nullable().optional(),
    activates_at: z.iso.datetime({ offset: true }).nullable().optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    ticket_ids: z.array(z.int().positive()).min(1).max(500),
    /** Only this date's tickets are let in (issue 36); none: every date's. */
    date_id: z.int().positive().nullable().optional(),
  })
  .refine((v) => !v.activates_at || !v.expires_at || new Date(v.expires_at) > new Date(v.activates_at), {
    path: ['expires_at'],
    message: VALIDATION.endBeforeStart.id,
  })
  .meta({ id: 'CheckInListRequest' });
export type CheckInListRequest = z.input<typeof CheckInListRequest>;

export const CheckInListResponse = z
  .object({
    id: z.number().int(),
    /** The staff link's capability: `/check-in/{short_id}`. */
    short_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    activates_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable(),
    ticket_ids: z.array(z.number().int()),
    /** The date the list admits, or null for every date. */
    date_id: z.number().int().nullable(),
    state: z.enum(CHECK_IN_LIST_STATES),
    checked_in: z.number().int(),
    expected: z.number().int(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'CheckInList' });
export type CheckInListResponse = z.infer<typeof CheckInListResponse>;

/** `GET /api/events/{id}/check_in_stats`: per list and per ticket, checked in of expected. */
export const CheckInStatsResponse = z
  .object({
    lists: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        checked_in: z.number().int(),
        expected: z.number().int(),
        /** The same ticket checked in on two devices while offline: the later one was refused. */
        conflicts: z.number().int(),
        tickets: z.array(
          z.object({
            ticket_id: z.number().int(),
            title: z.string(),
            checked_in: z.number().int(),
            expected: z.number().int(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'CheckInStats' });
export type CheckInStatsResponse = z.infer<typeof CheckInStatsResponse>;

/** What a scan comes to (`POST /api/public/check-in-lists/{shortId}/check-ins`). */
export const CHECK_IN_OUTCOMES = [
  'CHECKED_IN',
  'ALREADY_CHECKED_IN',
  'CANCELLED',
  'NOT_ON_LIST',
  /** A ticket for another date than the one the list admits (issue 36). */
  'WRONG_DATE',
  'LIST_NOT_ACTIVE',
  'LIST_EXPIRED',
  'AWAITING_PAYMENT',
  'INVALID',
] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

export const CheckInRequest = z
  .strictObject({
    ticket_code: z.string().trim().min(1).max(500).optional(),
    /** An attendee picked from the list by hand (the list's numeric ids, not ticket links). */
    attendee_id: z.int().positive().optional(),
    /** A device's id for this scan: the same nonce again gets the first answer again. */
    nonce: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    /** When the device scanned it, for check-ins made offline and uploaded later. */
    scanned_at: z.iso.datetime({ offset: true }).optional(),
    device: z.string().trim().max(100).optional(),
    /**
     * For a ticket awaiting an offline payment: staff took the payment at the door. The order is
     * marked paid (all its tickets become valid) and this one is checked in. Sent with a nonce, a
     * confirmation uploaded twice (a device offline) marks the order paid once.
     */
    mark_paid: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.ticket_code) !== Boolean(v.attendee_id), {
    path: ['ticket_code'],
    message: VALIDATION.required.id,
  })
  .meta({ id: 'CheckInRequest' });
export type CheckInRequest = z.input<typeof CheckInRequest>;

/**
 * What staff collect at the door for a ticket whose order awaits an offline payment: the order's
 * total (minor units) and what it covers, for the whole order (decision 039).
 */
export const PaymentDue = z.object({
  total: z.number().int(),
  currency: z.string(),
  items: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
});
export type PaymentDue = z.infer<typeof PaymentDue>;

/**
 * An e-mail address as the shared staff page may show it: its first character and its domain
 * (`m•••@example.com`), enough for a guest to recognise theirs, not enough to write to them.
 */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${Array.from(email)[0]}•••${email.slice(at)}`;
}

/**
 * Only what door staff need: who, which ticket, whether in, and what tells namesakes apart (the
 * order's reference and a hint of the e-mail). No whole e-mails; money only for an order still to
 * be paid at the door (decision 039).
 */
export const CheckInAttendee = z.object({
  id: z.number().int(),
  /**
   * `ticketCodeHash` of the attendee's code, for a device to find them from a scan while offline
   * without the list giving away anyone's ticket link.
   */
  code_hash: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  ticket_id: z.number().int(),
  ticket_title: z.string(),
  /** The order's reference: the same for every ticket of one order. Not a capability. */
  order_reference: z.string(),
  /** `emailHint` of the attendee's e-mail. */
  email_hint: z.string(),
  status: z.enum(['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED']),
  /** Where they sit, at an event sold by seat (issue 42); otherwise null. */
  seat: SeatRef.nullable(),
  /** AWAITING_PAYMENT: what to collect for the whole order; otherwise null. */
  payment_due: PaymentDue.nullable(),
  check_in: z
    .object({ id: z.number().int(), checked_in_at: z.iso.datetime(), device: z.string().nullable() })
    .nullable(),
});
export type CheckInAttendee = z.infer<typeof CheckInAttendee>;

/**
 * Whom an answer is about. `id` is the attendee's id on the staff list (`CheckInAttendee.id`): a
 * device finds the person in its copy by it, never by name, as two people may share one.
 */
const AnsweredAttendee = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  ticket_title: z.string(),
  /**
   * The order's reference: a device settles every ticket of the order in its copy when one is
   * marked paid. Absent from answers written down before it was added (a nonce's replay).
   */
  order_reference: z.string().optional(),
  /**
   * Where they sit, at an event sold by seat (issue 42), so staff can show the way; null when
   * seats are not sold. Absent from answers written down before it was added (a nonce's replay).
   */
  seat: SeatRef.nullable().optional(),
});

export const CheckInResponse = z
  .object({
    outcome: z.enum(CHECK_IN_OUTCOMES),
    attendee: AnsweredAttendee.optional(),
    check_in: z
      .object({ id: z.number().int(), checked_in_at: z.iso.datetime(), device: z.string().nullable() })
      .optional(),
    /** AWAITING_PAYMENT: what to collect for the whole order before `mark_paid`. */
    payment_due: PaymentDue.optional(),
    /** WRONG_DATE: the date the ticket is for, to tell the guest. */
    ticket_date: z.object({ starts_at: z.iso.datetime(), label: z.string().nullable() }).optional(),
  })
  .meta({ id: 'CheckInResult' });
export type CheckInResponse = z.infer<typeof CheckInResponse>;

/** `DELETE …/check-ins/{checkInId}`: the check-in undone, and whose it was. */
export const CheckOutResponse = z
  .object({
    attendee: AnsweredAttendee,
    check_in: z.object({
      id: z.number().int(),
      checked_in_at: z.iso.datetime(),
      checked_out_at: z.iso.datetime(),
      device: z.string().nullable(),
    }),
  })
  .meta({ id: 'CheckOutResult' });
export type CheckOutResponse = z.infer<typeof CheckOutResponse>;

/** `GET /api/public/check-in-lists/{shortId}`: the list as staff see it, with what devices need offline. */
export const PublicCheckInListResponse = z
  .object({
    short_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    state: z.enum(CHECK_IN_LIST_STATES),
    activates_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable(),
    ticket_ids: z.array(z.number().int()),
    /** The one date the list admits, or null for every date of the event. */
    date: z
      .object({
        id: z.number().int(),
        starts_at: z.iso.datetime(),
        ends_at: z.iso.datetime().nullable(),
        label: z.string().nullable(),
      })
      .nullable(),
    event: z.object({
      id: z.number().int(),
      title: z.string(),
      start_date: z.iso.datetime(),
      timezone: z.string(),
      /** The event's Ed25519 public key (raw, base64url), to verify ticket codes offline. */
      public_key: z.string(),
    }),
    checked_in: z.number().int(),
    expected: z.number().int(),
    /** `ticketCodeHash`es of cancelled tickets: refused offline too. */
    revoked: z.array(z.string()),
  })
  .meta({ id: 'PublicCheckInList' });
export type PublicCheckInListResponse = z.infer<typeof PublicCheckInListResponse>;
