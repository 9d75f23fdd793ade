import type { Locale } from '../../common/i18n/locales';
import { isLocale } from '../../common/i18n/locales';
import { ERASED_DOMAIN } from '../../common/personal-data';
import type { Database, Db } from '../db/client';
import { i18nFor } from '../i18n';
import { enqueue } from '../jobs/kinds';
import type { JobHandler } from '../jobs/worker';
import { MAIL_JOB, type MailDocumentRequest, type MailJobPayload } from './payload';
import type { MailSender } from './sender';
import { type MailTemplateName, type MailTemplates, renderMail } from './templates';
import type { MailAttachment, Mailer } from './transport';

/**
 * Makes the files a mail asked for when it is sent: the ticket-documents module's
 * `ticketMailDocuments`, handed in by `main.ts` (this folder knows no module). A file that no
 * longer applies (the order was cancelled meanwhile) is left out.
 */
export type MailDocuments = (db: Database, request: MailDocumentRequest) => Promise<MailAttachment[]>;

/**
 * Queues a mail in the caller's transaction: it is sent (by the job worker, with retries)
 * only if that transaction commits, in the recipient's language. False when a mail with the
 * same `uniqueKey` was queued before (this one is not), and for the marker address of an
 * erased buyer, which no mail system delivers (decision 064): nothing is queued.
 */
export async function enqueueMail<K extends MailTemplateName>(
  db: Db,
  mail: {
    template: K;
    to: string;
    locale: Locale;
    data: MailTemplates[K];
    uniqueKey?: string;
    /** Files made when the mail is sent (`MailDocuments`). */
    documents?: MailDocumentRequest[];
    /** For a mail on behalf of an event (`eventMailSender`); without it, the platform sends. */
    sender?: MailSender;
  },
): Promise<boolean> {
  const { template, to, locale, data, documents, sender } = mail;
  if (to.trim().toLowerCase().endsWith(`@${ERASED_DOMAIN}`)) return false;
  return enqueue(db, {
    type: MAIL_JOB,
    payload: {
      template,
      to,
      locale,
      data,
      ...(documents?.length ? { documents } : {}),
      ...(sender ? { sender } : {}),
    },
    uniqueKey: mail.uniqueKey,
  });
}

/**
 * The job handler that renders and sends a queued mail. The job is done only once the SMTP
 * server accepted the mail; any failure, a connection dropped after the mail's end included,
 * leaves it to be tried again (at least once, decision 046). Its Message-ID is made from the
 * job, so a mail sent again (its process died after the server took it and before the job was
 * marked done) is the same message to the recipient's mail system, which shows it once.
 */
export function mailJobHandler(mailer: Mailer, makeDocuments: MailDocuments): JobHandler<MailJobPayload> {
  return async ({ template, to, locale, data, documents = [], sender }, { jobId, createdAt, db }) => {
    const i18n = i18nFor(isLocale(locale) ? locale : 'en');
    const rendered = await renderMail(template, data as never, i18n);
    const files: MailAttachment[] = [];
    for (const request of documents) files.push(...(await makeDocuments(db, request)));
    const attachments = [...(rendered.attachments ?? []), ...files];
    await mailer.send({
      to,
      ...rendered,
      attachments,
      fromName: sender?.name || undefined,
      replyTo: sender?.replyTo ?? undefined,
      messageId: `job-${jobId}.${createdAt.getTime()}`,
    });
  };
}
