import { z } from 'zod';
import { dateIdParam, EventDateRef } from './date-filter';
import { WAITLIST_OFFER_HOURS } from './events';
import { LOCALES } from './i18n/locales';
import { EXPORT_FORMATS } from './list-query';
import { email, firstName, idParam, lastName } from './validators';

/**
 * The waiting list of a sold-out ticket (decision 030). An entry WAITING for a seat is OFFERED
 * one when stock frees (the seat is held for it until the offer expires), then PURCHASED with
 * it, or EXPIRED when the offer (or the order started with it) lapses; REMOVED when the person
 * leaves or the organizer takes them off.
 */
export const WAITLIST_STATUSES = ['WAITING', 'OFFERED', 'PURCHASED', 'EXPIRED', 'REMOVED'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export { WAITLIST_OFFER_HOURS };

/** Entries that still count: one of these per e-mail and ticket. */
export const ACTIVE_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['WAITING', 'OFFERED'];

/** `POST /api/public/events/{id}/waitlist`: join the waiting list of a sold-out ticket. */
export const JoinWaitlistRequest = z
  .strictObject({
    ticket_id: z.int().positive(),
    /** The date waited for (issue 36); may be left out when the event has one date on sale. */
    date_id: z.int().positive().optional(),
    /** Both names, as checkout asks them: they fill in checkout when an offer is bought. */
    first_name: firstName(),
    last_name: lastName(),
    email: email(),
    /** The language of the e-mails; left out: the language the page was read in. */
    locale: z.enum(LOCALES).optional(),
  })
  .meta({ id: 'JoinWaitlistRequest' });
export type JoinWaitlistRequest = z.input<typeof JoinWaitlistRequest>;

/** What the person on the list sees of their entry (the link in their e-mails). */
export const PublicWaitlistEntry = z
  .object({
    token: z.string(),
    status: z.enum(WAITLIST_STATUSES),
    ticket_id: z.number().int(),
    ticket_title: z.string(),
    name: z.string(),
    /** Place among those still waiting for this ticket (1 is next); null unless WAITING. */
    position: z.number().int().nullable(),
    offered_at: z.iso.datetime().nullable(),
    /** Until when the offered seat is held; null unless OFFERED. */
    offer_expires_at: z.iso.datetime().nullable(),
    /** The order started with the offer, once there is one. */
    order_short_id: z.string().nullable(),
  })
  .meta({ id: 'PublicWaitlistEntry' });
export type PublicWaitlistEntry = z.infer<typeof PublicWaitlistEntry>;

/** An entry as the organizer sees it on the waiting-list screen. */
export const WaitlistEntryResponse = z
  .object({
    id: z.number().int(),
    ticket_id: z.number().int(),
    ticket_title: z.string(),
    name: z.string(),
    email: z.string(),
    locale: z.string(),
    status: z.enum(WAITLIST_STATUSES),
    /** Place among those still waiting for the ticket (1 is next); null unless WAITING. */
    position: z.number().int().nullable(),
    offered_at: z.iso.datetime().nullable(),
    offer_expires_at: z.iso.datetime().nullable(),
    order_id: z.number().int().nullable(),
    /** The date of the event the person waits for (issue 36). */
    date_id: z.number().int(),
    date: EventDateRef,
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntryResponse = z.infer<typeof WaitlistEntryResponse>;

/** Entries per status for one ticket. */
export const WaitlistTicketCounts = z
  .object({
    ticket_id: z.number().int(),
    ticket_title: z.string(),
    waiting: z.number().int(),
    offered: z.number().int(),
    purchased: z.number().int(),
    expired: z.number().int(),
    removed: z.number().int(),
  })
  .meta({ id: 'WaitlistTicketCounts' });
export type WaitlistTicketCounts = z.infer<typeof WaitlistTicketCounts>;

/** `GET /api/events/{id}/waitlist` */
export const WaitlistQuery = z.strictObject({
  status: z.enum(WAITLIST_STATUSES).optional(),
  ticket_id: idParam().optional(),
  /** Only the entries of this date, and the counts of its entries. */
  ...dateIdParam,
});

export const WaitlistResponse = z
  .object({
    data: z.array(WaitlistEntryResponse),
    counts: z.array(WaitlistTicketCounts),
    /** The event's settings that steer the list (also in the event's settings). */
    auto_offer: z.boolean(),
    offer_hours: z.number().int(),
  })
  .meta({ id: 'Waitlist' });
export type WaitlistResponse = z.infer<typeof WaitlistResponse>;

/** `GET /api/events/{id}/waitlist/export?format=csv|xlsx` */
export const WaitlistExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  ...dateIdParam,
});
