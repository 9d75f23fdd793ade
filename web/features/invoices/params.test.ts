import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, filterQuery, paramsFromSearch, recentMonths, searchFromParams } from './params';

describe('invoice list params', () => {
  it('read back what they write, and fall back on anything unknown', () => {
    const params = {
      ...DEFAULT_PARAMS,
      query: 'acme',
      kind: 'CREDIT_NOTE',
      status: 'CREDIT',
      page: 3,
    } as const;
    const search = new URLSearchParams(searchFromParams(params));
    expect(paramsFromSearch(search)).toEqual(params);
    expect(paramsFromSearch(new URLSearchParams('kind=RECEIPT&status=LATE&page=-1&sort_by=total'))).toEqual(
      DEFAULT_PARAMS,
    );
    expect(searchFromParams(DEFAULT_PARAMS)).toEqual({});
  });

  it('ask the API for the filters chosen, and only those', () => {
    expect(filterQuery({ ...DEFAULT_PARAMS, status: 'UNPAID', query: ' RE-7 ' })).toEqual({
      query: 'RE-7',
      'filter_fields[kind][eq]': undefined,
      'filter_fields[status][eq]': 'UNPAID',
    });
  });

  it('offer the months back from this one, across a new year', () => {
    expect(recentMonths(new Date(2031, 1, 15), 4)).toEqual(['2031-02', '2031-01', '2030-12', '2030-11']);
  });
});
