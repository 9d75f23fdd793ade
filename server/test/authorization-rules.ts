/**
 * The vocabulary of the authorization matrix (`authorization-matrix.ts`): who may call a route,
 * how far its ids reach, the first account's data the sweep points at, and how path parameters
 * are filled in from it.
 */

export type Access =
  /** No login; the answer holds nothing private of the account. */
  | 'public'
  /** Any active member of the account, ADMIN or ORGANIZER. */
  | 'member'
  /** ADMINs only: an ORGANIZER gets 403. */
  | 'admin'
  /** Any member, about themselves only: another user's id is a 404. */
  | 'self';

export type Reach =
  /** Names the account's rows (ids in the path or body): another account's member gets 404. */
  | 'account'
  /** Acts on the caller's own account or login: another account's member sees only theirs. */
  | 'caller'
  /** Acts on the caller's session (logout): there is nothing to try from another account. */
  | 'session';

/** The first account's data the sweep points at, built by `server/test/authorization-world.ts`. */
export interface World {
  ownerId: number;
  /** The member with the ORGANIZER role. */
  organizerUserId: number;
  /** Someone invited who has not accepted yet. */
  invitedUserId: number;
  organizerId: number;
  eventId: number;
  draftEventId: number;
  ticketId: number;
  hiddenTicketId: number;
  categoryId: number;
  promoCodeId: number;
  promoCode: string;
  affiliateId: number;
  capacityId: number;
  /** The live event's one date. */
  dateId: number;
  /** A rule that made dates of the event. */
  ruleId: number;
  /** Dates of the draft event: one cancelled, one that may be. */
  cancelledDateId: number;
  spareDateId: number;
  questionId: number;
  taxId: number;
  /** A seating plan of the first account (issue 42). */
  seatingPlanId: number;
  imageId: number;
  orderId: number;
  /** The invoice of that order. */
  invoiceId: number;
  orderShortId: string;
  orderEmail: string;
  attendeeId: number;
  attendeeShortId: string;
  listId: number;
  listShortId: string;
  checkInId: number;
  /** A message scheduled for next month (so it can still be read and deleted). */
  messageId: number;
  /** An ADMIN API key of the first account. */
  apiKeyId: number;
  /** A webhook endpoint of the first account, and one delivery (a test) of it. */
  webhookId: number;
  webhookDeliveryId: number;
  /** A month (YYYY-MM) in which the first account was paid by card. */
  billingMonth: string;
  /** Someone WAITING on the live event's waiting list, and their link token. */
  waitlistEntryId: number;
  waitlistToken: string;
  /** A passkey of the owner, and the owner's session (decision 066). */
  passkeyId: number;
  sessionId: number;
}

export interface RouteRule {
  access: Access;
  /** For non-public routes; `account` unless said. */
  reach?: Reach;
  /** Path parameters that `PARAMS` does not choose right for this route. */
  params?: (w: World) => Record<string, string | number>;
  /** A valid body, so that authentication, not validation, is what answers. */
  body?: (w: World) => unknown;
  /** A multipart image upload rather than JSON. */
  upload?: true;
  /** Public routes: the status of their sample call, anonymous with the first account's ids. */
  answers?: number;
  /** Public routes about the order or ticket in their link: its buyer's details may show. */
  showsOrder?: true;
  /**
   * About the person logged in (their profile, address, session, the API keys themselves): an
   * API key gets 403 API_KEY_NOT_ALLOWED whatever its role (decision 025). Every other route
   * treats a key as a member with the key's role.
   */
  person?: true;
}

/** A well-formed link token that was never issued. */
export const UNKNOWN_TOKEN = 'x'.repeat(43);

/** Path parameters by the segment before them: `events/{id}` is the first account's live event. */
export const PARAMS: Record<string, (w: World) => string | number> = {
  'events/{id}': (w) => w.eventId,
  'organizers/{id}': (w) => w.organizerId,
  'users/{id}': (w) => w.ownerId,
  'passkeys/{id}': (w) => w.passkeyId,
  'sessions/{id}': (w) => w.sessionId,
  'taxes-and-fees/{id}': (w) => w.taxId,
  'seating-plans/{id}': (w) => w.seatingPlanId,
  'images/{imageId}': (w) => w.imageId,
  'tickets/{ticketId}': (w) => w.ticketId,
  'categories/{categoryId}': (w) => w.categoryId,
  'promo-codes/{codeId}': (w) => w.promoCodeId,
  'promo-codes/{code}': (w) => w.promoCode,
  'affiliates/{affiliateId}': (w) => w.affiliateId,
  'capacity-assignments/{assignmentId}': (w) => w.capacityId,
  'dates/{dateId}': (w) => w.dateId,
  'date-rules/{ruleId}': (w) => w.ruleId,
  'questions/{questionId}': (w) => w.questionId,
  'orders/{orderId}': (w) => w.orderId,
  'orders/{shortId}': (w) => w.orderShortId,
  'attendees/{attendeeId}': (w) => w.attendeeId,
  'attendees/{shortId}': (w) => w.attendeeShortId,
  'attendees/{attendeeShortId}': (w) => w.attendeeShortId,
  'check-in-lists/{listId}': (w) => w.listId,
  'check-in-lists/{shortId}': (w) => w.listShortId,
  'check-ins/{checkInId}': (w) => w.checkInId,
  'messages/{messageId}': (w) => w.messageId,
  'api-keys/{keyId}': (w) => w.apiKeyId,
  'webhooks/{webhookId}': (w) => w.webhookId,
  'deliveries/{deliveryId}': (w) => w.webhookDeliveryId,
  'statements/{month}': (w) => w.billingMonth,
  'reports/{report}': () => 'sales-by-day',
  'mail-templates/{kind}': () => 'order_confirmation',
  '{kind}/{locale}': () => 'de',
  'invoices/{invoiceId}': (w) => w.invoiceId,
  'waitlist/{entryId}': (w) => w.waitlistEntryId,
  'waitlist/{token}': (w) => w.waitlistToken,
  'reset-password/{token}': () => UNKNOWN_TOKEN,
  'invitations/{token}': () => UNKNOWN_TOKEN,
  'confirm-email/{token}': () => UNKNOWN_TOKEN,
  'email-change/{token}': () => UNKNOWN_TOKEN,
};
