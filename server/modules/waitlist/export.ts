import type { z } from 'zod';
import type { WaitlistExportQuery } from '../../../common/waitlist';
import { type Cell, type Table, tableOfRows } from '../../exports/table';
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
 * `GET /api/events/{id}/waitlist/export`: every entry as the screen lists them, oldest first.
 * A waiting list is read in one batch (it is as long as the people who asked, not the sales).
 */
export async function exportWaitlist({
  db,
  event,
  i18n,
}: EventListContext<z.output<typeof WaitlistExportQuery>>): Promise<Table> {
  const list = await findWaitlist({ db, event, query: {} });
  const rows: Cell[][] = list.data.map((e) => [
    e.position,
    e.name,
    e.email,
    e.ticket_title,
    e.status,
    e.locale,
    e.offered_at,
    e.offer_expires_at,
    e.order_id,
    e.created_at,
  ]);
  return tableOfRows(
    COLUMNS.map((c) => i18n._(c)),
    rows,
  );
}
