import { eq } from 'drizzle-orm';
import type {
  AccountReportName,
  EventReportName,
  ReportQuery,
  ReportResponse,
} from '../../../common/reports';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent } from '../owned-events/service';
import {
  type AccountReportContext,
  accountCharges,
  cardFees,
  eventsPerformance,
  revenueByEvent,
  revenueByMonth,
} from './account';
import { CHARGE_COLUMNS, chargeRows } from './charges';
import { checkInsByList, checkInsByTicket } from './check-ins';
import {
  affiliateSales,
  type EventReportContext,
  promoCodeSales,
  salesByDate,
  salesByDay,
  salesByItem,
} from './event-sales';
import { resolveRange } from './range';
import { reportOf } from './shape';

async function eventCharges({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  return reportOf({
    name: 'taxes-and-fees',
    range,
    currency: event.currency,
    columns: CHARGE_COLUMNS,
    rows: await chargeRows(db, { scope: { eventId: event.id }, range, withCurrency: false }),
  });
}

const EVENT_REPORTS: Record<EventReportName, (context: EventReportContext) => Promise<ReportResponse>> = {
  'sales-by-day': salesByDay,
  'sales-by-item': salesByItem,
  'sales-by-date': salesByDate,
  'promo-codes': promoCodeSales,
  'taxes-and-fees': eventCharges,
  'check-ins-by-list': checkInsByList,
  'check-ins-by-ticket': checkInsByTicket,
  affiliates: affiliateSales,
};

const ACCOUNT_REPORTS: Record<AccountReportName, (context: AccountReportContext) => Promise<ReportResponse>> =
  {
    'revenue-by-month': revenueByMonth,
    'revenue-by-event': revenueByEvent,
    'taxes-and-fees': accountCharges,
    'card-fees': cardFees,
    'events-performance': eventsPerformance,
  };

/**
 * `GET /api/events/{id}/reports/{report}`: one report of an event of the caller's account (404
 * for another's), over days read in the event's time zone (decision 054).
 */
export async function getEventReport({
  db,
  auth,
  ask,
}: {
  db: Db;
  auth: AuthContext;
  ask: { eventId: number; report: EventReportName; query: ReportQuery; now?: Date };
}): Promise<ReportResponse> {
  const event = await getEvent(db, auth.accountId, ask.eventId);
  const range = resolveRange(ask.query, { timeZone: event.timezone, now: ask.now });
  return EVENT_REPORTS[ask.report]({ db, event, range });
}

/** `GET /api/accounts/current/reports/{report}`: one report of the caller's account, in its time zone. */
export async function getAccountReport({
  db,
  auth,
  ask,
}: {
  db: Db;
  auth: AuthContext;
  ask: { report: AccountReportName; query: ReportQuery; now?: Date };
}): Promise<ReportResponse> {
  const [account] = await db
    .select({ id: accounts.id, currency: accounts.currency, timezone: accounts.timezone })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));
  if (!account) throw new AppError('NOT_FOUND');
  const range = resolveRange(ask.query, { timeZone: account.timezone, now: ask.now });
  return ACCOUNT_REPORTS[ask.report]({ db, account, range });
}
