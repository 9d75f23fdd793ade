import type { MessageDescriptor } from '@lingui/core';
import {
  and,
  asc,
  Column,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  is,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { VALIDATION } from '../../common/i18n/validation';
import { type ListFilter, type ListQuery, type PageMeta, pageMeta } from '../../common/list-query';
import { AppError } from './app-error';

/** How one filterable field maps to a column (or an expression), and how its text values are read. */
export interface FilterColumn {
  column: AnyPgColumn | SQL;
  value?: z.ZodType;
}

/** Escapes LIKE wildcards so a search for `50%` matches the text `50%`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The largest value of each integer column type; bigint columns are read as safe integers. */
const INTEGER_MAX: Record<string, number> = {
  PgSmallInt: 32_767,
  PgInteger: 2_147_483_647,
  PgSerial: 2_147_483_647,
};

/**
 * How a filter value is read when the field names no schema of its own: as the column's type,
 * so a value the column cannot hold (`abc` for a number, a year 300,000 for a date) is a 422
 * rather than a database error.
 */
function valueSchemaOf(column: AnyPgColumn | SQL): z.ZodType {
  if (!is(column, Column)) return z.string();
  if (column.dataType === 'number') {
    const max = INTEGER_MAX[column.columnType] ?? Number.MAX_SAFE_INTEGER;
    return z.coerce.number().int().min(-max).max(max);
  }
  if (column.dataType === 'date') {
    return z.coerce.date().min(new Date('0001-01-01T00:00:00Z')).max(new Date('9999-12-31T23:59:59Z'));
  }
  if (column.dataType === 'boolean') return z.enum(['true', 'false']).transform((v) => v === 'true');
  return z.string();
}

function parseValues(filter: ListFilter, spec: FilterColumn): unknown[] {
  const schema = spec.value ?? valueSchemaOf(spec.column);
  return filter.values.map((raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const field = `filter_fields[${filter.field}][${filter.op}]`;
      throw new AppError('VALIDATION_FAILED', {
        fields: { [field]: [VALIDATION.invalid as MessageDescriptor] },
      });
    }
    return parsed.data;
  });
}

/** SQL conditions for a list's whitelisted filters (the whitelist itself lives in the query schema). */
export function filterConditions<F extends string>(
  filters: readonly ListFilter<F>[],
  columns: Readonly<Record<F, FilterColumn>>,
): SQL[] {
  const conditions: SQL[] = [];
  for (const filter of filters) {
    const spec = columns[filter.field];
    const values = parseValues(filter, spec);
    const [first] = values;
    if (first === undefined) continue;
    // An expression compares as a column does; its values are bound as they are.
    const column = spec.column as AnyPgColumn;
    switch (filter.op) {
      case 'eq':
        conditions.push(eq(column, first));
        break;
      case 'ne':
        conditions.push(ne(column, first));
        break;
      case 'lt':
        conditions.push(lt(column, first));
        break;
      case 'lte':
        conditions.push(lte(column, first));
        break;
      case 'gt':
        conditions.push(gt(column, first));
        break;
      case 'gte':
        conditions.push(gte(column, first));
        break;
      case 'like':
        conditions.push(ilike(column, `%${escapeLike(String(first))}%`));
        break;
      case 'in':
        conditions.push(inArray(column, values));
        break;
    }
  }
  return conditions;
}

/** A case-insensitive search of `text` across several columns. */
export function searchCondition(text: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * How one sortable field orders: a column or an expression, in the asked direction, or a
 * function that writes its own ORDER BY term (`nulls last`, say) for the direction.
 */
export type SortColumn = AnyPgColumn | SQL | ((direction: 'asc' | 'desc') => SQL);

/**
 * ORDER BY for the chosen sort, then a unique tiebreaker so pages never overlap: a column,
 * ordered in the same direction, or a term of its own (`asc(id)` whatever the direction). A
 * field the list does not sort by is a 422 on `sort_by`, as the query schema answers it.
 */
export function orderBy<S extends string>(
  query: Pick<ListQuery<S>, 'sortBy' | 'sortDirection'>,
  columns: Readonly<Record<S, SortColumn>>,
  tiebreaker: AnyPgColumn | SQL,
): SQL[] {
  if (!Object.hasOwn(columns, query.sortBy)) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { sort_by: [VALIDATION.invalid as MessageDescriptor] },
    });
  }
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const sort = columns[query.sortBy];
  return [
    typeof sort === 'function' ? sort(query.sortDirection) : direction(sort),
    is(tiebreaker, Column) ? direction(tiebreaker) : tiebreaker,
  ];
}

export function whereAll(conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** Runs a list's row and count queries and returns the `{ data, meta }` page. */
export async function findPage<T>(
  query: Pick<ListQuery, 'page' | 'perPage'>,
  fetch: { rows(limit: number, offset: number): Promise<T[]>; total(): Promise<number> },
): Promise<{ data: T[]; meta: PageMeta }> {
  const [data, total] = await Promise.all([
    fetch.rows(query.perPage, (query.page - 1) * query.perPage),
    fetch.total(),
  ]);
  return { data, meta: pageMeta(total, query) };
}

/** The rows' query of a list, as drizzle builds it: the helper orders it and takes a page. */
export interface PagedSelect<R> {
  orderBy(...columns: SQL[]): {
    limit(limit: number): { offset(offset: number): SQLWrapper & PromiseLike<R[]> };
  };
}

/**
 * One list: what it shows (its conditions, its rows' query, how it counts) and what the query
 * string may ask of it (filters, search, sort). `findList` answers its `{ data, meta }` page;
 * `listWhere` gives its conditions alone, for an export of the same rows.
 */
export interface ListSpec<S extends string, F extends string, R, T> {
  /** What every row of the list meets whatever is asked: its event, its account, its default statuses. */
  where: readonly (SQL | undefined)[];
  /** What `filter_fields[field]` compares, per field (the query schema names the operators). */
  filters?: Readonly<Record<F, FilterColumn>>;
  /** What `query` searches: columns matched in part in any case, or the list's own condition. */
  search?: readonly AnyPgColumn[] | ((text: string) => SQL | undefined);
  /** What `sort_by` orders by, per field. */
  sort: Readonly<Record<S, SortColumn>>;
  /** The last ORDER BY term, unique, so that pages never overlap (see `orderBy`). */
  tiebreaker: AnyPgColumn | SQL;
  /** The rows' query with its joins and `where`; the helper orders it and takes the page. */
  select(where: SQL | undefined): PagedSelect<R>;
  /** How many rows meet `where`. */
  count(where: SQL | undefined): Promise<number>;
  /** The page's rows as the API shows them: one call per page, so extra reads are one per page too. */
  present(rows: R[]): T[] | Promise<T[]>;
}

type AskedOf<S extends string, F extends string> = Pick<ListQuery<S, F>, 'filters' | 'query'>;

/** A list's conditions for what the query asks: its own, then the filters, then the search. */
export function listWhere<S extends string, F extends string>(
  query: AskedOf<S, F>,
  spec: Pick<ListSpec<S, F, unknown, unknown>, 'where' | 'filters' | 'search'>,
): SQL | undefined {
  const { search } = spec;
  const searched =
    typeof search === 'function'
      ? query.query
        ? search(query.query)
        : undefined
      : searchCondition(query.query, [...(search ?? [])]);
  return whereAll([
    ...spec.where,
    ...(spec.filters ? filterConditions(query.filters, spec.filters) : []),
    searched,
  ]);
}

/**
 * A list's two statements for what the query asks, before they run: a page of rows (ordered)
 * and the count. Exposed so that tests can read their plans.
 */
export function listQueries<S extends string, F extends string, R>(
  query: ListQuery<S, F>,
  spec: ListSpec<S, F, R, unknown>,
) {
  const where = listWhere(query, spec);
  const order = orderBy(query, spec.sort, spec.tiebreaker);
  return {
    page: (limit: number, offset: number) =>
      spec
        .select(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: () => spec.count(where),
  };
}

/**
 * `GET` of a list: the page the query asks for, filtered, searched and sorted as it asks, its
 * rows presented, with the page's `meta`. Filter values the columns cannot hold and a sort the
 * list does not know are 422s.
 */
export async function findList<S extends string, F extends string, R, T>(
  query: ListQuery<S, F>,
  spec: ListSpec<S, F, R, T>,
): Promise<{ data: T[]; meta: PageMeta }> {
  const queries = listQueries(query, spec);
  return findPage(query, {
    rows: async (limit, offset) => spec.present(await queries.page(limit, offset)),
    total: queries.count,
  });
}
