import { translate } from '../../../common/i18n/translate';
import { whereOf } from '../../../common/where';
import { seatText } from '../stock/seats';
import type { WalletTicket } from './ticket';

const M = {
  event: /*i18n*/ { id: 'wallet.pass.event', message: 'Event' },
  when: /*i18n*/ { id: 'wallet.pass.when', message: 'When' },
  where: /*i18n*/ { id: 'wallet.pass.where', message: 'Where' },
  online: /*i18n*/ { id: 'wallet.pass.online', message: 'Online' },
  attendee: /*i18n*/ { id: 'wallet.pass.attendee', message: 'Attendee' },
  ticket: /*i18n*/ { id: 'wallet.pass.ticket', message: 'Ticket' },
  seat: /*i18n*/ { id: 'wallet.pass.seat', message: 'Seat' },
  order: /*i18n*/ { id: 'wallet.pass.order', message: 'Order' },
  organizer: /*i18n*/ { id: 'wallet.pass.organizer', message: 'Organizer' },
  page: /*i18n*/ { id: 'wallet.pass.page', message: 'Your ticket online' },
  description: /*i18n*/ { id: 'wallet.pass.description', message: 'Ticket for {event}' },
  logo: /*i18n*/ { id: 'wallet.pass.logo', message: 'Logo of {event}' },
};

/** What a pass says, in the order's language; dates and times in the event's time zone. */
export function passTexts(ticket: WalletTicket) {
  const { holder, i18n } = ticket;
  const { event } = holder;
  const where = whereOf(event);
  const place = [...(where?.lines ?? []), ...(where?.online ? [translate(i18n, M.online)] : [])];
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: event.timezone,
  });
  return {
    labels: {
      event: translate(i18n, M.event),
      when: translate(i18n, M.when),
      where: translate(i18n, M.where),
      attendee: translate(i18n, M.attendee),
      ticket: translate(i18n, M.ticket),
      seat: translate(i18n, M.seat),
      order: translate(i18n, M.order),
      organizer: translate(i18n, M.organizer),
      page: translate(i18n, M.page),
    },
    description: translate(i18n, M.description, { event: event.title }),
    /** What the event's logo shows, for those who cannot see it. */
    logo: translate(i18n, M.logo, { event: event.title }),
    attendee: `${holder.first_name} ${holder.last_name}`.trim(),
    ticket: holder.price_label ? `${holder.ticket_title} (${holder.price_label})` : holder.ticket_title,
    /** Where a seated ticket's holder sits (decision 067); null when not seated. */
    seat: holder.seat ? seatText(holder.seat, (m, v) => translate(i18n, m, v)) : null,
    // The holder's date (issue 36), with its label when it has one.
    when: [when.format(new Date(event.start_date)), event.date.label].filter(Boolean).join(' · '),
    /** The address on one line, "Online" added for an online event; null when the event gave none. */
    where: place.length > 0 ? place.join(', ') : null,
    /** The address alone, for wallets that show "online" their own way. */
    address: where?.lines.join(', ') || null,
  };
}
