import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';

/**
 * Cancelling one date of an event (issue 36, decision 050): every order of the date is refunded
 * (and cancelled) or moved to another date of the event, a batch at a time by a job that picks up
 * where it stopped after a restart. Each attendee may be told once, with the organizer's words.
 */
export const DATE_CANCELLATION_ACTIONS = ['REFUND', 'MOVE'] as const;
export type DateCancellationAction = (typeof DATE_CANCELLATION_ACTIONS)[number];

export const DATE_CANCELLATION_STATUSES = ['RUNNING', 'DONE'] as const;
export type DateCancellationStatus = (typeof DATE_CANCELLATION_STATUSES)[number];

/** Longest message an organizer may write to the attendees of a cancelled date. */
export const DATE_CANCELLATION_MESSAGE_MAX = 5_000;

/** `POST /api/events/{id}/dates/{dateId}/cancel`. */
export const DateCancellationRequest = z
  .strictObject({
    /** REFUND: every paid order gets its money back and is cancelled; MOVE: orders go to `move_to_date_id`. */
    action: z.enum(DATE_CANCELLATION_ACTIONS),
    /** Another date of the same event, on sale, that takes the orders (MOVE only). */
    move_to_date_id: z.int().positive().optional(),
    /** Mail every attendee of the date once, with `subject` and `message`. */
    notify: z.boolean().default(true),
    subject: z.string().trim().min(1).max(LIMITS.nameMax),
    /** Plain text; blank lines part its paragraphs. */
    message: z.string().trim().max(DATE_CANCELLATION_MESSAGE_MAX).default(''),
  })
  .meta({ id: 'DateCancellationRequest' });
export type DateCancellationRequest = z.input<typeof DateCancellationRequest>;

/** The cancellation of a date and how far its job got. */
export const DateCancellationResponse = z
  .object({
    date_id: z.number().int(),
    action: z.enum(DATE_CANCELLATION_ACTIONS),
    move_to_date_id: z.number().int().nullable(),
    notify: z.boolean(),
    status: z.enum(DATE_CANCELLATION_STATUSES),
    /** Orders of the date the job works through (reservations, unpaid and paid ones). */
    orders_total: z.number().int(),
    orders_done: z.number().int(),
    /** Orders whose money was (asked to be) given back. */
    refunded: z.number().int(),
    /** Orders moved to the other date. */
    moved: z.number().int(),
    /** Orders that could not be moved (no room: refunded instead) or whose refund was refused. */
    failed: z.number().int(),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DateCancellation' });
export type DateCancellationResponse = z.infer<typeof DateCancellationResponse>;

/**
 * `POST /api/events/{id}/date-rules/{ruleId}/cancel`: every date of a rule still ahead and not
 * cancelled, each cancelled as one date is with REFUND (a series is not moved: there is no one
 * date to move its orders to). The body is the one-date cancel's, `action` REFUND or left out.
 */
export const DateSeriesCancellationRequest = z
  .strictObject({
    action: z.literal('REFUND', { message: VALIDATION.seriesMoveNotOffered.id }).default('REFUND'),
    notify: z.boolean().default(true),
    subject: z.string().trim().min(1).max(LIMITS.nameMax),
    message: z.string().trim().max(DATE_CANCELLATION_MESSAGE_MAX).default(''),
  })
  .meta({ id: 'DateSeriesCancellationRequest' });
export type DateSeriesCancellationRequest = z.input<typeof DateSeriesCancellationRequest>;

/** The cancellations started, one per date, earliest date first. */
export const DateSeriesCancellationResponse = z
  .object({ data: z.array(DateCancellationResponse) })
  .meta({ id: 'DateSeriesCancellation' });
export type DateSeriesCancellationResponse = z.infer<typeof DateSeriesCancellationResponse>;
