import type { MessageResponse } from '../../../common/messages';

/** How far along a message is: 0 to 1, sent and failed recipients both count as handled. */
export function handledShare(message: Pick<MessageResponse, 'status' | 'counts'>): number {
  const { sent, failed, total } = message.counts;
  if (total === 0) return message.status === 'SENT' ? 1 : 0;
  return Math.min(1, (sent + failed) / total);
}
