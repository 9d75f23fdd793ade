import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { translate } from '../../../common/i18n/translate';
import { orderBreakdown } from '../../../common/order-breakdown';
import type { Db, Transaction } from '../../db/client';
import { attendees, orderItems, type orders, tickets } from '../../db/schema';
import { i18nFor } from '../../i18n';
import type { MailTicket } from '../../mail/order-templates';
import type { OrganizerOrderPayment } from '../../mail/organizer-templates';
import { enqueueMail } from '../../mail/send';
import { accountOwner } from '../accounts/service';
import { customMailText } from '../mail-templates/service';
import { findAttendeeSeats, seatText } from '../stock/seats';
import { getTicketSigner } from '../ticket-codes/service';
import { type Links, type MailContext, mailContext } from './mail-context';
import { holderNames, toItemResponse } from './presenter';

export type { Links } from './mail-context';

type Person = { attendee: typeof attendees.$inferSelect; ticketTitle: string };

/** The valid tickets of an order (or the one named), in the order's order. */
async function peopleOf(tx: Db, where: { orderId: number } | { attendeeId: number }): Promise<Person[]> {
  return tx
    .select({ attendee: attendees, ticketTitle: tickets.title })
    .from(attendees)
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .where(
      and(
        'orderId' in where ? eq(attendees.orderId, where.orderId) : eq(attendees.id, where.attendeeId),
        eq(attendees.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(attendees.position), asc(attendees.id));
}

/** The tickets as mails carry them, each with its signed QR code text. */
async function mailTickets({
  tx,
  context,
  people,
  links,
}: {
  tx: Db;
  context: MailContext;
  people: Person[];
  links: Links;
}): Promise<MailTicket[]> {
  if (people.length === 0) return [];
  const { event } = context.row;
  const sign = await getTicketSigner(tx, event.id);
  const seats = await findAttendeeSeats(
    tx,
    people.map((p) => p.attendee.id),
  );
  const i18n = i18nFor(context.locale);
  return people.map(({ attendee, ticketTitle }) => {
    const seat = seats.get(attendee.id);
    return {
      attendeeName: `${attendee.firstName} ${attendee.lastName}`.trim(),
      ticketTitle,
      ...(seat ? { seat: seatText(seat, (m, v) => translate(i18n, m, v)) } : {}),
      ticketUrl: `${links.appUrl}/ticket/${event.id}/${attendee.shortId}`,
      ticketCode: sign({
        attendeeShortId: attendee.shortId,
        ticketId: attendee.ticketId,
        dateId: attendee.dateId,
      }),
    };
  });
}

/** The people of an order by address (lower-cased), the first ticket's holder first. */
function byAddress(people: Person[]): Person[][] {
  const groups = new Map<string, Person[]>();
  for (const person of people) {
    const address = person.attendee.email.trim().toLowerCase();
    if (!address) continue;
    groups.set(address, [...(groups.get(address) ?? []), person]);
  }
  return [...groups.values()];
}

/**
 * Queues one mail with the tickets one address holds in an order; `uniqueKey` keeps a retried
 * job from mailing twice. Several people sharing an address are greeted together.
 */
async function enqueueTickets({
  tx,
  context,
  people,
  links,
  uniqueKey,
}: {
  tx: Transaction;
  context: MailContext;
  people: Person[];
  links: Links;
  uniqueKey: string;
}): Promise<void> {
  const [first] = people;
  if (!first) return;
  const { event, order } = context.row;
  const pdf = context.settings.attach_ticket_pdf && order.status === 'COMPLETED';
  const names = [...new Set(people.map((p) => p.attendee.firstName))];
  const tickets = await mailTickets({ tx, context, people, links });
  // The organizer's own wording (decision 055), filled in for the first ticket of the mail.
  const custom = await customMailText(tx, {
    accountId: context.row.account.id,
    eventId: event.id,
    locale: context.locale,
    kind: 'attendee_ticket',
    facts: {
      event: context.mailEvent,
      attendee: {
        name: tickets[0]?.attendeeName ?? '',
        ticketTitle: tickets[0]?.ticketTitle ?? '',
        ticketUrl: tickets[0]?.ticketUrl ?? '',
        reference: order.reference,
      },
    },
  });
  await enqueueMail(tx, {
    template: 'attendeeTicket',
    to: first.attendee.email,
    locale: context.locale,
    uniqueKey,
    sender: context.sender,
    // Each ticket's PDF is made when the mail is sent, by the job (decision 031).
    documents: pdf
      ? people.map(({ attendee }) => ({
          kind: 'tickets-pdf' as const,
          eventId: event.id,
          attendeeShortId: attendee.shortId,
        }))
      : [],
    data: {
      firstName: new Intl.ListFormat(context.locale, { type: 'conjunction' }).format(names),
      event: context.mailEvent,
      reference: order.reference,
      tickets,
      ...(custom ? { custom } : {}),
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
  const [person] = await peopleOf(tx, { attendeeId });
  if (!person) return;
  const context = await mailContext(tx, person.attendee.orderId, links);
  if (!context) return;
  const uniqueKey = resend ? `ticket:${attendeeId}:resend:${randomUUID()}` : `ticket:${attendeeId}`;
  await enqueueTickets({ tx, context, people: [person], links, uniqueKey });
}

/** What the organizer is told about the order: placed (paid, free, awaiting payment), or paid later. */
function organizerPayment(order: typeof orders.$inferSelect): OrganizerOrderPayment {
  if (order.status !== 'COMPLETED') return 'AWAITING_PAYMENT';
  // Only an order that waited for an offline payment is OFFLINE: its payment came later.
  if (order.paymentProvider === 'OFFLINE') return 'PAID_LATER';
  return order.total === 0 ? 'FREE' : 'PAID';
}

/**
 * Queues, in the caller's transaction, the mails of an order that has just been completed or
 * left awaiting payment: one mail per person (decision 035). The buyer's confirmation carries
 * the tickets held at the buyer's own address; every other address gets one mail with its
 * tickets (when the order is complete); and, when the event asks for it, the organizer hears
 * that it was placed, paid or awaiting payment, or later that it was paid. They are sent by the
 * job worker, in the buyer's language, from the organizer.
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
  const { row, settings, locale, mailEvent, sender } = context;
  const { order, event } = row;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const status = order.status === 'COMPLETED' ? 'COMPLETED' : 'AWAITING_PAYMENT';
  const people = status === 'COMPLETED' ? await peopleOf(tx, { orderId: order.id }) : [];
  const buyer = email.trim().toLowerCase();
  const own = people.filter((p) => p.attendee.email.trim().toLowerCase() === buyer);
  const others = byAddress(people.filter((p) => !own.includes(p)));
  const holders = { names: holderNames(people.map((p) => p.attendee)) };
  const orderUrl = `${links.appUrl}/checkout/${event.id}/${order.shortId}/summary`;
  const paymentInstructions = status === 'AWAITING_PAYMENT' ? settings.offline_payment_instructions : null;
  // The organizer's own wording (decision 055), filled in now in the buyer's language.
  const custom = await customMailText(tx, {
    accountId: row.account.id,
    eventId: event.id,
    locale,
    kind: status === 'COMPLETED' ? 'order_confirmation' : 'offline_payment',
    facts: {
      event: mailEvent,
      order: {
        reference: order.reference,
        url: orderUrl,
        total: order.total,
        currency: order.currency,
        firstName: order.firstName ?? '',
        lastName: order.lastName ?? '',
        paymentInstructions,
      },
    },
  });
  await enqueueMail(tx, {
    template: 'orderConfirmation',
    to: email,
    locale,
    sender,
    uniqueKey: resend
      ? `order-${status.toLowerCase()}:${order.id}:resend:${randomUUID()}`
      : `order-${status.toLowerCase()}:${order.id}`,
    documents: [
      ...(status === 'COMPLETED' && settings.attach_ticket_pdf
        ? [{ kind: 'tickets-pdf' as const, eventId: event.id, orderShortId: order.shortId }]
        : []),
      // Whether the seller issues and attaches invoices is asked when the mail is sent.
      { kind: 'invoice-pdf' as const, orderId: order.id },
    ],
    data: {
      firstName: order.firstName ?? '',
      event: mailEvent,
      reference: order.reference,
      orderUrl,
      status,
      currency: order.currency,
      breakdown: orderBreakdown({
        items: items.map((i) => toItemResponse(i, holders)),
        promo_code: order.promoCode,
        price_display_mode: settings.price_display_mode,
      }),
      total: order.total,
      paymentInstructions,
      tickets: await mailTickets({ tx, context, people: own, links }),
      othersMailed: others.length > 0,
      paidLater: status === 'COMPLETED' && order.paymentProvider === 'OFFLINE',
      ...(custom ? { custom } : {}),
    },
  });
  if (resend) return;
  for (const group of others) {
    const key = `ticket:${group[0]?.attendee.id}`;
    await enqueueTickets({ tx, context, people: group, links, uniqueKey: key });
  }
  if (!settings.notify_organizer_of_new_orders) return;
  // Written in the account owner's language; sent to them when nobody else has an address.
  const owner = await accountOwner(tx, row.account.id);
  const organizerEmail = row.organizer.email ?? row.account.supportEmail ?? owner.email;
  if (organizerEmail) {
    await enqueueMail(tx, {
      template: 'organizerNewOrder',
      to: organizerEmail,
      locale: owner.locale,
      // One per thing that happened: placed (`AWAITING_PAYMENT` or `COMPLETED`), then paid.
      uniqueKey: `organizer-order:${order.id}:${status}`,
      data: {
        event: mailEvent,
        reference: order.reference,
        buyerName: [order.firstName, order.lastName].filter(Boolean).join(' '),
        buyerEmail: email,
        currency: order.currency,
        total: order.total,
        manageUrl: `${links.appUrl}/manage/event/${event.id}`,
        payment: organizerPayment(order),
      },
    });
  }
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
    sender: context.sender,
    data: {
      firstName: order.firstName ?? '',
      eventTitle: event.title,
      reference: order.reference,
      contactEmail: context.row.organizer.email ?? context.row.account.supportEmail ?? null,
      logo: context.mailEvent.logo,
    },
  });
}
