import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { headedMail } from './layout';
import type { OutgoingMail } from './transport';

export interface WebhookMailTemplates {
  /** To the account's owner: Tessera turned off an endpoint that only failed for 3 days (decision 027). */
  webhookDisabled: {
    firstName: string;
    accountName: string;
    /** The endpoint's URL and description (may be empty). */
    url: string;
    description: string;
    /** ISO: the first failed attempt since the last 2xx. */
    failingSince: string;
    /** The zone `failingSince` is shown in: the owner's, else the account's. */
    timezone: string;
    /** What the last attempt got: `HTTP 500`, a timeout, a refused address… */
    lastError: string;
    /** The account's integrations page, where the endpoint is turned on again. */
    manageUrl: string;
  };
}

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {firstName},' },
  subject: /*i18n*/ {
    id: 'mail.webhook_disabled.subject',
    message: 'A webhook endpoint of {accountName} was turned off',
  },
  body: /*i18n*/ {
    id: 'mail.webhook_disabled.body',
    message:
      'Every delivery to the webhook endpoint {url} has failed since {since}, so Tessera has turned the endpoint off and stopped retrying the deliveries it still had queued.',
  },
  description: /*i18n*/ { id: 'mail.webhook_disabled.description', message: 'Description: {description}' },
  lastError: /*i18n*/ { id: 'mail.webhook_disabled.last_error', message: 'Last error: {error}' },
  fix: /*i18n*/ {
    id: 'mail.webhook_disabled.fix',
    message:
      'Once the receiving end works again, turn the endpoint back on in the integrations settings. Its delivery log shows each failed attempt, and any delivery can be sent again from there.',
  },
  action: /*i18n*/ { id: 'mail.webhook_disabled.action', message: 'Open the integrations settings' },
  footnote: /*i18n*/ {
    id: 'mail.webhook_disabled.footnote',
    message:
      'You receive this e-mail as the owner of the {accountName} account. Tessera turns an endpoint off after 3 days in which no delivery to it succeeded.',
  },
};

export const webhookRenderers = {
  webhookDisabled: async (
    data: WebhookMailTemplates['webhookDisabled'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const subject = translate(i18n, M.subject, { accountName: data.accountName });
    const since = new Intl.DateTimeFormat(i18n.locale, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: data.timezone,
    }).format(new Date(data.failingSince));
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.greeting, data),
        translate(i18n, M.body, { url: data.url, since }),
        [
          ...(data.description ? [translate(i18n, M.description, { description: data.description })] : []),
          translate(i18n, M.lastError, { error: data.lastError }),
        ],
        translate(i18n, M.fix),
      ],
      action: { label: translate(i18n, M.action), url: data.manageUrl },
      footnote: translate(i18n, M.footnote, { accountName: data.accountName }),
    });
  },
};
