import { z } from 'zod';
import { dateIdParam } from './date-filter';
import { EventSettings, EventSettingsPatch } from './event-settings';
import { VALIDATION } from './i18n/validation';
import { ImageResponse } from './images';
import { LIMITS } from './limits';
import { listQuerySchema } from './list-query';
import { PARTIAL_WRITE } from './partial-writes';
import { TICKET_KINDS } from './tickets';
import { currency, timezone } from './validators';

export const EVENT_STATUSES = ['DRAFT', 'LIVE', 'ARCHIVED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export { DESIGN_DEFAULTS, DESIGN_FIELDS } from './design';
export * from './event-settings';

/** The event state machine, as data: which status may follow which (archived returns to draft). */
export const EVENT_TRANSITIONS: Readonly<Record<EventStatus, readonly EventStatus[]>> = {
  DRAFT: ['LIVE', 'ARCHIVED'],
  LIVE: ['DRAFT', 'ARCHIVED'],
  ARCHIVED: ['DRAFT'],
};

export function canTransition(from: EventStatus, to: EventStatus): boolean {
  return EVENT_TRANSITIONS[from].includes(to);
}

export const EVENT_LIFECYCLES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;
export type EventLifecycle = (typeof EVENT_LIFECYCLES)[number];

/**
 * Where an event is in time. Without an end date, an event ends when its start day ends
 * in its own time zone.
 */
export function eventLifecycle(
  event: { startDate: Date; endDate: Date | null; timezone: string },
  now: Date = new Date(),
): EventLifecycle {
  if (now < event.startDate) return 'UPCOMING';
  const end = event.endDate ?? endOfLocalDay(event.startDate, event.timezone);
  return now <= end ? 'ONGOING' : 'ENDED';
}

/** The last millisecond of the calendar day of `instant` in `timeZone`. */
export function endOfLocalDay(instant: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsedToday =
    ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 + instant.getUTCMilliseconds();
  return new Date(instant.getTime() - elapsedToday + 24 * 60 * 60 * 1000 - 1);
}

export const EventLocation = z
  .strictObject({
    venue_name: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
    address_line_1: z.string().trim().max(255).nullable().optional(),
    address_line_2: z.string().trim().max(255).nullable().optional(),
    city: z.string().trim().max(255).nullable().optional(),
    state_or_region: z.string().trim().max(255).nullable().optional(),
    zip_or_postal_code: z.string().trim().max(32).nullable().optional(),
    country: z.string().trim().max(255).nullable().optional(),
    map_url: z
      .string()
      .trim()
      .max(2000)
      .pipe(z.url({ protocol: /^https?$/ }))
      .nullable()
      .optional(),
  })
  .meta({ id: 'EventLocation' });
export type EventLocation = z.infer<typeof EventLocation>;

const eventFields = {
  title: z.string().trim().min(1).max(LIMITS.nameMax),
  description: z.string().max(LIMITS.descriptionMax).nullable().optional(),
  organizer_id: z.int().positive(),
  start_date: z.iso.datetime({ offset: true }),
  end_date: z.iso.datetime({ offset: true }).nullable().optional(),
  timezone: timezone().optional(),
  currency: currency().optional(),
  location: EventLocation.nullable().optional(),
  online_event_details: z.string().trim().max(LIMITS.descriptionMax).nullable().optional(),
  settings: EventSettingsPatch.optional(),
};

function endAfterStart(v: { start_date?: string; end_date?: string | null }) {
  return !v.end_date || !v.start_date || new Date(v.end_date) > new Date(v.start_date);
}

/** `POST /api/events`; time zone and currency default to the organizer's, then the account's. */
export const CreateEventRequest = z
  .strictObject(eventFields)
  .refine(endAfterStart, { path: ['end_date'], message: VALIDATION.endBeforeStart.id })
  .meta({ id: 'CreateEventRequest' });
export type CreateEventRequest = z.input<typeof CreateEventRequest>;

/**
 * `PUT /api/events/{id}`: any subset of the same fields (decision 013); settings and location
 * merge field by field into the current ones.
 */
export const UpdateEventRequest = z
  .strictObject(eventFields)
  .partial()
  .refine(endAfterStart, { path: ['end_date'], message: VALIDATION.endBeforeStart.id })
  .meta({ id: 'UpdateEventRequest', description: PARTIAL_WRITE });
export type UpdateEventRequest = z.input<typeof UpdateEventRequest>;

export const UpdateEventStatusRequest = z
  .strictObject({ status: z.enum(EVENT_STATUSES) })
  .meta({ id: 'UpdateEventStatusRequest' });

export const EventResponse = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    organizer_id: z.number().int(),
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime().nullable(),
    timezone: z.string(),
    currency: z.string(),
    status: z.enum(EVENT_STATUSES),
    lifecycle: z.enum(EVENT_LIFECYCLES),
    location: EventLocation.nullable(),
    online_event_details: z.string().nullable(),
    settings: EventSettings,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Event' });
export type EventResponse = z.infer<typeof EventResponse>;

/** The event lists' tabs: upcoming (and ongoing), ended, archived. */
export const EVENT_LIST_STATES = ['upcoming', 'ended', 'archived'] as const;

export const EventsQuery = listQuerySchema({
  sortable: ['start_date', 'title', 'created_at'],
  defaultSort: 'start_date',
  filterable: { state: ['eq'], status: ['eq', 'in'], organizer_id: ['eq'] },
});

/** A URL-friendly form of a title: `Summer Jazz Nights!` → `summer-jazz-nights`. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'event';
}

/** `GET /api/public/events/{id}`: what anyone may see of a LIVE event. */
export const PublicEventResponse = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime().nullable(),
    timezone: z.string(),
    currency: z.string(),
    lifecycle: z.enum(EVENT_LIFECYCLES),
    location: EventLocation.nullable(),
    is_online: z.boolean(),
    images: z.array(ImageResponse),
    organizer: z.object({
      id: z.number().int(),
      name: z.string(),
      website: z.string().nullable(),
      description: z.string().nullable(),
    }),
    settings: EventSettings.pick({
      seo_title: true,
      seo_description: true,
      seo_keywords: true,
      allow_search_indexing: true,
      contact_email: true,
      pre_checkout_message: true,
      price_display_mode: true,
      homepage_background_color: true,
      homepage_content_background_color: true,
      homepage_primary_color: true,
      homepage_secondary_color: true,
      homepage_text_color: true,
      continue_button_text: true,
      continue_button_texts: true,
      page_sections: true,
      faq: true,
    }),
  })
  .meta({ id: 'PublicEvent' });
export type PublicEventResponse = z.infer<typeof PublicEventResponse>;

/** `POST /api/events/{id}/duplicate`: what to copy besides the event itself (more as parts arrive). */
export const DuplicateEventRequest = z
  .strictObject({
    title: z.string().trim().min(1).max(LIMITS.nameMax).optional(),
    start_date: z.iso.datetime({ offset: true }).optional(),
    copy_settings: z.boolean().default(true),
    copy_images: z.boolean().default(true),
    /** Tickets with their price tiers and the taxes and fees they apply (nothing sold is copied). */
    copy_tickets: z.boolean().default(true),
    copy_questions: z.boolean().default(true),
    /** Codes limited to some tickets are only copied along with the tickets. */
    copy_promo_codes: z.boolean().default(true),
    /** Only copied along with the tickets, which they need. */
    copy_capacity_assignments: z.boolean().default(true),
    /** Name, code, e-mail and status of each affiliate; what they sold stays with the original. */
    copy_affiliates: z.boolean().default(true),
  })
  .meta({ id: 'DuplicateEventRequest' });
export type DuplicateEventRequest = z.input<typeof DuplicateEventRequest>;

/** Order statuses whose money was received (refunds, when they come, are taken off `net_sales`). */
export const PAID_ORDER_STATUSES = [
  'COMPLETED',
  'PARTIALLY_REFUNDED',
  'REFUND_PENDING',
  'REFUND_FAILED',
] as const;

/**
 * `GET /api/events/{id}/stats`. Money is in minor units of the event's currency, over paid
 * orders: `gross_sales` is what buyers paid, `refunds` what was given back of it (by card or
 * recorded for offline payments), `net_sales` what is left after taxes, fees and refunds.
 * Days are UTC dates, oldest first, the last 14 days with gaps as zero.
 */
export const EventStatsResponse = z
  .object({
    currency: z.string(),
    gross_sales: z.number().int(),
    net_sales: z.number().int(),
    taxes: z.number().int(),
    fees: z.number().int(),
    refunds: z.number().int(),
    /** Paid orders. */
    orders: z.number().int(),
    /** Offline orders still waiting for their payment. */
    orders_awaiting_payment: z.number().int(),
    /** Active attendees of paid orders (people: products' vouchers not counted). */
    attendees: z.number().int(),
    page_views: z.number().int(),
    /** Tickets sold over all the event's tickets (reservations and products not counted). */
    tickets_sold: z.number().int(),
    /** Seats held by checkouts in progress and orders awaiting payment. */
    tickets_reserved: z.number().int(),
    /** Seats held by checkouts in progress (within their time; neither sold nor awaiting payment). */
    tickets_in_checkout: z.number().int(),
    /** How many checkouts in progress hold those seats. */
    checkouts_in_progress: z.number().int(),
    /** Seats of orders placed but not paid yet (offline payments), held until paid or cancelled. */
    tickets_awaiting_payment: z.number().int(),
    /**
     * Each ticket and product of the event, in the catalogue's order: units sold (its counters)
     * and what the paid orders' lines of it came to, taxes and fees in, before refunds.
     */
    sales_by_item: z.array(
      z.object({
        ticket_id: z.number().int(),
        title: z.string(),
        kind: z.enum(TICKET_KINDS),
        sold: z.number().int(),
        gross_sales: z.number().int(),
      }),
    ),
    daily: z.array(
      z.object({
        date: z.iso.date(),
        page_views: z.number().int(),
        orders: z.number().int(),
        gross_sales: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'EventStats' });
export type EventStatsResponse = z.infer<typeof EventStatsResponse>;

/**
 * `GET /api/events/{id}/stats?date_id=`: the figures of one date (tickets from its stock,
 * orders and sales from its orders); page views stay the event's, whose page shows every date.
 */
export const EventStatsQuery = z.strictObject(dateIdParam);
