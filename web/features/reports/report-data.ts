import type { ReportResponse } from '../../../common/reports';

/** One point of a report's trend: the day or month, and its money in minor units. */
export interface TrendPoint {
  period: string;
  total: number;
  refunds: number;
}

/**
 * The points a report's chart draws: what buyers paid and what was given back, per day or month,
 * in the currency of the report (for the account's, the first currency its totals name). Null
 * when the report is no trend.
 */
export function trendOf(report: ReportResponse): { currency: string; points: TrendPoint[] } | null {
  if (report.trend === null) return null;
  const key = report.trend;
  const currency = report.currency ?? String(report.totals[0]?.currency ?? '');
  if (currency === '') return null;
  const points = report.rows
    .filter((row) => report.currency !== null || row.currency === currency)
    .map((row) => ({
      period: String(row[key] ?? ''),
      total: Number(row.total ?? 0),
      refunds: Number(row.refunds ?? 0),
    }));
  return { currency, points };
}

/** Whether a range the form holds may be asked for: two days, the first not after the last. */
export function rangeIsValid(range: { from: string; to: string }): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(range.from) && day.test(range.to) && range.from <= range.to;
}

/** Whether a report has anything to show: a row with a figure other than zero. */
export function hasFigures(report: ReportResponse): boolean {
  const figures = report.columns.filter((c) => c.kind === 'count' || c.kind === 'money').map((c) => c.key);
  return report.rows.some((row) => figures.some((key) => Number(row[key] ?? 0) !== 0));
}
