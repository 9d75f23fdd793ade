import { eq, sql } from 'drizzle-orm';
import type { EventLocation } from '../../../common/events';
import { withSettingDefaults } from '../../../common/events';
import { isLocale, type Locale } from '../../../common/i18n/locales';
import type { Db } from '../../db/client';
import { accounts, eventDates, events, orders, organizers } from '../../db/schema';
import type { MailEvent } from '../../mail/order-templates';
import { eventMailSender, type MailSender } from '../../mail/sender';
import { findEventLogoAt } from '../images/logo';

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

export interface MailContext {
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
  /** The organizer, as the sender of every mail to the event's buyers and attendees (decision 035). */
  sender: MailSender;
}

/** What every mail of an order needs: the order, its event as mails show it, the language. */
export async function mailContext(tx: Db, orderId: number, links: Links): Promise<MailContext | null> {
  const [row] = await tx
    .select({
      order: orders,
      event: events,
      date: eventDates,
      first: sql<boolean>`${eventDates.id} = (select min(id) from event_dates where event_id = ${events.id})`,
      organizer: organizers,
      account: accounts,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(eventDates, eq(eventDates.id, orders.dateId))
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order, event, date } = row;
  const settings = withSettingDefaults(event.settings);
  return {
    row,
    email: order.email,
    settings,
    locale: isLocale(order.locale) ? order.locale : 'en',
    mailEvent: {
      id: event.id,
      // The order's date (issue 36), named by its label when it has one ("Matinee").
      title: date.label ? `${event.title} · ${date.label}` : event.title,
      start: date.startsAt.toISOString(),
      end: date.endsAt?.toISOString() ?? null,
      laterDateId: row.first ? undefined : date.id,
      timezone: event.timezone,
      location: place(event.location as EventLocation | null, event.onlineEventDetails),
      url: `${links.appUrl}/e/${event.id}/${event.slug}`,
      footer: settings.footer_message,
      logo: await findEventLogoAt(tx, event.id, links.appUrl),
    },
    sender: eventMailSender({
      eventSettings: event.settings,
      organizer: row.organizer,
      accountSupportEmail: row.account.supportEmail,
    }),
  };
}
