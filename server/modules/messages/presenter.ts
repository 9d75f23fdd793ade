import type {
  MessageCounts,
  MessageRecipientResponse,
  MessageResponse,
  MessageSummaryResponse,
} from '../../../common/messages';
import type { messageRecipients, messages } from '../../db/schema';

type MessageRow = typeof messages.$inferSelect;
type RecipientRow = typeof messageRecipients.$inferSelect;

export interface Sender {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export function toMessageSummaryResponse(
  row: MessageRow,
  extra: { counts: MessageCounts; sender: Sender | null },
): MessageSummaryResponse {
  const { sender } = extra;
  return {
    id: row.id,
    event_id: row.eventId,
    subject: row.subject,
    scope: row.scope,
    status: row.status,
    error_code: row.errorCode,
    is_test: row.isTest,
    send_copy_to_sender: row.sendCopyToSender,
    counts: extra.counts,
    sent_by: sender
      ? { id: sender.id, name: `${sender.firstName} ${sender.lastName}`.trim(), email: sender.email }
      : null,
    created_at: row.createdAt.toISOString(),
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    started_at: row.startedAt?.toISOString() ?? null,
    sent_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function toMessageResponse(
  row: MessageRow,
  extra: { counts: MessageCounts; sender: Sender | null },
): MessageResponse {
  return { ...toMessageSummaryResponse(row, extra), body: row.body };
}

export function toRecipientResponse(row: RecipientRow): MessageRecipientResponse {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
