import type { Locale } from '../../common/i18n/locales';
import { isLocale } from '../../common/i18n/locales';
import type { Db } from '../db/client';
import { i18nFor } from '../i18n';
import { enqueue } from '../jobs/kinds';
import type { JobHandler } from '../jobs/worker';
import { MAIL_JOB, type MailJobPayload } from './payload';
import { type MailTemplateName, type MailTemplates, renderMail } from './templates';
import type { Mailer } from './transport';

/**
 * Queues a mail in the caller's transaction: it is sent (by the job worker, with retries)
 * only if that transaction commits, in the recipient's language. False when a mail with the
 * same `uniqueKey` was queued before (this one is not).
 */
export async function enqueueMail<K extends MailTemplateName>(
  db: Db,
  mail: { template: K; to: string; locale: Locale; data: MailTemplates[K]; uniqueKey?: string },
): Promise<boolean> {
  return enqueue(db, {
    type: MAIL_JOB,
    payload: { template: mail.template, to: mail.to, locale: mail.locale, data: mail.data },
    uniqueKey: mail.uniqueKey,
  });
}

/**
 * The job handler that renders and sends a queued mail. Its Message-ID is made from the job,
 * so a mail sent again (its first sending was cut off before the job was marked done) is the
 * same message to the recipient's mail system, which shows it once.
 */
export function mailJobHandler(mailer: Mailer): JobHandler<MailJobPayload> {
  return async ({ template, to, locale, data }, { jobId, createdAt }) => {
    const i18n = i18nFor(isLocale(locale) ? locale : 'en');
    const rendered = await renderMail(template, data as never, i18n);
    await mailer.send({ to, ...rendered, messageId: `job-${jobId}.${createdAt.getTime()}` });
  };
}
