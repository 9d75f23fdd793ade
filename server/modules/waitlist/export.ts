import type { z } from 'zod';
import type { WaitlistExportQuery } from '../../../common/waitlist';
import { type Cell, type Table, tableOfRows } from '../../exports/table';
import { DATE_COLUMN, dateCellText, eventDateRefs } from '../owned-events/dates';
import type { EventListContext } from '../owned-events/service';
import { findWaitlist } from './service';

const COLUMNS = Object.freeze([
  /*i18n*/ { id: 'export.waitlist_position', message: 'Position' },
  /*i18n*/ { id: 'export.name', message: 'Name' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.ticket', message: 'Ticket' },
  /*i18n*/ { id: 'export.status', message: 'Status' },
  /*i18n*/ { id: 'export.language', message: 'Language' },
  /*i18n*/ { id: 'export.waitlist_offered_at', message: 'Offered (UTC)' },
  /*i18n*/ { id: 'export.waitlist_offer_expires_at', message: 'Offer expires (UTC)' },
  /*i18n*/ { id: 'export.order_id', message: 'Order ID' },
  /*i18n*/ { id: 'export.waitlist_joined_at', message: 'Joined (UTC)' },
]);

/**
 * `GET /api/events/{id}/waitlist/export`: every entry as the screen lists them (of one date
 * when asked), oldest first.
 * A waiting list is read in one batch (it is as long as the people who asked, not the sales).
 */
export async function exportWaitlist({
  db,
  event,
  query,
  i18n,
}: EventListContext<z.output<typeof WaitlistExportQuery>>): Promise<Table> {
  const list = await findWaitlist({ db, event, query: { date_id: query.date_id } });
  // The date of each entry, in a column of its own once the event has more than one.
  const several = (await eventDateRefs(db, event.id)).size > 1;
  const rows: Cell[][] = list.data.map((e) => [
    e.position,
    e.name,
    e.email,
    e.ticket_title,
    ...(several ? [dateCellText(e.date, event.timezone)] : []),
    e.status,
    e.locale,
    e.offered_at,
    e.offer_expires_at,
    e.order_id,
    e.created_at,
  ]);
  const columns = COLUMNS.map((c) => i18n._(c));
  if (several) columns.splice(4, 0, i18n._(DATE_COLUMN));
  return tableOfRows(columns, rows);
}
