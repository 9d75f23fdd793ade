import { z } from 'zod';
import { MailSender } from './sender';
import { isMailTemplate, type MailTemplateName } from './templates';

export const MAIL_JOB = 'mail.send';

/**
 * What a queued mail carries: the template, the recipient and their language, and the values
 * the template needs (typed per template by `enqueueMail`). It is rendered when it is sent.
 */
/**
 * A file made when the mail is sent rather than when it is queued, so a slow one never holds
 * up the request that queued the mail: the PDF of an order's tickets, or of one ticket; or the
 * order's invoice (issued then if it is not yet, and left out if the seller issues none or does
 * not attach them).
 */
export const MailDocumentRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tickets-pdf'),
    eventId: z.number().int(),
    orderShortId: z.string().optional(),
    attendeeShortId: z.string().optional(),
  }),
  z.object({ kind: z.literal('invoice-pdf'), orderId: z.number().int() }),
]);
export type MailDocumentRequest = z.output<typeof MailDocumentRequest>;

export const MailJobPayload = z.object({
  template: z.custom<MailTemplateName>(isMailTemplate, 'unknown mail template'),
  to: z.string().min(1),
  locale: z.string(),
  data: z.record(z.string(), z.unknown()),
  documents: z.array(MailDocumentRequest).optional(),
  /** On behalf of an event: its organizer's name and reply address (decision 035); else the platform's. */
  sender: MailSender.optional(),
});
export type MailJobPayload = z.output<typeof MailJobPayload>;
