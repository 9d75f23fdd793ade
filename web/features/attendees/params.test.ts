import { describe, expect, it } from 'vitest';
import { AttendeesExportQuery, AttendeesQuery } from '../../../common/attendees';
import {
  DEFAULT_PARAMS,
  filterQuery,
  isFiltered,
  listQuery,
  paramsFromSearch,
  searchFromParams,
} from './params';

/** The query as the server receives it: strings, without the empty values `apiUrl` leaves out. */
const drop = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

describe('the attendee list state in the address', () => {
  it('reads an empty address as the defaults, newest first', () => {
    expect(paramsFromSearch(new URLSearchParams())).toEqual(DEFAULT_PARAMS);
    expect(searchFromParams(DEFAULT_PARAMS)).toEqual({});
  });

  it('round-trips search, filters, order, page and the open attendee', () => {
    const params = {
      page: 3,
      query: 'ana@example.com',
      sortBy: 'email' as const,
      sortDirection: 'asc' as const,
      ticketId: 12,
      status: 'CANCELLED' as const,
      dateId: 5,
      attendeeId: 40,
    };
    const search = new URLSearchParams(searchFromParams(params));
    expect(search.toString()).toBe(
      'query=ana%40example.com&ticket=12&status=CANCELLED&date=5&sort_by=email&sort_direction=asc&page=3&attendee=40',
    );
    expect(paramsFromSearch(search)).toEqual(params);
  });

  it('falls back to the defaults for values it does not know', () => {
    const params = paramsFromSearch(
      new URLSearchParams(
        'page=-2&sort_by=price&sort_direction=up&ticket=abc&status=LOST&date=x&attendee=1.5',
      ),
    );
    expect(params).toEqual(DEFAULT_PARAMS);
  });

  it('says when a search or filter narrows the list', () => {
    expect(isFiltered(DEFAULT_PARAMS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_PARAMS, attendeeId: 3, page: 2 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_PARAMS, status: 'ACTIVE' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_PARAMS, ticketId: 4 })).toBe(true);
    expect(isFiltered({ ...DEFAULT_PARAMS, dateId: 9 })).toBe(true);
  });

  it('passes one date to the list and its export as `date_id`', () => {
    const dated = { ...DEFAULT_PARAMS, dateId: 9 };
    expect(AttendeesQuery.parse(drop(listQuery(dated))).params).toEqual({ date_id: 9 });
    expect(AttendeesExportQuery.parse(drop({ ...filterQuery(dated), format: 'csv' })).params).toEqual({
      format: 'csv',
      date_id: 9,
    });
  });
});

describe('the attendee list query', () => {
  const params = { ...DEFAULT_PARAMS, page: 2, query: ' Ana ', ticketId: 7, status: 'ACTIVE' as const };

  it('is what the API’s list schema accepts, with the filters and sort the page shows', () => {
    const parsed = AttendeesQuery.parse(
      drop(listQuery({ ...params, sortBy: 'last_name', sortDirection: 'asc' })),
    );
    expect(parsed).toMatchObject({
      page: 2,
      perPage: 20,
      query: 'Ana',
      sortBy: 'last_name',
      sortDirection: 'asc',
      filters: [
        { field: 'ticket_id', op: 'eq', values: ['7'] },
        { field: 'status', op: 'eq', values: ['ACTIVE'] },
      ],
    });
  });

  it('passes the search and filters, not the page, to the export', () => {
    const query = drop({ ...filterQuery(params), format: 'xlsx' });
    expect(query).not.toHaveProperty('page');
    const parsed = AttendeesExportQuery.parse(query);
    expect(parsed.params.format).toBe('xlsx');
    expect(parsed.query).toBe('Ana');
    expect(parsed.filters).toHaveLength(2);
  });

  it('leaves out what does not narrow the list', () => {
    expect(drop(filterQuery(DEFAULT_PARAMS))).toEqual({});
  });
});
