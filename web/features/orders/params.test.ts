import { describe, expect, it } from 'vitest';
import { OrdersQuery } from '../../../common/admin-orders';
import { affiliateOrdersPath } from '../affiliates/links';
import { DEFAULT_PARAMS, listQuery, paramsFromSearch, searchFromParams } from './params';

describe('order list state in the address', () => {
  it('reads what it knows and drops the rest', () => {
    const params = paramsFromSearch(
      new URLSearchParams(
        'query=ana&status=COMPLETED&affiliate=7&date=4&sort_by=total&sort_direction=asc&page=3&order=12&x=1',
      ),
    );
    expect(params).toEqual({
      page: 3,
      query: 'ana',
      sortBy: 'total',
      sortDirection: 'asc',
      status: 'COMPLETED',
      affiliateId: 7,
      dateId: 4,
      orderId: 12,
    });
    expect(
      paramsFromSearch(new URLSearchParams('status=PAID&sort_by=email&page=-2&affiliate=x&date=0')),
    ).toEqual(DEFAULT_PARAMS);
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(searchFromParams(DEFAULT_PARAMS)).toEqual({});
    const params = {
      ...DEFAULT_PARAMS,
      query: 'x',
      status: 'CANCELLED' as const,
      affiliateId: 4,
      dateId: 8,
      page: 2,
    };
    expect(paramsFromSearch(new URLSearchParams(searchFromParams(params)))).toEqual(params);
  });

  it('asks the API what its list query accepts', () => {
    const query = listQuery({
      ...DEFAULT_PARAMS,
      query: 'ana',
      status: 'AWAITING_PAYMENT',
      affiliateId: 3,
      dateId: 6,
    });
    expect(query['filter_fields[affiliate_id][eq]']).toBe(3);
    expect(query.date_id).toBe(6);
    const defined = Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    expect(OrdersQuery.parse(defined).params).toEqual({ date_id: 6 });
  });

  it('links to the orders of one affiliate', () => {
    const path = affiliateOrdersPath(5, 9);
    expect(path).toBe('/manage/event/5/orders?affiliate=9');
    expect(paramsFromSearch(new URL(path, 'http://x').searchParams)).toEqual({
      ...DEFAULT_PARAMS,
      affiliateId: 9,
    });
  });
});
