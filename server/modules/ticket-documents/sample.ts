import { asc, eq, inArray } from 'drizzle-orm';
import type { EventLocation } from '../../../common/events';
import { withSettingDefaults } from '../../../common/events';
import type { Locale } from '../../../common/i18n/locales';
import { translate } from '../../../common/i18n/translate';
import { formatMoney } from '../../../common/money';
import { type TicketDesign, ticketAccent } from '../../../common/ticket-design';
import { whereOf } from '../../../common/where';
import type { Db } from '../../db/client';
import { questions, tickets } from '../../db/schema';
import { i18nFor } from '../../i18n';
import type { FileStorage } from '../../storage';
import { readEventLogoPng } from '../images/logo';
import { getEvent } from '../owned-events/service';
import { renderTicketsPdf } from './pdf';

const M = {
  attendee: /*i18n*/ { id: 'pdf.sample.attendee', message: 'Alex Sample' },
  buyer: /*i18n*/ { id: 'pdf.sample.buyer', message: 'Sam Buyer' },
  ticket: /*i18n*/ { id: 'pdf.sample.ticket', message: 'General admission' },
  answer: /*i18n*/ { id: 'pdf.sample.answer', message: 'Sample answer' },
  reference: /*i18n*/ { id: 'pdf.sample.reference', message: 'SAMPLE' },
};

/** What the sample's QR code holds: never a ticket the door would let in. */
export const SAMPLE_CODE = 'TESSERA-SAMPLE-TICKET-NOT-VALID';

/**
 * The ticket design's preview (decision 059): one ticket of the event printed with `design`
 * (saved or not) and sample data (an attendee, a buyer, an answer to each chosen question), in
 * `locale`. The event is the caller's account's (404 otherwise); nothing is written.
 */
export async function sampleTicketPdf(
  db: Db,
  request: { accountId: number; eventId: number; design: TicketDesign; locale: Locale },
  { appUrl, storage }: { appUrl: string; storage: FileStorage },
): Promise<Buffer> {
  const { accountId, eventId, design, locale } = request;
  const event = await getEvent(db, accountId, eventId);
  const settings = withSettingDefaults(event.settings);
  const i18n = i18nFor(locale);
  const [first] = await db
    .select({ title: tickets.title })
    .from(tickets)
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id))
    .limit(1);
  const asked = design.question_ids.length
    ? await db
        .select({ id: questions.id, title: questions.title, eventId: questions.eventId })
        .from(questions)
        .where(inArray(questions.id, design.question_ids))
    : [];
  const answers = design.question_ids.flatMap((id) => {
    const question = asked.find((q) => q.id === id && q.eventId === eventId);
    return question ? [{ question: question.title, answer: translate(i18n, M.answer) }] : [];
  });
  return renderTicketsPdf(
    {
      event: {
        title: event.title,
        start: event.startDate,
        end: event.endDate,
        timezone: event.timezone,
        where: whereOf({
          location: (event.location as EventLocation | null) ?? null,
          is_online: Boolean(event.onlineEventDetails),
        }),
        message: settings.ticket_page_message,
        primaryColor: ticketAccent(design, settings.homepage_primary_color),
        logo: design.show_logo ? await readEventLogoPng(db, storage, eventId) : null,
        freeText: design.free_text,
        footer: design.footer,
      },
      reference: translate(i18n, M.reference),
      tickets: [
        {
          name: translate(i18n, M.attendee),
          ticketTitle: first?.title ?? translate(i18n, M.ticket),
          seat: null,
          price: design.show_price ? formatMoney(2500, event.currency, locale) : null,
          buyer: design.show_buyer ? translate(i18n, M.buyer) : null,
          answers,
          addons: null,
          code: SAMPLE_CODE,
          url: `${appUrl}/ticket/${eventId}`,
        },
      ],
    },
    i18n,
  );
}
