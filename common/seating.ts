import { z } from 'zod';
import { SeatPlace } from './orders';
import { SeatingPlan } from './seating-plan';
import { idParam } from './validators';

/**
 * Reserved seating's API (issue 42, decision 067): the account's plans, an event's copy of one
 * with its price categories mapped to tickets, each date's seats, and what a buyer sees and
 * picks. A seat is named by its `key` in the event's plan.
 */

const seatKey = () => z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/** The most seats one request names (an order, a block). */
export const MAX_SEATS_PER_REQUEST = 5000;
/** The most seats one order takes. */
export const MAX_SEATS_PER_ORDER = 50;

export const SEAT_STATUSES = ['AVAILABLE', 'RESERVED', 'SOLD', 'BLOCKED'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

// ─── The account's plans ────────────────────────────────────────────────────────────────────

/** `POST /api/seating-plans`, `PUT /api/seating-plans/{id}`: a plan, as drawn or imported. */
export const SeatingPlanRequest = z.strictObject({ plan: SeatingPlan }).meta({ id: 'SeatingPlanRequest' });
export type SeatingPlanRequest = z.input<typeof SeatingPlanRequest>;

export const SeatingPlanSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    seat_count: z.number().int(),
    /** Events that use a copy of it. */
    event_count: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'SeatingPlanSummary' });
export type SeatingPlanSummary = z.infer<typeof SeatingPlanSummary>;

export const SeatingPlanResponse = SeatingPlanSummary.extend({ plan: SeatingPlan }).meta({
  id: 'SeatingPlanResponse',
});
export type SeatingPlanResponse = z.infer<typeof SeatingPlanResponse>;

// ─── An event's seating ─────────────────────────────────────────────────────────────────────

/**
 * `PUT /api/events/{eventId}/seating`: the event takes a copy of the account's plan, each price
 * category sold with one of the event's tickets. Refused while any of the event's seats is held
 * or sold and the plan would change.
 */
export const EventSeatingRequest = z
  .strictObject({
    plan_id: z.int().positive(),
    categories: z.array(z.strictObject({ category: seatKey(), ticket_id: z.int().positive() })).max(30),
  })
  .meta({ id: 'EventSeatingRequest' });
export type EventSeatingRequest = z.input<typeof EventSeatingRequest>;

export const SeatCategoryResponse = z.object({
  key: z.string(),
  name: z.string(),
  color: z.string(),
  ticket_id: z.number().int(),
});

export const EventSeatingResponse = z
  .object({
    /** The account's plan it was copied from; null once that plan is deleted. */
    plan_id: z.number().int().nullable(),
    plan: SeatingPlan,
    seat_count: z.number().int(),
    categories: z.array(SeatCategoryResponse),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'EventSeating' });
export type EventSeatingResponse = z.infer<typeof EventSeatingResponse>;

/** `GET /api/events/{eventId}/seating`: null while the event sells places, not seats. */
export const EventSeatingEnvelope = z.object({ seating: EventSeatingResponse.nullable() });

/** Where a seat is, as everything after the sale shows it (the orders' `SeatPlace`). */
export const SeatRef = SeatPlace;
export type SeatRef = SeatPlace;

/** `GET /api/events/{eventId}/seating/seats?date_id=`: the organizer's view of one date's seats. */
export const SeatsQuery = z.strictObject({ date_id: idParam().optional() });

export const OrganizerSeat = SeatRef.extend({
  category: z.string(),
  ticket_id: z.number().int(),
  wheelchair: z.boolean(),
  status: z.enum(SEAT_STATUSES),
  /** The order holding it (RESERVED, SOLD); `id` opens it in the organizer's orders. */
  order: z
    .object({ id: z.number().int(), short_id: z.string(), reference: z.string(), name: z.string() })
    .nullable(),
  /** The attendee sitting there, once named. */
  attendee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OrganizerSeat = z.infer<typeof OrganizerSeat>;

export const SeatCounts = z.object({
  available: z.number().int(),
  reserved: z.number().int(),
  sold: z.number().int(),
  blocked: z.number().int(),
});
export type SeatCounts = z.infer<typeof SeatCounts>;

export const OrganizerSeatsResponse = z
  .object({ date_id: z.number().int(), seats: z.array(OrganizerSeat), counts: SeatCounts })
  .meta({ id: 'OrganizerSeats' });
export type OrganizerSeatsResponse = z.infer<typeof OrganizerSeatsResponse>;

/** `POST /api/events/{eventId}/seating/blocks`: hold seats back from sale, or put them back. */
export const BlockSeatsRequest = z
  .strictObject({
    date_id: z.int().positive().optional(),
    seats: z.array(seatKey()).min(1).max(MAX_SEATS_PER_REQUEST),
    blocked: z.boolean(),
  })
  .meta({ id: 'BlockSeatsRequest' });
export type BlockSeatsRequest = z.input<typeof BlockSeatsRequest>;

/** `PUT /api/events/{eventId}/attendees/{attendeeId}/seat`: the attendee sits elsewhere. */
export const MoveSeatRequest = z.strictObject({ seat: seatKey() }).meta({ id: 'MoveSeatRequest' });
export type MoveSeatRequest = z.input<typeof MoveSeatRequest>;

// ─── What a buyer sees ──────────────────────────────────────────────────────────────────────

/** `GET /api/public/events/{id}/seating`: the plan to draw and what each category sells. */
export const PublicSeatingResponse = z
  .object({ plan: SeatingPlan, categories: z.array(SeatCategoryResponse) })
  .meta({ id: 'PublicSeating' });
export type PublicSeatingResponse = z.infer<typeof PublicSeatingResponse>;

/** `GET /api/public/events/{id}/seating/availability?date_id=`: the seats no one can buy now. */
export const SeatAvailabilityQuery = z.strictObject({ date_id: idParam().optional() });
export const SeatAvailabilityResponse = z
  .object({
    date_id: z.number().int(),
    /** Held, sold or blocked; every other seat of the plan is for sale. */
    unavailable: z.array(z.string()),
  })
  .meta({ id: 'SeatAvailability' });
export type SeatAvailabilityResponse = z.infer<typeof SeatAvailabilityResponse>;

/** The seats an order line names (its quantity of them); none: the best ones together. */
export const OrderLineSeats = z.array(seatKey()).min(1).max(MAX_SEATS_PER_ORDER); // as in OrderLineRequest.seats

/** How a seat reads, for a row or a table (its own file: the buyer's pages import it without zod). */
export { SEAT_TEXT } from './seat-text';
