import { and, asc, eq, ne } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import type { Db } from '../../db/client';
import { accounts, attendees, eventDates, events, type orders, organizers } from '../../db/schema';
import { enqueueMail } from '../../mail/send';
import { eventMailSender, type MailSender } from '../../mail/sender';
import { findEventLogoAt } from '../images/logo';
import type { Step } from './order-steps';
import type { CancellationRow } from './service';

type OrderRow = typeof orders.$inferSelect;
type Person = { id: number; firstName: string; email: string; shortId: string };

/** What every mail of one cancellation shares, read once per run of its job. */
export interface MailContext {
  cancellation: CancellationRow;
  eventTitle: string;
  timezone: string;
  startsAt: string;
  movedTo: string | null;
  sender: MailSender;
  logo: Awaited<ReturnType<typeof findEventLogoAt>>;
  appUrl: string;
}

export async function readMailContext(db: Db, cancellation: CancellationRow, appUrl: string) {
  const [event] = await db
    .select({ event: events, organizer: organizers, account: accounts })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .innerJoin(accounts, eq(accounts.id, events.accountId))
    .where(eq(events.id, cancellation.eventId));
  if (!event) throw new Error(`event ${cancellation.eventId} is gone`);
  const startOf = async (id: number | null) =>
    id === null
      ? null
      : ((await db.select({ at: eventDates.startsAt }).from(eventDates).where(eq(eventDates.id, id)))[0]
          ?.at ?? null);
  const startsAt = await startOf(cancellation.dateId);
  const movedTo = await startOf(cancellation.moveToDateId);
  return {
    cancellation,
    eventTitle: event.event.title,
    timezone: event.event.timezone,
    startsAt: (startsAt ?? new Date()).toISOString(),
    movedTo: movedTo?.toISOString() ?? null,
    sender: eventMailSender({
      eventSettings: event.event.settings,
      organizer: event.organizer,
      accountSupportEmail: event.account.supportEmail,
    }),
    logo: await findEventLogoAt(db, cancellation.eventId, appUrl),
    appUrl,
  } satisfies MailContext;
}

/** The order's attendees holding a ticket, read before the order is handled (a cancel voids them). */
export function peopleOf(db: Db, orderId: number): Promise<Person[]> {
  return db
    .select({
      id: attendees.id,
      firstName: attendees.firstName,
      email: attendees.email,
      shortId: attendees.shortId,
    })
    .from(attendees)
    .where(and(eq(attendees.orderId, orderId), ne(attendees.status, 'CANCELLED')))
    .orderBy(asc(attendees.position), asc(attendees.id));
}

/**
 * Queues one mail per attendee in the transaction that handled their order. The key names the
 * cancellation and the attendee, so an order handled again after a restart mails nobody twice.
 */
export async function tellAttendees(
  tx: Db,
  context: MailContext,
  handled: { order: OrderRow; people: Person[]; step: Step },
): Promise<void> {
  const { order, people, step } = handled;
  const { cancellation } = context;
  for (const person of people) {
    if (!person.email) continue;
    // The amount is the buyer's business; other attendees of the order learn their ticket is void.
    const refunded = step.outcome === 'REFUNDED' && person.email.toLowerCase() === order.email?.toLowerCase();
    await enqueueMail(tx, {
      template: 'dateCancelled',
      to: person.email,
      locale: isLocale(order.locale) ? order.locale : 'en',
      uniqueKey: `date-cancelled:${cancellation.id}:${person.id}`,
      sender: context.sender,
      data: {
        firstName: person.firstName,
        eventTitle: context.eventTitle,
        subject: cancellation.subject,
        message: cancellation.message,
        startsAt: context.startsAt,
        timezone: context.timezone,
        outcome: step.outcome === 'EXPIRED' ? 'CANCELLED' : step.outcome,
        ...(refunded ? { amount: order.total - order.refundedTotal, currency: order.currency } : {}),
        ...(step.outcome === 'MOVED' && context.movedTo
          ? {
              movedTo: context.movedTo,
              ticketUrl: `${context.appUrl}/ticket/${order.eventId}/${person.shortId}`,
            }
          : {}),
        ...(context.logo ? { logo: context.logo } : {}),
      },
    });
  }
}
