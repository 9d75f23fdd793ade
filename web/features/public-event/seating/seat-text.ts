import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMoney } from '../../../../common/money';
import type { PublicTicket } from '../../../../common/public-tickets';
import { SEAT_TEXT } from '../../../../common/seat-text';
import type { SeatPlace } from '../../../components/seat-map/SeatMap';
import { seatPrice } from './seat-picks';

/** As the ticket list says it (the same message). */
const FREE = msg`Free`;

/** "Stalls, row 3, seat 12" (or a table's), in the buyer's language. */
export function seatText(i18n: I18n, { seat, row, section }: SeatPlace): string {
  const text = row.kind === 'table' ? SEAT_TEXT.table : SEAT_TEXT.row;
  return i18n._({
    id: text.id,
    message: text.message,
    values: { section: section.name, row: row.label, seat: seat.label },
  });
}

/** A seat's price as the page shows prices (with or without taxes and fees, as the event says). */
export function seatPriceText(i18n: I18n, { ticket, currency }: { ticket: PublicTicket; currency: string }) {
  const price = seatPrice(ticket);
  if (!price) return '';
  return price.display_price === 0 ? i18n._(FREE) : formatMoney(price.display_price, currency, i18n.locale);
}
