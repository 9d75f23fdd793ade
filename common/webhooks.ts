import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Outgoing webhooks of an account (decision 027): endpoints that are POSTed a signed JSON
 * body when something happens to the account's orders, attendees, tickets or events.
 * `checkout.started` is a reservation (no buyer yet, may be abandoned); `order.created` is an
 * order placed by its buyer: awaiting payment or completed (decision 036).
 */
export const WEBHOOK_EVENT_TYPES = [
  'checkout.started',
  'order.created',
  'order.completed',
  'order.cancelled',
  'order.refunded',
  'attendee.created',
  'attendee.updated',
  'attendee.cancelled',
  'attendee.checked_in',
  'ticket.created',
  'ticket.updated',
  'product.created',
  'product.updated',
  'event.updated',
  'date.cancelled',
  'invoice.issued',
  'credit_note.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What `POST …/test` sends: never subscribed to, only sent on request. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';
/** Every type a delivery can carry. */
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_TYPE;

/**
 * `whsec_` and 32 random bytes in base64: the key of the HMAC-SHA256 signature, as Standard
 * Webhooks writes it (decision 045). Secrets given before were base64url: the same kind of key.
 */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** The headers of Standard Webhooks (decision 045). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The headers of before decision 045, still sent to endpoints made before it until turned off. */
export const LEGACY_WEBHOOK_HEADERS = {
  id: 'tessera-webhook-id',
  timestamp: 'tessera-webhook-timestamp',
  signature: 'tessera-webhook-signature',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

/**
 * Why Tessera itself turned an endpoint off. `FAILING`: no attempt answered 2xx for 72 hours
 * (`failing_since` tells since when) — decision 027, "Endpoints that only fail".
 */
export const WEBHOOK_DISABLED_REASONS = ['FAILING'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const webhookUrl = z.url({ protocol: /^https?$/ }).max(LIMITS.webhook.urlMax);

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

/** `POST /api/webhooks`. */
export const CreateWebhookRequest = z
  .strictObject({
    url: webhookUrl,
    event_types: eventTypes,
    active: z.boolean().default(true),
    /** Only changes of this event (of the account) are sent; null or left out for every event. */
    event_id: z.number().int().positive().nullable().default(null),
    description: z.string().trim().max(LIMITS.webhook.descriptionMax).default(''),
  })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

/** `PUT /api/webhooks/{webhookId}`: the fields given are changed. */
export const UpdateWebhookRequest = z
  .strictObject({
    url: webhookUrl.optional(),
    event_types: eventTypes.optional(),
    active: z.boolean().optional(),
    event_id: z.number().int().positive().nullable().optional(),
    description: z.string().trim().max(LIMITS.webhook.descriptionMax).optional(),
    /** `false` stops the old `Tessera-Webhook-*` headers for good (decision 045). */
    legacy_headers: z.literal(false).optional(),
  })
  .meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequest>;

export const WebhookResponse = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    active: z.boolean(),
    event_id: z.number().int().nullable(),
    /**
     * The time of the first failed attempt since the last one answered 2xx: every attempt since
     * has failed. Null while the last attempt succeeded (or none was made yet).
     */
    failing_since: z.iso.datetime().nullable(),
    /** When Tessera turned the endpoint off itself; null if it did not (or it was turned on again). */
    disabled_at: z.iso.datetime().nullable(),
    /** Why Tessera turned it off; null if it did not. Turning it on again clears both. */
    disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    /**
     * Whether deliveries also carry the old `Tessera-Webhook-*` headers besides the standard
     * ones: true for endpoints made before decision 045 until set to false.
     */
    legacy_headers: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });
export type WebhookResponse = z.infer<typeof WebhookResponse>;

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const CreatedWebhookResponse = WebhookResponse.extend({
  secret: z.string().regex(WEBHOOK_SECRET_PATTERN),
}).meta({ id: 'CreatedWebhook' });
export type CreatedWebhookResponse = z.infer<typeof CreatedWebhookResponse>;

export const WebhookAttemptResponse = z
  .object({
    attempt: z.number().int(),
    /** The receiver's HTTP status; null when no answer came (refused address, timeout, network). */
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    /** The start of the receiver's answer, at most 1 KB. */
    response_excerpt: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttemptResponse = z.infer<typeof WebhookAttemptResponse>;

/** The JSON body POSTed to an endpoint. */
export const WebhookBody = z
  .object({
    id: z.string(),
    type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE]),
    created_at: z.iso.datetime(),
    /** The object as the API returns it (an order, an attendee, a ticket, an event). */
    data: z.unknown(),
  })
  .meta({ id: 'WebhookBody' });
export type WebhookBody = z.infer<typeof WebhookBody>;

export const WebhookDeliveryResponse = z
  .object({
    id: z.number().int(),
    /** The id in the body and the `Tessera-Webhook-Id` header; a resend keeps it. */
    webhook_id: z.string(),
    type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.array(WebhookAttemptResponse),
    /** The delivery this one resends, if it is a resend. */
    resent_from_id: z.number().int().nullable(),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    /** The body as POSTed, for the delivery log. */
    body: WebhookBody,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;
