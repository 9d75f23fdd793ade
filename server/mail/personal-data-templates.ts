import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { headedMail } from './layout';
import type { OutgoingMail } from './transport';

export interface PersonalDataMailTemplates {
  /** A buyer's data (decision 064): the link to the export, to the address itself only. */
  dataExport: { url: string; days: number };
}

const M = {
  subject: /*i18n*/ { id: 'mail.data_export.subject', message: 'Your data' },
  body: /*i18n*/ {
    id: 'mail.data_export.body',
    message:
      'You asked for the data kept with this e-mail address: your orders, tickets and waiting-list entries, with every organizer selling through this site. The link below opens a file with all of it for the next {days} days.',
  },
  action: /*i18n*/ { id: 'mail.data_export.action', message: 'Download my data' },
  footnote: /*i18n*/ {
    id: 'mail.data_export.footnote',
    message: 'If you did not ask for this e-mail, you can ignore it: nobody else received the link.',
  },
};

export const personalDataRenderers = {
  dataExport: async (
    data: PersonalDataMailTemplates['dataExport'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> =>
    headedMail(translate(i18n, M.subject), {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.body, { days: data.days })],
      action: { label: translate(i18n, M.action), url: data.url },
      footnote: translate(i18n, M.footnote),
    }),
};
