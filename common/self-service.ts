import { z } from 'zod';

/**
 * What buyers may do to their own order, per event (issue 39, decision 057): edit who holds the
 * tickets and their own details until some hours before the order's date, and cancel, never,
 * only free orders, or paid ones too with a refund of the total less a fee the organizer sets.
 * Kept in the event's settings as `self_service`; the rules themselves are in
 * `self-service-rules.ts`, the buyer's requests in `self-service-requests.ts`.
 */

/** The details a buyer may be allowed to change. */
export const SELF_EDIT_FIELDS = [
  'ATTENDEE_NAME',
  'ATTENDEE_EMAIL',
  'ATTENDEE_ANSWERS',
  'BUYER_DETAILS',
] as const;
export type SelfEditField = (typeof SELF_EDIT_FIELDS)[number];

/** NEVER; FREE_ONLY: orders that cost nothing; PAID_TOO: paid ones as well, refunded less the fee. */
export const SELF_CANCEL_MODES = ['NEVER', 'FREE_ONLY', 'PAID_TOO'] as const;
export type SelfCancelMode = (typeof SELF_CANCEL_MODES)[number];

/** Hours before the order's date a deadline may be set to: up to a year. */
export const SELF_SERVICE_HOURS = { min: 0, max: 8760 } as const;
/** The fixed part of the cancellation fee, in minor units, at most. */
export const SELF_CANCEL_FEE_FIXED_MAX = 100_000_000;
/** Basis points: 10000 is the whole amount. */
export const BASIS_POINTS = 10_000;

const hours = () => z.int().min(SELF_SERVICE_HOURS.min).max(SELF_SERVICE_HOURS.max);

export const SelfServiceSettings = z
  .strictObject({
    /** Buyers may change the details named in `edit_fields` from their order page. */
    edit_enabled: z.boolean(),
    /** Until this many hours before their order's date starts. */
    edit_until_hours: hours(),
    edit_fields: z
      .array(z.enum(SELF_EDIT_FIELDS))
      .max(SELF_EDIT_FIELDS.length)
      .refine((fields) => new Set(fields).size === fields.length, { message: 'Each field once' }),
    cancel_mode: z.enum(SELF_CANCEL_MODES),
    /** Until this many hours before their order's date starts. */
    cancel_until_hours: hours(),
    /** Kept of a paid order that is cancelled: this much (minor units) … */
    cancel_fee_fixed: z.int().min(0).max(SELF_CANCEL_FEE_FIXED_MAX),
    /** … plus this share of its total, in basis points (250 = 2.5 %), never more than is left. */
    cancel_fee_bps: z.int().min(0).max(BASIS_POINTS),
  })
  .meta({ id: 'SelfServiceSettings' });
export type SelfServiceSettings = z.output<typeof SelfServiceSettings>;

export const SELF_SERVICE_DEFAULTS: SelfServiceSettings = {
  edit_enabled: false,
  edit_until_hours: 24,
  edit_fields: ['ATTENDEE_NAME', 'ATTENDEE_EMAIL', 'ATTENDEE_ANSWERS', 'BUYER_DETAILS'],
  cancel_mode: 'NEVER',
  cancel_until_hours: 48,
  cancel_fee_fixed: 0,
  cancel_fee_bps: 0,
};

/** Why editing is closed, for the order page to say so. */
export const SELF_EDIT_CLOSED_REASONS = ['DISABLED', 'DEADLINE_PASSED', 'ORDER_NOT_EDITABLE'] as const;
/** Why one ticket cannot be edited although the order can. */
export const SELF_EDIT_ATTENDEE_REASONS = ['CHECKED_IN', 'CANCELLED'] as const;
/** Why the buyer cannot cancel. */
export const SELF_CANCEL_REASONS = [
  'DISABLED',
  'FREE_ONLY',
  'DEADLINE_PASSED',
  'PAID_OFFLINE',
  'NOT_CANCELLABLE',
] as const;
export type SelfCancelReason = (typeof SELF_CANCEL_REASONS)[number];

/** `GET /api/public/events/{id}/orders/{shortId}/self-service`: what the buyer may do now. */
export const SelfServiceResponse = z
  .object({
    edit: z.object({
      allowed: z.boolean(),
      reason: z.enum(SELF_EDIT_CLOSED_REASONS).nullable(),
      /** The deadline; null when editing is off. */
      until: z.iso.datetime().nullable(),
      fields: z.array(z.enum(SELF_EDIT_FIELDS)),
      /** Per ticket holder (by short id), when editing is open: null, or why not this one. */
      attendees: z.array(
        z.object({ short_id: z.string(), reason: z.enum(SELF_EDIT_ATTENDEE_REASONS).nullable() }),
      ),
    }),
    cancel: z.object({
      allowed: z.boolean(),
      reason: z.enum(SELF_CANCEL_REASONS).nullable(),
      until: z.iso.datetime().nullable(),
      /** What the buyer gets back, in minor units of the order's currency, and what is kept. */
      refund: z.number().int(),
      fee: z.number().int(),
    }),
  })
  .meta({ id: 'SelfService' });
export type SelfServiceResponse = z.infer<typeof SelfServiceResponse>;

/** `POST …/orders/{shortId}/cancel`: what was done (a card refund settles later). */
export const SelfCancelResponse = z
  .object({ status: z.string(), refund: z.number().int(), fee: z.number().int() })
  .meta({ id: 'SelfCancel' });
export type SelfCancelResponse = z.infer<typeof SelfCancelResponse>;
