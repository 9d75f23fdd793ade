import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { htmlToText } from '../text/html-to-text';
import { escapeHtml, mailHeader } from './layout';
import { eventMailLogo, type MailEvent } from './order-templates';

/** Why this person receives the message; it picks the line under it that says so. */
export type MessageMailKind = 'ATTENDEE' | 'BUYER' | 'TEST' | 'COPY';

/** One recipient's copy of an organizer's message, placeholders already filled. */
export interface MessageMailData {
  subject: string;
  /** Sanitized HTML (server/text), with the recipient's values filled in (escaped). */
  bodyHtml: string;
  eventTitle: string;
  /** The event's footer message (plain text), if it has one. */
  footer: string | null;
  /** The organizer's footer template, filled in (sanitized HTML): replaces `footer` (decision 055). */
  footerHtml?: string | null;
  kind: MessageMailKind;
  /** For the sender's copy: whose mail it reads as (the first recipient), when known. */
  filledFor?: string | null;
  /** The event's logo (absolute address), at the top instead of its title; absent: the title. */
  logo?: MailEvent['logo'];
}

const M = {
  testSubject: /*i18n*/ { id: 'mail.message.test_subject', message: '[Test] {subject}' },
  testNotice: /*i18n*/ {
    id: 'mail.message.test_notice',
    message: 'This is a test of a message to the attendees of {event}. Only you received it.',
  },
  copyNotice: /*i18n*/ {
    id: 'mail.message.copy_notice',
    message: 'This is your copy of a message sent to the attendees of {event}.',
  },
  copyNoticeFor: /*i18n*/ {
    id: 'mail.message.copy_notice_for',
    message:
      'This is your copy of a message sent to the attendees of {event}, filled in as for its first recipient, {name}.',
  },
  copySubject: /*i18n*/ { id: 'mail.message.copy_subject', message: '[Copy] {subject}' },
  whyAttendee: /*i18n*/ {
    id: 'mail.message.why_attendee',
    message: 'You receive this e-mail because you have a ticket for {event}.',
  },
  whyBuyer: /*i18n*/ {
    id: 'mail.message.why_buyer',
    message: 'You receive this e-mail because you placed an order for {event}.',
  },
};

const paragraph = (text: string, style: string) =>
  `<p style="${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
const SMALL = 'margin:24px 0 0;font-size:13px;line-height:20px;color:#4b5563';

/**
 * The mail of a message: the organizer's own HTML (sanitized) inside the layout of Tessera's
 * mails, headed by the event's logo (or its title), the event's footer message, and a line
 * saying why the recipient gets it, in the recipient's language. The plain-text part says the
 * same.
 */
export function renderMessageMail(
  data: MessageMailData,
  i18n: I18n,
): { subject: string; html: string; text: string } {
  const values = { event: data.eventTitle, subject: data.subject };
  const subject =
    data.kind === 'TEST'
      ? translate(i18n, M.testSubject, values)
      : data.kind === 'COPY'
        ? translate(i18n, M.copySubject, values)
        : data.subject;
  const notice =
    data.kind === 'TEST'
      ? translate(i18n, M.testNotice, values)
      : data.kind === 'COPY'
        ? data.filledFor
          ? translate(i18n, M.copyNoticeFor, { ...values, name: data.filledFor })
          : translate(i18n, M.copyNotice, values)
        : null;
  const why =
    data.kind === 'BUYER'
      ? translate(i18n, M.whyBuyer, values)
      : data.kind === 'ATTENDEE'
        ? translate(i18n, M.whyAttendee, values)
        : null;
  // The top of the mail as the layout's (`mailHeader`): the event's logo, else its title.
  const logo = eventMailLogo(data.logo, data.eventTitle, i18n);
  const header = logo
    ? mailHeader(logo)
    : `<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#1e1b4b">${escapeHtml(data.eventTitle)}</p>`;
  const html = `<!doctype html><html lang="${escapeHtml(i18n.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${header}
${notice ? paragraph(notice, 'margin:0 0 16px;padding:12px;background:#fef3c7;border-radius:8px;font-size:14px;color:#78350f') : ''}
<div style="font-size:16px;line-height:24px;color:#1f2937">${data.bodyHtml}</div>
${data.footerHtml ? `<div style="${SMALL}">${data.footerHtml}</div>` : data.footer ? paragraph(data.footer, SMALL) : ''}${why ? paragraph(why, SMALL) : ''}
</div></body></html>`;
  const footer = data.footerHtml ? htmlToText(data.footerHtml) : data.footer;
  const text = [notice, htmlToText(data.bodyHtml), footer, why]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  return { subject, html, text: `${text}\n` };
}
