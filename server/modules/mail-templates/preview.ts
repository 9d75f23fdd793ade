import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventLocation } from '../../../common/events';
import type { Locale } from '../../../common/i18n/locales';
import type {
  MailTemplateKind,
  MailTemplatePreviewRequest,
  MailTemplatePreviewResponse,
  MailTemplateTestResponse,
} from '../../../common/mail-templates';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { MailCustomText } from '../../mail/order-templates';
import { enqueueMail } from '../../mail/send';
import { sanitizeFilledMessage } from '../../text/description';
import { getEvent } from '../owned-events/service';
import { checkTemplate, type TemplateOwner } from './store';
import { locationText, sampleFacts, type TemplateEvent } from './values';

/** The event whose values the preview shows: the owner's event, or a made-up one for the account. */
export async function sampleOf(
  db: Db,
  input: { owner: TemplateOwner; appUrl: string },
): Promise<{ event: TemplateEvent; appUrl: string; currency: string }> {
  const { owner, appUrl } = input;
  if (owner.eventId !== null) {
    const event = await getEvent(db, owner.accountId, owner.eventId);
    return {
      appUrl,
      currency: event.currency,
      event: {
        title: event.title,
        start: event.startDate.toISOString(),
        timezone: event.timezone,
        location: locationText(event.location as EventLocation | null, event.onlineEventDetails),
        url: `${appUrl}/e/${event.id}/${event.slug}`,
      },
    };
  }
  const [account] = await db.select().from(accounts).where(eq(accounts.id, owner.accountId));
  if (!account) throw new AppError('NOT_FOUND');
  return {
    appUrl,
    currency: account.currency,
    event: {
      title: 'Summer Concert',
      start: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      timezone: account.timezone,
      location: 'Main Hall, 1 Example Street',
      url: `${appUrl}/e/sample`,
    },
  };
}

/** How a template reads with sample values, as the mail would show it. Nothing is written. */
export async function previewTemplate(
  db: Db,
  input: { owner: TemplateOwner; appUrl: string; request: z.output<typeof MailTemplatePreviewRequest> },
): Promise<MailTemplatePreviewResponse> {
  const { request } = input;
  const sample = await sampleOf(db, input);
  const { filled } = await checkTemplate({ kind: request.kind, locale: request.locale, request, sample });
  return { subject: filled.subject ?? '', body_html: sanitizeFilledMessage(filled.body) };
}

/** One test mail per person per this many milliseconds. */
const TEST_WINDOW = 20_000;

/**
 * Sends the template, filled with sample values, to the signed-in person in the chosen
 * language, as the mail of its kind (the footer under an order confirmation). One per 20
 * seconds per person (429 RATE_LIMITED), counted by the job queue's unique keys.
 */
export async function sendTestMail(
  db: Db,
  input: {
    owner: TemplateOwner;
    userId: number;
    appUrl: string;
    request: z.output<typeof MailTemplatePreviewRequest>;
  },
): Promise<MailTemplateTestResponse> {
  const { request } = input;
  const sample = await sampleOf(db, input);
  const { filled } = await checkTemplate({ kind: request.kind, locale: request.locale, request, sample });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('NOT_FOUND');
  const body = sanitizeFilledMessage(filled.body);
  const custom: MailCustomText =
    request.kind === 'message_footer' ? { footerHtml: body } : { subject: filled.subject, bodyHtml: body };
  const queued = await enqueueTest(db, {
    kind: request.kind,
    to: user.email,
    locale: request.locale,
    custom,
    sample,
    uniqueKey: `mail-template-test:${input.userId}:${Math.floor(Date.now() / TEST_WINDOW)}`,
  });
  if (!queued) throw new AppError('RATE_LIMITED');
  return { to: user.email };
}

async function enqueueTest(
  db: Db,
  input: {
    kind: MailTemplateKind;
    to: string;
    locale: Locale;
    custom: MailCustomText;
    sample: Awaited<ReturnType<typeof sampleOf>>;
    uniqueKey: string;
  },
): Promise<boolean> {
  const { kind, to, locale, custom, sample, uniqueKey } = input;
  const facts = sampleFacts(sample);
  const event = { id: 0, end: null, footer: null, ...sample.event };
  const order = facts.order;
  const offer = facts.offer;
  if (kind === 'waitlist_offer' && offer) {
    return enqueueMail(db, {
      template: 'waitlistOffered',
      to,
      locale,
      uniqueKey,
      data: {
        name: offer.name,
        eventTitle: event.title,
        ticketTitle: offer.ticketTitle,
        url: offer.url,
        expiresAt: offer.expiresAt,
        timezone: event.timezone,
        custom,
      },
    });
  }
  if (kind === 'attendee_ticket' && facts.attendee) {
    const { attendee } = facts;
    return enqueueMail(db, {
      template: 'attendeeTicket',
      to,
      locale,
      uniqueKey,
      data: {
        firstName: attendee.name,
        event,
        reference: attendee.reference,
        tickets: [
          {
            attendeeName: attendee.name,
            ticketTitle: attendee.ticketTitle,
            ticketUrl: attendee.ticketUrl,
            ticketCode: 'SAMPLE',
          },
        ],
        custom,
      },
    });
  }
  return enqueueMail(db, {
    template: 'orderConfirmation',
    to,
    locale,
    uniqueKey,
    data: {
      firstName: order?.firstName ?? '',
      event,
      reference: order?.reference ?? '',
      orderUrl: order?.url ?? '',
      status: kind === 'offline_payment' ? 'AWAITING_PAYMENT' : 'COMPLETED',
      currency: sample.currency,
      lines: [{ title: facts.attendee?.ticketTitle ?? '', quantity: 1, total: order?.total ?? 0 }],
      total: order?.total ?? 0,
      paymentInstructions: kind === 'offline_payment' ? (order?.paymentInstructions ?? null) : null,
      tickets: [],
      othersMailed: false,
      custom,
    },
  });
}
