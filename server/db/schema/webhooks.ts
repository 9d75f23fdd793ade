import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  type WebhookBody,
  type WebhookEventType,
} from '../../../common/webhooks';
import { accounts } from './accounts';
import { events } from './events';

/**
 * An account's webhook endpoint (decision 027). `secret` is the signing key itself, not a hash:
 * every delivery is signed with it, so it must be readable; it is answered only at creation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    /** Only changes of this event are sent; null for every event of the account. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** `whsec_` and the key in base64 (base64url for endpoints made before decision 045). */
    secret: text('secret').notNull(),
    /** Also send the old `Tessera-Webhook-*` headers: endpoints made before decision 045. */
    legacyHeaders: boolean('legacy_headers').notNull().default(false),
    /** When the first failed attempt since the last 2xx was made; null after a 2xx (decision 027). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** When and why Tessera turned the endpoint off itself; null otherwise, and once turned on again. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId, t.id)],
);

/**
 * One body to POST to one endpoint, sent by a `webhooks.deliver` job until the endpoint answers
 * 2xx or the retries run out. A resend is a new delivery of the same body (same `webhook_id`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The body's `id`: `whevt_…`, shared by the deliveries of one change and its resends. */
    webhookId: text('webhook_id').notNull(),
    type: text('type').notNull(),
    body: jsonb('body').$type<WebhookBody>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('PENDING'),
    resentFromId: bigint('resent_from_id', { mode: 'number' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_pending_idx').on(t.endpointId).where(sql`${t.status} = 'PENDING'`),
  ],
);

/** One POST of a delivery and what came of it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
