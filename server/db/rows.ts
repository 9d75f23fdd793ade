import { type Column, getTableColumns, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs raw SQL and returns its rows. Both drivers (node-postgres and PGlite) answer with a
 * result object holding `rows`; the generic database type does not know that, this does.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Values as a comma-separated list of parameters, for `in (…)` and `array[…]`. */
export const sqlList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The column list and one parenthesized row of values for a plain-SQL `INSERT` into `table`,
 * each value encoded as drizzle would encode it for its column (a jsonb value as JSON, a
 * timestamp as ISO text), or an SQL expression as it is. Columns whose value is undefined are
 * left to their defaults.
 */
export function insertParts<T extends PgTable>(
  table: T,
  rows: readonly Partial<Record<keyof T['$inferInsert'], unknown>>[],
): { columns: SQL; values: SQL } {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const encode = (column: Column, value: unknown) => {
    if (value === undefined) return sql`default`;
    if (value === null) return sql`null`;
    // An expression (another statement's result, say) goes in as it is.
    return value instanceof SQL ? value : sql`${column.mapToDriverValue(value)}`;
  };
  return {
    columns: sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    ),
    values: sql.join(
      rows.map(
        (row) =>
          sql`(${sql.join(
            columns.map(([key, column]) => encode(column, (row as Record<string, unknown>)[key])),
            sql`, `,
          )})`,
      ),
      sql`, `,
    ),
  };
}

/** A row of `table` from its `to_jsonb` (the database's column names), decoded as drizzle would. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
