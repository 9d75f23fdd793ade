import { z } from 'zod';
import { ATTENDEE_STATUSES, ORDER_STATUSES, OrderEventSummary, SeatPlace } from './orders';

/**
 * `GET /api/public/events/{id}/attendees/{attendeeShortId}`: one ticket, for whoever holds its
 * link (the attendee short id, 128 random bits). It never leads to the order or other tickets.
 */
export const PublicTicketHolderResponse = z
  .object({
    short_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    status: z.enum(ATTENDEE_STATUSES),
    /** The exact text in the QR code; `qr_code_url` serves it as an SVG image. */
    ticket_code: z.string(),
    qr_code_url: z.string(),
    ticket_title: z.string(),
    price_label: z.string().nullable(),
    /** A seated ticket's seat (issue 42); null for every other ticket. */
    seat: SeatPlace.nullable(),
    /** The holder's add-ons (decision 052): what else the ticket comes with. */
    addons: z.array(
      z.object({ title: z.string(), price_label: z.string().nullable(), quantity: z.number().int() }),
    ),
    /** The order's status: a ticket of an order awaiting payment is not valid yet. */
    order_status: z.enum(ORDER_STATUSES),
    order_reference: z.string(),
    event: OrderEventSummary,
    /** The event's message for ticket pages. */
    ticket_page_message: z.string().nullable(),
    /**
     * The event's ticket design as the ticket page shows it (decision 059): the accent (the
     * design's, else the event page's primary colour) and the text on it, the buyer's name and
     * the chosen answers when the design shows them, the free text and the footer. The price
     * (`price_label`) is null when the design hides it.
     */
    design: z.object({
      accent_color: z.string(),
      on_accent_color: z.string(),
      buyer_name: z.string().nullable(),
      answers: z.array(z.object({ question: z.string(), answer: z.string() })),
      free_text: z.string().nullable(),
      footer: z.string().nullable(),
    }),
    /**
     * Which wallets this server makes passes for (decision 032): `…/wallet.pkpass` for Apple
     * Wallet, `…/wallet/google` for Google Wallet. Only a valid ticket gets one.
     */
    wallet: z.object({ apple: z.boolean(), google: z.boolean() }),
  })
  .meta({ id: 'PublicTicketHolder' });
export type PublicTicketHolderResponse = z.infer<typeof PublicTicketHolderResponse>;
