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

/** ORDER BY for the chosen sort, with a unique tiebreaker so pages never overlap. */
export function orderBy<S extends string>(
  query: Pick<ListQuery<S>, 'sortBy' | 'sortDirection'>,
  columns: Readonly<Record<S, AnyPgColumn>>,
  tiebreaker: AnyPgColumn,
): SQL[] {
  const direction = query.sortDirection === 'desc' ? desc : asc;
  return [direction(columns[query.sortBy]), direction(tiebreaker)];
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
