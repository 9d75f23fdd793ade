import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';

// In limits.ts, which holds no schema: the event page imports it without downloading zod.
export { FIRST_DATES } from './limits';

import { idParam } from './validators';

/**
 * When an event happens: one or more dates (issue 36). An event made with a start and an end
 * has one date, which follows the event's own start and end while it is its only one.
 */
export const EVENT_DATE_STATUSES = ['ON_SALE', 'SOLD_OUT', 'CANCELLED', 'HIDDEN'] as const;
export type EventDateStatus = (typeof EVENT_DATE_STATUSES)[number];

/** Dates one event may have; a rule that would make more is refused. */
export const MAX_EVENT_DATES = 1_000;

const endAfterStart = (v: { starts_at: string; ends_at?: string | null }) =>
  !v.ends_at || new Date(v.ends_at) > new Date(v.starts_at);

/** `POST /api/events/{id}/dates` and `PUT …/dates/{dateId}`: one date, written whole. */
export const EventDateRequest = z
  .strictObject({
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Tells dates of one day apart ("Matinee"); none for most. */
    label: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
    status: z.enum(EVENT_DATE_STATUSES).default('ON_SALE'),
    /** Seats of this date across all its tickets; none: only the tickets' own quantities count. */
    capacity: z.int().min(0).max(10_000_000).nullable().optional(),
  })
  .refine(endAfterStart, { path: ['ends_at'], message: VALIDATION.endBeforeStart.id })
  .meta({ id: 'EventDateRequest' });
export type EventDateRequest = z.input<typeof EventDateRequest>;

export const EventDateResponse = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime().nullable(),
    label: z.string().nullable(),
    status: z.enum(EVENT_DATE_STATUSES),
    capacity: z.number().int().nullable(),
    /** Seats sold on this date, over all its tickets. */
    sold: z.number().int(),
    /** The rule that made it, if one did: its future dates can be changed together. */
    rule_id: z.number().int().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'EventDate' });
export type EventDateResponse = z.infer<typeof EventDateResponse>;

export const EVENT_DATE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

const localTime = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * `POST /api/events/{id}/dates/rule`: many dates at once, by a recurrence rule (RFC 5545's
 * frequency, interval and weekdays) over local days and times of the event's time zone: every
 * Tuesday and Thursday 19:00–21:00 from one day until another, skipping some days.
 */
export const EventDateRule = z
  .strictObject({
    frequency: z.enum(EVENT_DATE_FREQUENCIES),
    /** Every n days, weeks or months. */
    interval: z.int().min(1).max(52).default(1),
    /** For a weekly rule: the days of the week; none: the first day's. */
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    from: z.iso.date(),
    until: z.iso.date(),
    start_time: localTime(),
    /** None: the dates have no end; not after the start: the next day. */
    end_time: localTime().nullable().optional(),
    skip: z.array(z.iso.date()).max(MAX_EVENT_DATES).default([]),
    label: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
    status: z.enum(EVENT_DATE_STATUSES).default('ON_SALE'),
    capacity: z.int().min(0).max(10_000_000).nullable().optional(),
  })
  .refine((v) => v.until >= v.from, { path: ['until'], message: VALIDATION.untilBeforeFrom.id })
  .meta({ id: 'EventDateRule' });
export type EventDateRule = z.output<typeof EventDateRule>;

/**
 * `PUT /api/events/{id}/dates/{dateId}/tickets/{ticketId}`: what one ticket is on one date, where
 * it differs from the ticket. A field left out follows the ticket; `quantity_available` null is
 * unlimited on that date. Prices are in the event's currency (`currency`, when sent, must be it).
 */
export const DateTicketRequest = z
  .strictObject({
    quantity_available: z.int().min(0).max(10_000_000).nullable().optional(),
    price: z.int().min(0).max(100_000_000).nullable().optional(),
    currency: z.string().trim().length(3).toUpperCase().optional(),
    sale_start_date: z.iso.datetime({ offset: true }).nullable().optional(),
    sale_end_date: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine(
    (v) => !v.sale_start_date || !v.sale_end_date || new Date(v.sale_end_date) > new Date(v.sale_start_date),
    {
      path: ['sale_end_date'],
      message: VALIDATION.endBeforeStart.id,
    },
  )
  .meta({ id: 'DateTicketRequest' });
export type DateTicketRequest = z.input<typeof DateTicketRequest>;

/** One ticket on one date: its own settings there (null: the ticket's) and its seats. */
export const DateTicketResponse = z
  .object({
    date_id: z.number().int(),
    ticket_id: z.number().int(),
    title: z.string(),
    /** The date sets its own quantity for the ticket. */
    own_quantity: z.boolean(),
    /** The seats on this date: the date's own, or the ticket's. Null: unlimited. */
    quantity_available: z.number().int().nullable(),
    price: z.number().int().nullable(),
    sale_start_date: z.iso.datetime().nullable(),
    sale_end_date: z.iso.datetime().nullable(),
    quantity_sold: z.number().int(),
    quantity_reserved: z.number().int(),
  })
  .meta({ id: 'DateTicket' });
export type DateTicketResponse = z.infer<typeof DateTicketResponse>;
/** How a date looks to a buyer: on sale, sold out, or sold out with a waiting list open. */
export const DATE_AVAILABILITIES = ['ON_SALE', 'SOLD_OUT', 'WAITLIST'] as const;
export type DateAvailability = (typeof DATE_AVAILABILITIES)[number];

/** `GET /api/public/events/{id}/dates`: one upcoming date as a buyer sees it. */
export const PublicEventDate = z
  .object({
    id: z.number().int(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime().nullable(),
    label: z.string().nullable(),
    /** ON_SALE or SOLD_OUT (the organizer's); cancelled and hidden dates are not listed. */
    status: z.enum(EVENT_DATE_STATUSES),
    availability: z.enum(DATE_AVAILABILITIES),
    /** Seats left over its tickets on sale; null when unlimited or not shown. */
    seats_left: z.number().int().nullable(),
  })
  .meta({ id: 'PublicEventDate' });
export type PublicEventDate = z.infer<typeof PublicEventDate>;

/** The most dates one window of `GET /api/public/events/{id}/dates` answers. */
export const PUBLIC_DATES_MAX_LIMIT = 200;

/**
 * `GET /api/public/events/{id}/dates?from=&date_id=&limit=`: a window of the upcoming dates, so an
 * event with hundreds of them is read a page at a time. Without any, every upcoming date.
 */
export const PublicEventDatesQuery = z
  .strictObject({
    /** The window starts with the dates starting at or after this instant. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** The window starts with this date (a link to it, `?date=`), instead of at `from`. */
    date_id: idParam().optional(),
    /** At most this many dates, save the ones starting at the same instant as the last. */
    limit: z.coerce.number().int().min(1).max(PUBLIC_DATES_MAX_LIMIT).optional(),
  })
  .refine((q) => q.from === undefined || q.date_id === undefined, {
    message: VALIDATION.invalid.id,
    path: ['date_id'],
  });
export type PublicEventDatesQuery = z.infer<typeof PublicEventDatesQuery>;

/** The upcoming dates of a live event a buyer may choose from, earliest first (one window of them). */
export const PublicEventDatesResponse = z
  .object({
    data: z.array(PublicEventDate),
    /**
     * Where the next window starts (`from=`): the start of the first upcoming date after these;
     * null when there is none. A window never splits dates that start at the same instant.
     */
    next_from: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PublicEventDates' });
export type PublicEventDatesResponse = z.infer<typeof PublicEventDatesResponse>;

/**
 * `PUT /api/events/{id}/date-rules/{ruleId}`: changes every date a rule made that is still
 * ahead and not cancelled, at once. A field left out stays as each date has it; times are the
 * local times of the event's zone, each date keeping its day. Cancelling dates goes through
 * cancelling each (its orders are refunded or moved).
 */
export const DateSeriesRequest = z
  .strictObject({
    label: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
    status: z.enum(['ON_SALE', 'SOLD_OUT', 'HIDDEN']).optional(),
    capacity: z.int().min(0).max(10_000_000).nullable().optional(),
    start_time: localTime().optional(),
    /** None: the dates have no end; not after the start: the next day. */
    end_time: localTime().nullable().optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    path: ['label'],
    message: VALIDATION.required.id,
  })
  .meta({ id: 'DateSeriesRequest' });
export type DateSeriesRequest = z.input<typeof DateSeriesRequest>;

/** The public calendar file of an event: of one of its dates when asked (issue 36). */
export const EventCalendarQuery = z.strictObject({ date_id: idParam().optional() });
