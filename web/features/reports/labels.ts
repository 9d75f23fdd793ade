import { useLingui } from '@lingui/react/macro';
import type { AccountReportName, EventReportName, ReportColumnKey } from '../../../common/reports';

/** The names of the reports and their columns, in the interface language. */
export function useReportLabels() {
  const { t } = useLingui();
  const reports: Record<EventReportName | AccountReportName, string> = {
    'sales-by-day': t`Sales by day`,
    'sales-by-item': t`Sales per ticket and product`,
    'sales-by-date': t`Sales per date of the event`,
    'promo-codes': t`Promo codes`,
    'taxes-and-fees': t`Taxes and fees per rate`,
    'check-ins-by-list': t`Check-in rate per list`,
    'check-ins-by-ticket': t`Check-in rate per ticket`,
    affiliates: t`Affiliate sales`,
    'revenue-by-month': t`Revenue per month`,
    'revenue-by-event': t`Revenue per event`,
    'card-fees': t`Platform and Stripe fees`,
    'events-performance': t`Events performance`,
  };
  const columns: Record<ReportColumnKey, string> = {
    day: t`Day`,
    month: t`Month`,
    item: t`Ticket or product`,
    kind: t`Kind`,
    event_date: t`Date of the event`,
    code: t`Code`,
    affiliate: t`Affiliate`,
    event: t`Event`,
    starts_at: t`Starts`,
    currency: t`Currency`,
    charge_kind: t`Tax or fee`,
    name: t`Name`,
    rate: t`Rate`,
    list: t`Check-in list`,
    ticket: t`Ticket`,
    orders: t`Orders`,
    tickets: t`Tickets`,
    gross: t`Gross`,
    discounts: t`Discounts`,
    fees: t`Fees`,
    taxes: t`Taxes`,
    total: t`Total paid`,
    refunds: t`Refunds`,
    net: t`Net`,
    base: t`Base`,
    eligible: t`Attendees`,
    checked_in: t`Checked in`,
    check_in_rate: t`Check-in rate`,
    page_views: t`Page views`,
    conversion: t`Orders per 100 views`,
    card_sales: t`Card sales`,
    card_refunds: t`Card refunds`,
    platform_fees: t`Platform fees`,
    stripe_fees: t`Stripe fees`,
    payout: t`Paid out`,
  };
  const cellWords: Record<string, string> = {
    TICKET: t`Ticket`,
    PRODUCT: t`Product`,
    TAX: t`Tax`,
    FEE: t`Fee`,
  };
  return { reports, columns, cellWords, unnamed: t`Charged before names were kept` };
}
