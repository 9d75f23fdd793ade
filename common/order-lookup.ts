import { z } from 'zod';
import { email } from './validators';

/** Where "Find my tickets" looks (decision 056): this event, or every event of its organizer's account. */
export const ORDER_LOOKUP_SCOPES = ['EVENT', 'ACCOUNT'] as const;
export type OrderLookupScope = (typeof ORDER_LOOKUP_SCOPES)[number];

/** How long a link of a "Find my tickets" mail opens its order. */
export const ORDER_LINK_HOURS = 24;

/** `POST /api/public/events/{id}/order-lookup`: the address to look for, and where. */
export const OrderLookupRequest = z.strictObject({
  email: email(),
  scope: z.enum(ORDER_LOOKUP_SCOPES).default('EVENT'),
});
export type OrderLookupRequest = z.input<typeof OrderLookupRequest>;

/**
 * The one answer to a lookup, whatever was found (nothing is looked up before it is given): the
 * mail, if any, goes out shortly.
 */
export const OrderLookupAccepted = z.object({ status: z.literal('QUEUED') });
export type OrderLookupAccepted = z.infer<typeof OrderLookupAccepted>;

/** A lookup link's token: 128 random bits, base64url (22 characters). */
export const orderLinkToken = () => z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** `GET /api/public/order-links/{token}`: the page a lookup link opens. */
export const OrderLinkResponse = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ORDER'), event_id: z.number().int(), order_short_id: z.string() }),
  z.object({ kind: z.literal('TICKET'), event_id: z.number().int(), attendee_short_id: z.string() }),
]);
export type OrderLinkResponse = z.infer<typeof OrderLinkResponse>;

/** The page of an order or ticket that a lookup link resolves to. */
export function orderLinkPath(link: OrderLinkResponse): string {
  return link.kind === 'ORDER'
    ? `/checkout/${link.event_id}/${link.order_short_id}/summary`
    : `/ticket/${link.event_id}/${link.attendee_short_id}`;
}

/** The address of the "Find my tickets" page of an event. */
export const findTicketsPath = (eventId: number | string) => `/find-tickets/${eventId}`;

/** The answer of a resend from the order page: the mail is queued. */
export const ResendAccepted = z.object({ status: z.literal('QUEUED') });
export type ResendAccepted = z.infer<typeof ResendAccepted>;
