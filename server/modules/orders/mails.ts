import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { EventLocation } from '../../../common/events';
import { withSettingDefaults } from '../../../common/events';
import { isLocale, type Locale } from '../../../common/i18n/locales';
import { orderBreakdown } from '../../../common/order-breakdown';
import type { Db, Transaction } from '../../db/client';
import {
  accounts,
  accountUsers,
  attendees,
  events,
  orderItems,
  orders,
  organizers,
  tickets,
  users,
} from '../../db/schema';
import type { MailEvent } from '../../mail/order-templates';
import { enqueueMail } from '../../mail/send';
import { getTicketSigner } from '../check-in/signing';
import { toItemResponse } from './presenter';

export interface Links {
  appUrl: string;
}

function place(location: EventLocation | null, online: string | null): string | null {
  if (location) {
    const parts = [
      location.venue_name,
      location.address_line_1,
      location.address_line_2,
      [location.zip_or_postal_code, location.city].filter(Boolean).join(' '),
      location.state_or_region,
      location.country,
    ].filter((p): p is string => Boolean(p?.trim()));
    if (parts.length > 0) return parts.join(', ');
  }
  return online ? 'Online' : null;
}

interface MailContext {
  row: {
    order: typeof orders.$inferSelect;
    event: typeof events.$inferSelect;
    account: typeof accounts.$inferSelect;
    organizer: typeof organizers.$inferSelect;
  };
  email: string | null;
  settings: ReturnType<typeof withSettingDefaults>;
  locale: Locale;
  mailEvent: MailEvent;
}

/** What every mail of an order needs: the order, its event as mails show it, the language. */
async function mailContext(tx: Db, orderId: number, links: Links): Promise<MailContext | null> {
  const [row] = await tx
    .select({ order: orders, event: events, organizer: organizers, account: accounts })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order, event } = row;
  const settings = withSettingDefaults(event.settings);
  return {
    row,
    email: order.email,
    settings,
    locale: isLocale(order.locale) ? order.locale : 'en',
    mailEvent: {
      id: event.id,
      title: event.title,
      start: event.startDate.toISOString(),
      end: event.endDate?.toISOString() ?? null,
      timezone: event.timezone,
      location: place(event.location as EventLocation | null, event.onlineEventDetails),
      url: `${links.appUrl}/e/${event.id}/${event.slug}`,
      footer: settings.footer_message,
    },
  };
}

/** Queues one attendee's ticket mail; `uniqueKey` keeps a retried job from mailing twice. */
async function enqueueTicket({
  tx,
  context,
  person,
  links,
  uniqueKey,
}: {
  tx: Transaction;
  context: MailContext;
  person: { attendee: typeof attendees.$inferSelect; ticketTitle: string };
  links: Links;
  uniqueKey: string;
}): Promise<void> {
  const { attendee, ticketTitle } = person;
  const { event, order } = context.row;
  const pdf = context.settings.attach_ticket_pdf && order.status === 'COMPLETED';
  await enqueueMail(tx, {
    template: 'attendeeTicket',
    to: attendee.email,
    locale: context.locale,
    uniqueKey,
    // The ticket's PDF is made when the mail is sent, by the job (decision 031).
    documents: pdf ? [{ kind: 'tickets-pdf', eventId: event.id, attendeeShortId: attendee.shortId }] : [],
    data: {
      firstName: attendee.firstName,
      event: context.mailEvent,
      ticketTitle,
      ticketUrl: `${links.appUrl}/ticket/${event.id}/${attendee.shortId}`,
      ticketCode: (await getTicketSigner(tx, event.id))({
        attendeeShortId: attendee.shortId,
        ticketId: attendee.ticketId,
      }),
      reference: order.reference,
    },
  });
}

/**
 * Queues, in the caller's transaction, one attendee's ticket mail: for a ticket added by hand,
 * or sent again (`resend` makes it a new mail rather than a retry of the first).
 */
export async function enqueueTicketMail({
  tx,
  attendeeId,
  links,
  resend = false,
}: {
  tx: Transaction;
  attendeeId: number;
  links: Links;
  resend?: boolean;
}): Promise<void> {
  const [person] = await tx
    .select({ attendee: attendees, ticketTitle: tickets.title })
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .where(eq(attendees.id, attendeeId));
  if (!person) return;
  const context = await mailContext(tx, person.attendee.orderId, links);
  if (!context) return;
  const uniqueKey = resend ? `ticket:${attendeeId}:resend:${randomUUID()}` : `ticket:${attendeeId}`;
  await enqueueTicket({ tx, context, person, links, uniqueKey });
}

/**
 * Queues, in the caller's transaction, the mails of an order that has just been completed or
 * left awaiting payment: the confirmation to the buyer, one ticket mail per attendee (when it
 * is complete; the same address twice gets two mails) and, when the event asks for it, a note
 * to the organizer. They are sent by the job worker, in the buyer's language.
 */
export async function enqueueOrderMails({
  tx,
  orderId,
  links,
  resend = false,
}: {
  tx: Transaction;
  orderId: number;
  links: Links;
  /** Only the buyer's confirmation, as a new mail (the organizer resends it). */
  resend?: boolean;
}): Promise<void> {
  const context = await mailContext(tx, orderId, links);
  const email = context?.email;
  if (!context || !email) return;
  const { row, settings, locale, mailEvent } = context;
  const { order, event } = row;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const status = order.status === 'COMPLETED' ? 'COMPLETED' : 'AWAITING_PAYMENT';
  await enqueueMail(tx, {
    template: 'orderConfirmation',
    to: email,
    locale,
    uniqueKey: resend
      ? `order-${status.toLowerCase()}:${order.id}:resend:${randomUUID()}`
      : `order-${status.toLowerCase()}:${order.id}`,
    documents:
      status === 'COMPLETED' && settings.attach_ticket_pdf
        ? [{ kind: 'tickets-pdf', eventId: event.id, orderShortId: order.shortId }]
        : [],
    data: {
      firstName: order.firstName ?? '',
      event: mailEvent,
      reference: order.reference,
      orderUrl: `${links.appUrl}/checkout/${event.id}/${order.shortId}/summary`,
      status,
      currency: order.currency,
      breakdown: orderBreakdown({
        items: items.map(toItemResponse),
        promo_code: order.promoCode,
        price_display_mode: settings.price_display_mode,
      }),
      total: order.total,
      paymentInstructions: status === 'AWAITING_PAYMENT' ? settings.offline_payment_instructions : null,
    },
  });
  if (resend) return;
  if (status === 'COMPLETED') {
    const people = await tx
      .select({ attendee: attendees, ticketTitle: tickets.title })
      .from(attendees)
      .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
      .where(eq(attendees.orderId, order.id))
      .orderBy(asc(attendees.position));
    for (const person of people)
      await enqueueTicket({ tx, context, person, links, uniqueKey: `ticket:${person.attendee.id}` });
  }
  const organizerEmail =
    row.organizer.email ?? row.account.supportEmail ?? (await ownerEmail(tx, row.account.id));
  if (settings.notify_organizer_of_new_orders && organizerEmail) {
    await enqueueMail(tx, {
      template: 'organizerNewOrder',
      to: organizerEmail,
      locale: 'en',
      uniqueKey: `organizer-order:${order.id}:${status}`,
      data: {
        event: mailEvent,
        reference: order.reference,
        buyerName: [order.firstName, order.lastName].filter(Boolean).join(' '),
        buyerEmail: email,
        currency: order.currency,
        total: order.total,
        manageUrl: `${links.appUrl}/manage/event/${event.id}`,
      },
    });
  }
}

/** Where organizer notes go when neither the organizer nor the account has an address. */
async function ownerEmail(tx: Db, accountId: number): Promise<string | null> {
  const [owner] = await tx
    .select({ email: users.email })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.isOwner, true)));
  return owner?.email ?? null;
}

/** Tells the buyer, in the caller's transaction, that the organizer cancelled their order. */
export async function enqueueOrderCancelledMail(
  tx: Transaction,
  orderId: number,
  links: Links,
): Promise<void> {
  const context = await mailContext(tx, orderId, links);
  if (!context?.email) return;
  const { order, event } = context.row;
  await enqueueMail(tx, {
    template: 'orderCancelled',
    to: context.email,
    locale: context.locale,
    uniqueKey: `order-cancelled:${order.id}`,
    data: {
      firstName: order.firstName ?? '',
      eventTitle: event.title,
      reference: order.reference,
      contactEmail: context.row.organizer.email ?? context.row.account.supportEmail ?? null,
    },
  });
}
