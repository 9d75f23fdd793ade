import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { headedMail } from './layout';
import type { OutgoingMail } from './transport';

export interface AccountDeletionMailTemplates {
  /** To the owner who asked to delete their account (decision 065): the link that confirms it. */
  accountDeletionConfirmation: { firstName: string; accountName: string; url: string; waitDays: number };
}

const M = {
  subject: /*i18n*/ {
    id: 'mail.account_deletion.subject',
    message: 'Confirm the deletion of the account {accountName}',
  },
  greeting: /*i18n*/ { id: 'mail.account_deletion.greeting', message: 'Hello {firstName},' },
  body: /*i18n*/ {
    id: 'mail.account_deletion.body',
    message:
      'You asked to delete the Tessera account {accountName} with all its events, orders, attendees and uploads. Open the link below to confirm. Its events then stop selling, and the account is deleted {waitDays, plural, =0 {at once} one {after # day} other {after # days}}; until then you can cancel in the account settings.',
  },
  action: /*i18n*/ { id: 'mail.account_deletion.action', message: 'Confirm the deletion' },
  footnote: /*i18n*/ {
    id: 'mail.account_deletion.footnote',
    message:
      'The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail and change your password: nothing is deleted without the link.',
  },
};

export const accountDeletionRenderers = {
  accountDeletionConfirmation: async (
    data: AccountDeletionMailTemplates['accountDeletionConfirmation'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> =>
    headedMail(translate(i18n, M.subject, data), {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.greeting, data), translate(i18n, M.body, data)],
      action: { label: translate(i18n, M.action), url: data.url },
      footnote: translate(i18n, M.footnote),
    }),
};
