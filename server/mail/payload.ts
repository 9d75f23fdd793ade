import { z } from 'zod';
import { isMailTemplate, type MailTemplateName } from './templates';

export const MAIL_JOB = 'mail.send';

/**
 * What a queued mail carries: the template, the recipient and their language, and the values
 * the template needs (typed per template by `enqueueMail`). It is rendered when it is sent.
 */
export const MailJobPayload = z.object({
  template: z.custom<MailTemplateName>(isMailTemplate, 'unknown mail template'),
  to: z.string().min(1),
  locale: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type MailJobPayload = z.output<typeof MailJobPayload>;
