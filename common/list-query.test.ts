import { describe, expect, it } from 'vitest';
import { exportParams, listQuerySchema, pageMeta } from './list-query';

const EventsQuery = listQuerySchema({
  sortable: ['start_date', 'title', 'created_at'],
  defaultSort: 'start_date',
  filterable: { status: ['eq', 'in'], start_date: ['gte', 'lt'] },
});

describe('listQuerySchema', () => {
  it('applies the defaults: page 1, 20 per page, the list’s default sort', () => {
    expect(EventsQuery.parse({})).toEqual({
      page: 1,
      perPage: 20,
      query: undefined,
      sortBy: 'start_date',
      sortDirection: 'asc',
      filters: [],
      params: {},
    });
  });

  it('reads filters from bracketed parameters, splitting `in` lists', () => {
    const parsed = EventsQuery.parse({
      page: '3',
      per_page: '50',
      query: '  jazz ',
      sort_by: 'title',
      sort_direction: 'desc',
      'filter_fields[status][in]': 'LIVE, DRAFT',
      'filter_fields[start_date][gte]': '2026-01-01T00:00:00Z',
    });
    expect(parsed).toEqual({
      page: 3,
      perPage: 50,
      query: 'jazz',
      sortBy: 'title',
      sortDirection: 'desc',
      filters: [
        { field: 'status', op: 'in', values: ['LIVE', 'DRAFT'] },
        { field: 'start_date', op: 'gte', values: ['2026-01-01T00:00:00Z'] },
      ],
      params: {},
    });
  });

  it('accepts repeated `in` parameters', () => {
    const parsed = EventsQuery.parse({ 'filter_fields[status][in]': ['LIVE', 'ARCHIVED'] });
    expect(parsed.filters).toEqual([{ field: 'status', op: 'in', values: ['LIVE', 'ARCHIVED'] }]);
  });

  it.each([
    [{ sort_by: 'password_hash' }, 'sort_by'],
    [{ sort_direction: 'sideways' }, 'sort_direction'],
    [{ per_page: '101' }, 'per_page'],
    [{ page: '-1' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ 'filter_fields[owner][eq]': '1' }, 'filter_fields[owner][eq]'],
    [{ 'filter_fields[status][like]': 'L' }, 'filter_fields[status][like]'],
    [{ include: 'everything' }, 'include'],
    [{ query: 'x'.repeat(201) }, 'query'],
  ])('refuses %o', (input, field) => {
    const result = EventsQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });
});

describe('an endpoint’s own parameters', () => {
  const ExportQuery = listQuerySchema({
    sortable: ['title'],
    defaultSort: 'title',
    filterable: { status: ['eq'] },
    params: exportParams,
  });

  it('are read apart from the list’s, with their defaults', () => {
    expect(ExportQuery.parse({ 'filter_fields[status][eq]': 'LIVE' })).toMatchObject({
      filters: [{ field: 'status', op: 'eq', values: ['LIVE'] }],
      params: { format: 'csv' },
    });
    expect(ExportQuery.parse({ format: 'xlsx' }).params).toEqual({ format: 'xlsx' });
  });

  it('are checked, and stay unknown to lists that do not declare them', () => {
    const bad = ExportQuery.safeParse({ format: 'pdf' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['format']);
    expect(EventsQuery.safeParse({ format: 'csv' }).success).toBe(false);
  });
});

describe('pageMeta', () => {
  it('counts pages, with at least one', () => {
    expect(pageMeta(0, { page: 1, perPage: 20 })).toEqual({
      current_page: 1,
      per_page: 20,
      total: 0,
      last_page: 1,
    });
    expect(pageMeta(41, { page: 2, perPage: 20 })).toEqual({
      current_page: 2,
      per_page: 20,
      total: 41,
      last_page: 3,
    });
  });
});
