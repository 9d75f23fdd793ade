import type {
  ReportColumn,
  ReportColumnKey,
  ReportColumnKind,
  ReportResponse,
  ReportRow,
} from '../../../common/reports';
import { percentText } from '../../../common/reports';
import type { SalesFigures } from './counted';
import { SALES_MEASURES } from './counted';
import type { ReportRange } from './range';

export const col = (key: ReportColumnKey, kind: ReportColumnKind): ReportColumn => ({ key, kind });

const MEASURE_KINDS: Record<(typeof SALES_MEASURES)[number], ReportColumnKind> = {
  orders: 'count',
  tickets: 'count',
  gross: 'money',
  discounts: 'money',
  fees: 'money',
  taxes: 'money',
  total: 'money',
  refunds: 'money',
  net: 'money',
};

/** The columns of sales figures, all of them or those named. */
export const salesColumns = (only: readonly (typeof SALES_MEASURES)[number][] = SALES_MEASURES) =>
  only.map((key) => col(key, MEASURE_KINDS[key]));

/** The cells of sales figures. */
export const salesCells = (f: SalesFigures): ReportRow => ({
  orders: f.orders,
  tickets: f.tickets,
  gross: f.gross,
  discounts: f.discounts,
  fees: f.fees,
  taxes: f.taxes,
  total: f.total,
  refunds: f.refunds,
  net: f.net,
});

/** A percentage column and the two counts it is of, for the totals to work it out again. */
export interface Ratio {
  key: ReportColumnKey;
  part: ReportColumnKey;
  whole: ReportColumnKey;
}

/**
 * The sums of the rows' counts and money: one row, or one per currency when the rows name
 * theirs; percentages are worked out again from the summed counts.
 */
function totalsOf(columns: ReportColumn[], rows: ReportRow[], ratios: readonly Ratio[]): ReportRow[] {
  const byCurrency = new Map<string, ReportRow>();
  const perCurrency = columns.some((c) => c.key === 'currency');
  for (const row of rows) {
    const currency = perCurrency ? String(row.currency ?? '') : '';
    let total = byCurrency.get(currency);
    if (!total) {
      total = Object.fromEntries(
        columns.map((c) => [c.key, c.kind === 'count' || c.kind === 'money' ? 0 : null]),
      );
      if (perCurrency) total.currency = currency;
      byCurrency.set(currency, total);
    }
    for (const c of columns) {
      if (c.kind !== 'count' && c.kind !== 'money') continue;
      total[c.key] = Number(total[c.key] ?? 0) + Number(row[c.key] ?? 0);
    }
  }
  const totals = [...byCurrency.values()];
  for (const total of totals)
    for (const ratio of ratios)
      total[ratio.key] = percentText(Number(total[ratio.part]), Number(total[ratio.whole]));
  return totals;
}

/** A report's answer: its rows, with totals summed from them. */
export function reportOf(spec: {
  name: string;
  range: ReportRange;
  currency: string | null;
  trend?: 'day' | 'month';
  columns: ReportColumn[];
  rows: ReportRow[];
  ratios?: readonly Ratio[];
}): ReportResponse {
  const totals = totalsOf(spec.columns, spec.rows, spec.ratios ?? []);
  return {
    report: spec.name,
    time_zone: spec.range.timeZone,
    from: spec.range.from,
    to: spec.range.to,
    currency: spec.currency,
    trend: spec.trend ?? null,
    columns: spec.columns,
    rows: spec.rows,
    // An event's report sums to one row even without rows, so its totals always show.
    totals: totals.length === 0 && spec.currency !== null ? totalsOf(spec.columns, [{}], []) : totals,
  };
}
