import type { z } from 'zod';
import type { AffiliatesExportQuery } from '../../../common/affiliates';
import { toMajorText } from '../../../common/money';
import { type Cell, type Table, tableOfRows } from '../../exports/table';
import type { EventListContext } from '../owned-events/service';
import { findAffiliates } from './service';

const COLUMNS = Object.freeze([
  /*i18n*/ { id: 'export.affiliate_name', message: 'Affiliate' },
  /*i18n*/ { id: 'export.affiliate_code', message: 'Affiliate code' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.status', message: 'Status' },
  /*i18n*/ { id: 'export.orders', message: 'Orders' },
  /*i18n*/ { id: 'export.tickets', message: 'Tickets' },
  /*i18n*/ { id: 'export.gross_sales', message: 'Gross sales' },
  /*i18n*/ { id: 'export.currency', message: 'Currency' },
  /*i18n*/ { id: 'export.created_at', message: 'Created (UTC)' },
]);

/**
 * `GET /api/events/{id}/affiliates/export`: the affiliates as the screen lists them, with their
 * figures; gross sales as plain decimals in the event's currency, which spreadsheets read as
 * numbers. An event has few affiliates, so they are read in one batch.
 */
export async function exportAffiliates({
  db,
  event,
  i18n,
}: EventListContext<z.output<typeof AffiliatesExportQuery>>): Promise<Table> {
  const list = await findAffiliates({ db, event });
  const rows: Cell[][] = list.map((a) => [
    a.name,
    a.code,
    a.email,
    a.status,
    a.orders,
    a.tickets,
    toMajorText(a.gross_sales, a.currency),
    a.currency,
    a.created_at,
  ]);
  return tableOfRows(
    COLUMNS.map((c) => i18n._(c)),
    rows,
  );
}
