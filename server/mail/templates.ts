import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { type AccountDeletionMailTemplates, accountDeletionRenderers } from './account-deletion-templates';
import { type DateCancellationMailTemplates, dateCancellationRenderers } from './date-cancellation-templates';
import { headedMail } from './layout';
import { type LookupMailTemplates, lookupRenderers } from './lookup-templates';
import { type OrderMailTemplates, orderRenderers } from './order-templates';
import { type OrganizerMailTemplates, organizerRenderers } from './organizer-templates';
import { type PersonalDataMailTemplates, personalDataRenderers } from './personal-data-templates';
import { type RefundMailTemplates, refundRenderers } from './refund-templates';
import { type SecurityMailTemplates, securityRenderers } from './security-templates';
import type { OutgoingMail } from './transport';
import { type WaitlistMailTemplates, waitlistRenderers } from './waitlist-templates';
import { type WebhookMailTemplates, webhookRenderers } from './webhook-templates';

/** The mails Tessera sends about logins, with the values each needs. */
interface LoginMailTemplates {
  emailConfirmation: { firstName: string; url: string };
  passwordReset: { firstName: string; url: string };
  emailChange: { firstName: string; url: string; newEmail: string };
  /** To the previous address once a change is confirmed; `newEmail` is already masked. */
  emailChanged: {
    firstName: string;
    newEmail: string;
    changedAt: string;
    timezone: string;
    accountName: string;
    /** Where to turn if the change was not theirs; null when the account names nobody. */
    supportEmail: string | null;
  };
  invitation: { inviterName: string; accountName: string; url: string };
}
/** Every mail Tessera sends, with the values each needs. */
export type MailTemplates = LoginMailTemplates &
  OrderMailTemplates &
  OrganizerMailTemplates &
  RefundMailTemplates &
  DateCancellationMailTemplates &
  WebhookMailTemplates &
  WaitlistMailTemplates &
  LookupMailTemplates &
  SecurityMailTemplates &
  AccountDeletionMailTemplates &
  PersonalDataMailTemplates;
export type MailTemplateName = keyof MailTemplates;

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {firstName},' },
  confirmSubject: /*i18n*/ { id: 'mail.confirm.subject', message: 'Confirm your e-mail address' },
  confirmBody: /*i18n*/ {
    id: 'mail.confirm.body',
    message:
      'Welcome to Tessera. Please confirm that this is your e-mail address, so you can publish events and write to attendees.',
  },
  confirmAction: /*i18n*/ { id: 'mail.confirm.action', message: 'Confirm e-mail address' },
  confirmFootnote: /*i18n*/ {
    id: 'mail.confirm.footnote',
    message: 'If you did not create a Tessera account, you can ignore this e-mail.',
  },
  resetSubject: /*i18n*/ { id: 'mail.reset.subject', message: 'Reset your password' },
  resetBody: /*i18n*/ {
    id: 'mail.reset.body',
    message:
      'Someone asked to reset the password of your Tessera login. Choose a new password with the button below.',
  },
  resetAction: /*i18n*/ { id: 'mail.reset.action', message: 'Choose a new password' },
  resetFootnote: /*i18n*/ {
    id: 'mail.reset.footnote',
    message:
      'The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  changeSubject: /*i18n*/ { id: 'mail.change.subject', message: 'Confirm your new e-mail address' },
  changeBody: /*i18n*/ {
    id: 'mail.change.body',
    message: 'You asked to use {newEmail} for your Tessera login. Open the link below to confirm the change.',
  },
  changeAction: /*i18n*/ { id: 'mail.change.action', message: 'Confirm the new address' },
  changeFootnote: /*i18n*/ {
    id: 'mail.change.footnote',
    message: 'Until you confirm, your login keeps its current e-mail address. The link expires in 24 hours.',
  },
  changedSubject: /*i18n*/ {
    id: 'mail.changed.subject',
    message: 'The e-mail address of your Tessera login was changed',
  },
  changedBody: /*i18n*/ {
    id: 'mail.changed.body',
    message:
      'On {when}, the e-mail address of your Tessera login was changed to {newEmail}. This address no longer logs you in.',
  },
  changedHelp: /*i18n*/ {
    id: 'mail.changed.help',
    message:
      'If you did not make this change, someone else may be using your login: write at once to {supportEmail}, the support address of {accountName}.',
  },
  changedHelpNoSupport: /*i18n*/ {
    id: 'mail.changed.help_no_support',
    message:
      'If you did not make this change, someone else may be using your login: tell an administrator of {accountName} at once.',
  },
  changedAction: /*i18n*/ { id: 'mail.changed.action', message: 'Write to {supportEmail}' },
  changedFootnote: /*i18n*/ {
    id: 'mail.changed.footnote',
    message:
      'We send this to your previous address so that you hear of the change. If it was you, there is nothing to do.',
  },
  inviteSubject: /*i18n*/ {
    id: 'mail.invite.subject',
    message: '{inviterName} invited you to {accountName} on Tessera',
  },
  inviteBody: /*i18n*/ {
    id: 'mail.invite.body',
    message: '{inviterName} invited you to help manage events of {accountName} on Tessera.',
  },
  inviteAction: /*i18n*/ { id: 'mail.invite.action', message: 'Accept the invitation' },
  inviteFootnote: /*i18n*/ {
    id: 'mail.invite.footnote',
    message:
      'The invitation expires in 7 days. If you do not know {inviterName}, you can ignore this e-mail.',
  },
};

type Renderer<K extends MailTemplateName> = (
  data: MailTemplates[K],
  i18n: I18n,
) => Omit<OutgoingMail, 'to'> | Promise<Omit<OutgoingMail, 'to'>>;

const renderers: { [K in MailTemplateName]: Renderer<K> } = {
  ...orderRenderers,
  ...organizerRenderers,
  ...refundRenderers,
  ...dateCancellationRenderers,
  ...webhookRenderers,
  ...waitlistRenderers,
  ...lookupRenderers,
  ...securityRenderers,
  ...accountDeletionRenderers,
  ...personalDataRenderers,
  emailConfirmation: (data, i18n) => {
    const subject = translate(i18n, M.confirmSubject);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.greeting, data), translate(i18n, M.confirmBody)],
      action: { label: translate(i18n, M.confirmAction), url: data.url },
      footnote: translate(i18n, M.confirmFootnote),
    });
  },
  passwordReset: (data, i18n) => {
    const subject = translate(i18n, M.resetSubject);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.greeting, data), translate(i18n, M.resetBody)],
      action: { label: translate(i18n, M.resetAction), url: data.url },
      footnote: translate(i18n, M.resetFootnote),
    });
  },
  emailChange: (data, i18n) => {
    const subject = translate(i18n, M.changeSubject);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.greeting, data), translate(i18n, M.changeBody, data)],
      action: { label: translate(i18n, M.changeAction), url: data.url },
      footnote: translate(i18n, M.changeFootnote),
    });
  },
  emailChanged: (data, i18n) => {
    const subject = translate(i18n, M.changedSubject);
    const when = new Intl.DateTimeFormat(i18n.locale, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: data.timezone,
    }).format(new Date(data.changedAt));
    const help = data.supportEmail
      ? translate(i18n, M.changedHelp, data)
      : translate(i18n, M.changedHelpNoSupport, data);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.greeting, data),
        translate(i18n, M.changedBody, { when, newEmail: data.newEmail }),
        help,
      ],
      ...(data.supportEmail
        ? {
            action: {
              label: translate(i18n, M.changedAction, data),
              url: `mailto:${encodeURI(data.supportEmail)}`,
            },
          }
        : {}),
      footnote: translate(i18n, M.changedFootnote),
    });
  },
  invitation: (data, i18n) => {
    const subject = translate(i18n, M.inviteSubject, data);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.inviteBody, data)],
      action: { label: translate(i18n, M.inviteAction), url: data.url },
      footnote: translate(i18n, M.inviteFootnote, data),
    });
  },
};

export async function renderMail<K extends MailTemplateName>(
  template: K,
  data: MailTemplates[K],
  i18n: I18n,
): Promise<Omit<OutgoingMail, 'to'>> {
  return renderers[template](data, i18n);
}

export function isMailTemplate(name: unknown): name is MailTemplateName {
  return typeof name === 'string' && Object.hasOwn(renderers, name);
}
