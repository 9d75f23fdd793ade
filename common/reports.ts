import { z } from 'zod';
import { EXPORT_FORMATS } from './list-query';
import { idParam } from './validators';

/**
 * Reports of an event and of the account (issue 38, decision 054): one shape for all of them, a
 * table of named columns whose kind says how to show a cell, its rows and its totals (one row;
 * one per currency for the account's reports). Money is integer minor units, never a float.
 */

export const EVENT_REPORTS = [
  'sales-by-day',
  'sales-by-item',
  'sales-by-date',
  'promo-codes',
  'taxes-and-fees',
  'check-ins-by-list',
  'check-ins-by-ticket',
  'affiliates',
] as const;
export type EventReportName = (typeof EVENT_REPORTS)[number];

export const ACCOUNT_REPORTS = [
  'revenue-by-month',
  'revenue-by-event',
  'taxes-and-fees',
  'card-fees',
  'events-performance',
] as const;
export type AccountReportName = (typeof ACCOUNT_REPORTS)[number];

/** How a column's cells are shown: money in the row's currency, a percentage as "57.1". */
export const REPORT_COLUMN_KINDS = ['text', 'day', 'month', 'count', 'money', 'percent'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/** Every column a report may have; the screens and the exports name them by this key. */
export const REPORT_COLUMNS = [
  'day',
  'month',
  'item',
  'kind',
  'event_date',
  'code',
  'affiliate',
  'event',
  'starts_at',
  'currency',
  'charge_kind',
  'name',
  'rate',
  'list',
  'ticket',
  'orders',
  'tickets',
  'gross',
  'discounts',
  'fees',
  'taxes',
  'total',
  'refunds',
  'net',
  'base',
  'eligible',
  'checked_in',
  'check_in_rate',
  'page_views',
  'conversion',
  'card_sales',
  'card_refunds',
  'platform_fees',
  'stripe_fees',
  'payout',
] as const;
export type ReportColumnKey = (typeof REPORT_COLUMNS)[number];

/** The widest range a report takes: three years of days. */
export const REPORT_MAX_DAYS = 1096;
/** The range a report covers when none is given: the last 30 days, today included. */
export const REPORT_DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) =>
  DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
export const reportDay = () =>
  z.string().refine(isDay, { message: 'Use a date as YYYY-MM-DD' }).meta({ example: '2031-06-20' });

/** Days between two YYYY-MM-DD dates, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const rangeFields = {
  from: reportDay().optional().meta({
    description: 'First day, in the event’s (or account’s) time zone; 30 days before `to` if left out',
  }),
  to: reportDay().optional().meta({ description: 'Last day, included; today if left out' }),
};

type Range = { from?: string | undefined; to?: string | undefined };
const orderedRange = (range: Range, ctx: z.RefinementCtx) => {
  if (!range.from || !range.to) return;
  const days = daysBetween(range.from, range.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts' });
  else if (days > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${REPORT_MAX_DAYS} days` });
};

export const ReportQuery = z.object(rangeFields).superRefine(orderedRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

export const ReportExportQuery = z
  .object({ ...rangeFields, format: z.enum(EXPORT_FORMATS).default('csv') })
  .superRefine(orderedRange);

export const EventReportParams = z.object({ id: idParam(), report: z.enum(EVENT_REPORTS) });
export const AccountReportParams = z.object({ report: z.enum(ACCOUNT_REPORTS) });

export const ReportColumn = z.object({
  key: z.enum(REPORT_COLUMNS),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

/** A row: cells by column key (money and counts as integers, a percentage as decimal text). */
export const ReportRow = z.record(z.string(), z.union([z.string(), z.number().int(), z.null()]));
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportResponse = z.object({
  report: z.string(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The event's currency; null for the account's reports, whose rows name theirs. */
  currency: z.string().nullable(),
  /** A trend over time (one row a day or a month), which the screens draw as a chart. */
  trend: z.enum(['day', 'month']).nullable(),
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  /** The sums of the rows: one row, or one per currency for the account's reports. */
  totals: z.array(ReportRow),
});
export type ReportResponse = z.infer<typeof ReportResponse>;

/**
 * `part` of `whole` as a percentage with one decimal, rounded half up, in integers only; null
 * when there is no whole.
 */
export function percentText(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const tenths = Math.floor((part * 2000 + whole) / (2 * whole));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
