import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '../../../common/reports';
import { hasFigures, rangeIsValid, trendOf } from './report-data';

const base: ReportResponse = {
  report: 'revenue-by-month',
  time_zone: 'Europe/Lisbon',
  from: '2031-04-01',
  to: '2031-05-31',
  currency: null,
  trend: 'month',
  columns: [
    { key: 'month', kind: 'month' },
    { key: 'currency', kind: 'text' },
    { key: 'total', kind: 'money' },
    { key: 'refunds', kind: 'money' },
  ],
  rows: [
    { month: '2031-04', currency: 'EUR', total: 1000, refunds: 0 },
    { month: '2031-05', currency: 'EUR', total: 0, refunds: 500 },
    { month: '2031-04', currency: 'USD', total: 7, refunds: 0 },
  ],
  totals: [
    { month: null, currency: 'EUR', total: 1000, refunds: 500 },
    { month: null, currency: 'USD', total: 7, refunds: 0 },
  ],
};

describe('a report’s trend', () => {
  it('draws one currency of the account’s months', () => {
    expect(trendOf(base)).toEqual({
      currency: 'EUR',
      points: [
        { period: '2031-04', total: 1000, refunds: 0 },
        { period: '2031-05', total: 0, refunds: 500 },
      ],
    });
  });

  it('is none for a report that is no time series', () => {
    expect(trendOf({ ...base, trend: null })).toBeNull();
  });
});

describe('ranges and figures', () => {
  it('take two days in order', () => {
    expect(rangeIsValid({ from: '2031-04-01', to: '2031-04-01' })).toBe(true);
    expect(rangeIsValid({ from: '2031-04-02', to: '2031-04-01' })).toBe(false);
    expect(rangeIsValid({ from: '', to: '2031-04-01' })).toBe(false);
  });

  it('tell a report of zeros from one with sales', () => {
    expect(hasFigures(base)).toBe(true);
    expect(hasFigures({ ...base, rows: [{ month: '2031-04', currency: 'EUR', total: 0, refunds: 0 }] })).toBe(
      false,
    );
  });
});
