import type { I18n, MessageDescriptor } from '@lingui/core';
import { toMajorText } from '../../../common/money';
import type { ReportColumnKey, ReportResponse, ReportRow } from '../../../common/reports';
import { type Cell, decimalCell, type Table, tableOfRows } from '../../exports/table';

/** The heading of each column of a report's download, in the caller's language. */
const HEADINGS: Record<ReportColumnKey, MessageDescriptor> = {
  day: /*i18n*/ { id: 'report.column.day', message: 'Day' },
  month: /*i18n*/ { id: 'report.column.month', message: 'Month' },
  item: /*i18n*/ { id: 'report.column.item', message: 'Ticket or product' },
  kind: /*i18n*/ { id: 'report.column.kind', message: 'Kind' },
  event_date: /*i18n*/ { id: 'report.column.event_date', message: 'Date of the event' },
  code: /*i18n*/ { id: 'report.column.code', message: 'Code' },
  affiliate: /*i18n*/ { id: 'report.column.affiliate', message: 'Affiliate' },
  event: /*i18n*/ { id: 'report.column.event', message: 'Event' },
  starts_at: /*i18n*/ { id: 'report.column.starts_at', message: 'Starts' },
  currency: /*i18n*/ { id: 'report.column.currency', message: 'Currency' },
  charge_kind: /*i18n*/ { id: 'report.column.charge_kind', message: 'Tax or fee' },
  name: /*i18n*/ { id: 'report.column.name', message: 'Name' },
  rate: /*i18n*/ { id: 'report.column.rate', message: 'Rate' },
  list: /*i18n*/ { id: 'report.column.list', message: 'Check-in list' },
  ticket: /*i18n*/ { id: 'report.column.ticket', message: 'Ticket' },
  orders: /*i18n*/ { id: 'report.column.orders', message: 'Orders' },
  tickets: /*i18n*/ { id: 'report.column.tickets', message: 'Tickets' },
  gross: /*i18n*/ { id: 'report.column.gross', message: 'Gross' },
  discounts: /*i18n*/ { id: 'report.column.discounts', message: 'Discounts' },
  fees: /*i18n*/ { id: 'report.column.fees', message: 'Fees' },
  taxes: /*i18n*/ { id: 'report.column.taxes', message: 'Taxes' },
  total: /*i18n*/ { id: 'report.column.total', message: 'Total paid' },
  refunds: /*i18n*/ { id: 'report.column.refunds', message: 'Refunds' },
  net: /*i18n*/ { id: 'report.column.net', message: 'Net' },
  base: /*i18n*/ { id: 'report.column.base', message: 'Base' },
  eligible: /*i18n*/ { id: 'report.column.eligible', message: 'Attendees' },
  checked_in: /*i18n*/ { id: 'report.column.checked_in', message: 'Checked in' },
  check_in_rate: /*i18n*/ { id: 'report.column.check_in_rate', message: 'Check-in rate (%)' },
  page_views: /*i18n*/ { id: 'report.column.page_views', message: 'Page views' },
  conversion: /*i18n*/ { id: 'report.column.conversion', message: 'Orders per 100 views' },
  card_sales: /*i18n*/ { id: 'report.column.card_sales', message: 'Card sales' },
  card_refunds: /*i18n*/ { id: 'report.column.card_refunds', message: 'Card refunds' },
  platform_fees: /*i18n*/ { id: 'report.column.platform_fees', message: 'Platform fees' },
  stripe_fees: /*i18n*/ { id: 'report.column.stripe_fees', message: 'Stripe fees' },
  payout: /*i18n*/ { id: 'report.column.payout', message: 'Paid out' },
};

const TOTAL = /*i18n*/ { id: 'report.total', message: 'Total' };

/**
 * A report as a download: its columns headed in the caller's language, money in major units of
 * its currency as numbers with the currency's decimals, then its totals, the first cell saying so.
 */
export function reportTable(report: ReportResponse, i18n: I18n): Table {
  const cells = (row: ReportRow): Cell[] =>
    report.columns.map((column) => {
      const value = row[column.key] ?? null;
      if (value === null) return null;
      if (column.kind === 'money') {
        const currency = String(row.currency ?? report.currency ?? '');
        return decimalCell(toMajorText(Number(value), currency));
      }
      if (column.kind === 'percent') return decimalCell(String(value));
      return value;
    });
  const totals = report.totals.map((row) => {
    const line = cells(row);
    line[0] = i18n._(TOTAL);
    return line;
  });
  return tableOfRows(
    report.columns.map((column) => i18n._(HEADINGS[column.key])),
    [...report.rows.map(cells), ...totals],
  );
}
