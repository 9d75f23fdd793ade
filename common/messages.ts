import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { listQuerySchema } from './list-query';
import { ORDER_STATUSES, type OrderStatus, UNFINISHED_CHECKOUT_STATUSES } from './orders';

/**
 * Messages an organizer sends to the people of one event (issue #16, decision 020). A message
 * is written once, expanded into one recipient per e-mail address, and delivered by the job
 * queue; each recipient is tracked on its own.
 */

/**
 * Where a message stands.
 * - SCHEDULED: waits for `scheduled_at`; may still be deleted.
 * - QUEUED: due, waiting for the worker to expand its recipients; may still be deleted.
 * - SENDING: its recipients are being written and mailed; can no longer be deleted.
 * - SENT: every recipient has been handled (sent, or failed for good: see `counts.failed`).
 * - FAILED: the message could not be sent at all (see `error_code`).
 */
export const MESSAGE_STATUSES = ['SCHEDULED', 'QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Statuses in which a message may still be deleted (nothing has been sent yet). */
export const DELETABLE_MESSAGE_STATUSES: readonly MessageStatus[] = ['SCHEDULED', 'QUEUED'];

/** Statuses in which the counts still move: the message screen polls while in one of these. */
export const ACTIVE_MESSAGE_STATUSES: readonly MessageStatus[] = ['SCHEDULED', 'QUEUED', 'SENDING'];

export const RECIPIENT_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Why a whole message failed (`status` FAILED). */
export const MESSAGE_ERROR_CODES = [
  /** By the time it ran (a scheduled message), nobody matched its recipients any more. */
  'NO_RECIPIENTS',
  /** By the time it ran, more people matched than one message may reach. */
  'TOO_MANY_RECIPIENTS',
  /** The sender lost access or their e-mail confirmation before it ran. */
  'SENDER_NOT_ALLOWED',
  /** Something else went wrong repeatedly; the operator's log has the details. */
  'INTERNAL',
] as const;
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[number];

/** Order statuses an organizer may write to: orders a buyer placed (not unfinished checkouts). */
export const MESSAGEABLE_ORDER_STATUSES = ORDER_STATUSES.filter(
  (status) => !UNFINISHED_CHECKOUT_STATUSES.includes(status),
) as [OrderStatus, ...OrderStatus[]];

/** What ORDER_OWNERS means without `order_statuses`: orders that are (or will be) paid. */
export const DEFAULT_MESSAGE_ORDER_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'AWAITING_PAYMENT'];

/**
 * Who receives a message. Attendee scopes count attendees whose ticket is valid or awaiting
 * payment (a cancelled ticket is never written to) in orders that reached checkout; order
 * scopes count the buyer of each order. Each e-mail address receives a message once, however
 * many tickets or orders it has.
 */
export const MessageScope = z
  .discriminatedUnion('type', [
    /** Every attendee of the event. */
    z.strictObject({ type: z.literal('ALL_ATTENDEES') }),
    /** Attendees holding one of these tickets. */
    z.strictObject({
      type: z.literal('TICKET_HOLDERS'),
      ticket_ids: z.array(z.int().positive()).min(1).max(500),
    }),
    /** These attendees (ids of the attendee list). */
    z.strictObject({
      type: z.literal('ATTENDEES'),
      attendee_ids: z.array(z.int().positive()).min(1).max(LIMITS.message.maxListedAttendees),
    }),
    /** The buyer of each order of the event, optionally only orders in these statuses. */
    z.strictObject({
      type: z.literal('ORDER_OWNERS'),
      order_statuses: z.array(z.enum(MESSAGEABLE_ORDER_STATUSES)).min(1).max(20).optional(),
    }),
    /** The buyer of one order. */
    z.strictObject({ type: z.literal('ORDER_OWNER'), order_id: z.int().positive() }),
    /** Attendees of one date of the event (issue 36; `GET /api/events/{id}/dates`). */
    z.strictObject({ type: z.literal('DATE_ATTENDEES'), date_id: z.int().positive() }),
  ])
  .meta({ id: 'MessageScope' });
export type MessageScope = z.infer<typeof MessageScope>;
export type MessageScopeType = MessageScope['type'];
export const MESSAGE_SCOPE_TYPES = [
  'ALL_ATTENDEES',
  'TICKET_HOLDERS',
  'ATTENDEES',
  'ORDER_OWNERS',
  'ORDER_OWNER',
  'DATE_ATTENDEES',
] as const satisfies readonly MessageScopeType[];

/**
 * Placeholders the body (and subject) may hold, written `{{name}}`; each is filled for every
 * recipient. A placeholder may also stand as a link's address (`<a href="{{ticket_url}}">`).
 * Unknown names are left as they are.
 */
export const MESSAGE_PLACEHOLDERS = [
  /** The recipient's name: the attendee's, or the buyer's for order scopes. */
  'attendee_name',
  /** The event's title. */
  'event_title',
  /**
   * A full link to the recipient's ticket page (for an address holding several tickets, the
   * first of them); for order scopes, the page of their order. In a test, the event's page; in
   * the sender's copy, the first recipient's.
   */
  'ticket_url',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

/** How a placeholder is written in a message: `{{event_title}}`. */
export const placeholderToken = (name: MessagePlaceholder) => `{{${name}}}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Fills the placeholders of `text` with `values`. For HTML (`html: true`) the values are escaped,
 * so a name cannot add markup. The server uses it per recipient; the web for a preview.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<MessagePlaceholder, string>>,
  options: { html: boolean },
): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    if (!(MESSAGE_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as MessagePlaceholder];
    return options.html ? escapeHtml(value) : value;
  });
}

/** `POST /api/events/{id}/messages` */
export const CreateMessageRequest = z
  .strictObject({
    subject: z.string().trim().min(1).max(LIMITS.message.subjectMax),
    /**
     * HTML as the editor writes it, at most `LIMITS.message.bodyMax` characters. The server
     * keeps only the formatting of `server/text` (links, lists, emphasis…), nothing that runs.
     */
    body: z.string().trim().min(1).max(LIMITS.message.bodyMax),
    scope: MessageScope,
    /**
     * Send only to the sender's own address, to check how it looks (placeholders filled with
     * the sender's name and the event's page); nobody else receives it.
     */
    is_test: z.boolean().default(false),
    /**
     * Also send one copy to the sender, filled in as for the first recipient (their name and
     * link) and marked as a copy. Ignored for a test.
     */
    send_copy_to_sender: z.boolean().default(false),
    /** Send at this time instead of now; must be in the future. */
    scheduled_at: z.iso
      .datetime({ offset: true })
      .refine((value) => Date.parse(value) > Date.now(), { message: VALIDATION.dateInFuture.id })
      .nullable()
      .optional(),
    /** The sender's statement that the message is not promotional (required). */
    acknowledged_not_promotional: z.literal(true, { message: VALIDATION.messageNotPromotional.id }),
  })
  .meta({ id: 'CreateMessageRequest' });
export type CreateMessageRequest = z.input<typeof CreateMessageRequest>;

/**
 * `POST /api/events/{id}/messages/preview`: how a message would read and how many it would
 * reach, before it is sent. Nothing is written or sent.
 */
export const MessagePreviewRequest = z
  .strictObject({
    subject: z.string().trim().min(1).max(LIMITS.message.subjectMax),
    body: z.string().trim().min(1).max(LIMITS.message.bodyMax),
    scope: MessageScope,
  })
  .meta({ id: 'MessagePreviewRequest' });
export type MessagePreviewRequest = z.input<typeof MessagePreviewRequest>;

export const MessagePreviewResponse = z
  .object({
    /** Different addresses the scope reaches now. */
    recipients: z.number().int(),
    /**
     * Whose values fill the placeholders: the scope's first recipient, or the sender when the
     * scope reaches nobody yet.
     */
    sample: z.object({ name: z.string(), email: z.string() }),
    /** The subject as that recipient reads it. */
    subject: z.string(),
    /** The body as that recipient reads it: sanitized HTML, placeholders filled (escaped). */
    body: z.string(),
    /** The event's footer message, which closes every message. */
    footer: z.string().nullable(),
  })
  .meta({ id: 'MessagePreview' });
export type MessagePreviewResponse = z.infer<typeof MessagePreviewResponse>;

export const MessageCounts = z
  .object({
    /** Recipients written so far (grows while a large message is expanded). */
    total: z.number().int(),
    sent: z.number().int(),
    /** Given up on after every retry; each recipient says why. */
    failed: z.number().int(),
  })
  .meta({ id: 'MessageCounts' });
export type MessageCounts = z.infer<typeof MessageCounts>;

const messageFields = {
  id: z.number().int(),
  event_id: z.number().int(),
  subject: z.string(),
  scope: MessageScope,
  status: z.enum(MESSAGE_STATUSES),
  error_code: z.enum(MESSAGE_ERROR_CODES).nullable(),
  is_test: z.boolean(),
  send_copy_to_sender: z.boolean(),
  counts: MessageCounts,
  /** Who wrote it; null once that user is gone. */
  sent_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  scheduled_at: z.iso.datetime().nullable(),
  /** When sending began (the recipients started being written). */
  started_at: z.iso.datetime().nullable(),
  /** When the last recipient was handled (status SENT or FAILED). */
  sent_at: z.iso.datetime().nullable(),
};

/** One message in the list (without its body). */
export const MessageSummaryResponse = z.object(messageFields).meta({ id: 'MessageSummary' });
export type MessageSummaryResponse = z.infer<typeof MessageSummaryResponse>;

/** `GET /api/events/{id}/messages/{messageId}` and the answer to creating one. */
export const MessageResponse = z
  .object({
    ...messageFields,
    /** The body as stored: sanitized HTML, placeholders not yet filled. */
    body: z.string(),
  })
  .meta({ id: 'Message' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `GET /api/events/{id}/messages`: newest first; filter by status. */
export const MessagesQuery = listQuerySchema({
  sortable: ['created_at'],
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filterable: { status: ['eq', 'in'] },
});

/** One recipient of a message. */
export const MessageRecipientResponse = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    status: z.enum(RECIPIENT_STATUSES),
    /** Sending attempts so far. */
    attempts: z.number().int(),
    /** The last failure (from the mail server), if any. */
    last_error: z.string().nullable(),
    sent_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MessageRecipient' });
export type MessageRecipientResponse = z.infer<typeof MessageRecipientResponse>;

/** `GET /api/events/{id}/messages/{messageId}/recipients`: search by e-mail or name; filter by status. */
export const MessageRecipientsQuery = listQuerySchema({
  sortable: ['email', 'status'],
  defaultSort: 'email',
  filterable: { status: ['eq', 'in'] },
});
