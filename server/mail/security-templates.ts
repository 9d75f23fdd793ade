import type { I18n, MessageDescriptor } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import type { SecurityEventKind } from '../../common/security';
import { headedMail } from './layout';
import type { OutgoingMail } from './transport';

export interface SecurityMailTemplates {
  /**
   * To the user a security event concerns (decision 063): what happened, when, from which
   * address, and what to do if it was not them. `detail` fills the kind's sentence.
   */
  securityNotice: {
    firstName: string;
    kind: SecurityEventKind;
    detail: Record<string, string | number | boolean | null>;
    at: string;
    timezone: string;
    ip: string | null;
    securityUrl: string;
  };
}

const M = {
  subject: /*i18n*/ { id: 'mail.security.subject', message: 'Security notice for your Tessera login' },
  greeting: /*i18n*/ { id: 'mail.security.greeting', message: 'Hello {firstName},' },
  when: /*i18n*/ { id: 'mail.security.when', message: 'When: {when}. From the address {ip}.' },
  whenNoIp: /*i18n*/ { id: 'mail.security.when_no_ip', message: 'When: {when}.' },
  notYou: /*i18n*/ {
    id: 'mail.security.not_you',
    message:
      'If this was not you, change your password at once, end your other sessions and tell an administrator of your account.',
  },
  action: /*i18n*/ { id: 'mail.security.action', message: 'Open your security settings' },
};

/** One sentence per kind; `detail`'s values fill it. */
const SENTENCES: Record<SecurityEventKind, MessageDescriptor> = {
  TWO_FACTOR_ENABLED: /*i18n*/ {
    id: 'mail.security.two_factor_enabled',
    message: 'Two-factor sign-in with an authenticator app was turned on for your login.',
  },
  TWO_FACTOR_DISABLED: /*i18n*/ {
    id: 'mail.security.two_factor_disabled',
    message: 'Two-factor sign-in with an authenticator app was turned off for your login.',
  },
  RECOVERY_CODES_REGENERATED: /*i18n*/ {
    id: 'mail.security.recovery_codes_regenerated',
    message: 'New recovery codes were made for your login. The earlier ones no longer work.',
  },
  RECOVERY_CODE_USED: /*i18n*/ {
    id: 'mail.security.recovery_code_used',
    message: 'A recovery code was used to sign in to your login. {left} codes are left.',
  },
  PASSKEY_ADDED: /*i18n*/ {
    id: 'mail.security.passkey_added',
    message: 'A passkey named “{name}” was added to your login.',
  },
  PASSKEY_REMOVED: /*i18n*/ {
    id: 'mail.security.passkey_removed',
    message: 'The passkey “{name}” was removed from your login.',
  },
  SESSIONS_ENDED: /*i18n*/ {
    id: 'mail.security.sessions_ended',
    message: 'Sessions of your login were ended: {count}.',
  },
  TWO_FACTOR_REQUIREMENT_CHANGED: /*i18n*/ {
    id: 'mail.security.requirement_changed',
    message:
      '{required, select, true {Two-factor sign-in is now required of every member of {account}.} other {Two-factor sign-in is no longer required of the members of {account}.}}',
  },
  BUYER_DATA_EXPORTED: /*i18n*/ {
    id: 'mail.security.buyer_data_exported',
    message: 'A buyer downloaded the export of their data: {orders} orders of {account}.',
  },
  BUYER_ERASED: /*i18n*/ {
    id: 'mail.security.buyer_erased',
    message:
      'A buyer’s personal data was erased from {account}: {orders} orders and {attendees} tickets now carry a marker instead.',
  },
  ACCOUNT_DELETION_REQUESTED: /*i18n*/ {
    id: 'mail.security.account_deletion_requested',
    message: 'The deletion of the account {account} was confirmed. It will be deleted on {date}.',
  },
  ACCOUNT_DELETION_CANCELLED: /*i18n*/ {
    id: 'mail.security.account_deletion_cancelled',
    message: 'The deletion of the account {account} was cancelled. Nothing will be deleted.',
  },
  USER_DELETED: /*i18n*/ {
    id: 'mail.security.user_deleted',
    message: 'Your Tessera login was deleted. You will not receive further mail about it.',
  },
};

export const securityRenderers = {
  securityNotice: async (
    data: SecurityMailTemplates['securityNotice'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const when = new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: data.timezone,
    }).format(new Date(data.at));
    const vars = Object.fromEntries(Object.entries(data.detail).map(([k, v]) => [k, String(v ?? '')]));
    return headedMail(translate(i18n, M.subject), {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.greeting, data),
        translate(i18n, SENTENCES[data.kind], vars),
        data.ip ? translate(i18n, M.when, { when, ip: data.ip }) : translate(i18n, M.whenNoIp, { when }),
        translate(i18n, M.notYou),
      ],
      action: { label: translate(i18n, M.action), url: data.securityUrl },
    });
  },
};
