import type {
  WebhookAttemptResponse,
  WebhookDeliveryResponse,
  WebhookResponse,
} from '../../../common/webhooks';
import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** An endpoint as the API shows it: never its secret (answered once, at creation). */
export function toWebhookResponse(row: EndpointRow): WebhookResponse {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    active: row.active,
    event_id: row.eventId,
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    legacy_headers: row.legacyHeaders,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toAttemptResponse(row: AttemptRow): WebhookAttemptResponse {
  return {
    attempt: row.attempt,
    status_code: row.statusCode,
    error: row.error,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    created_at: row.createdAt.toISOString(),
  };
}

export function toDeliveryResponse(row: DeliveryRow, attempts: AttemptRow[]): WebhookDeliveryResponse {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    type: row.type,
    status: row.status,
    attempts: attempts.map(toAttemptResponse),
    resent_from_id: row.resentFromId,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    body: row.body,
  };
}
