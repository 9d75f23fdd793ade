import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

/** Rows per JSON text: about 20 KB for an attendee with two answers. */
export const PART = 100;

/** A part's text, parsed; the driver's result row lets go of the text first. */
function parse(row: { part: string | null }): unknown[][] {
  const text = row.part;
  row.part = null;
  return text === null ? [] : (JSON.parse(text) as unknown[][]);
}

/**
 * The rows of one statement of an export, read as JSON texts of `PART` rows and parsed one
 * text at a time: `query` selects each row's cells as a JSON array named `cells` and the
 * row's place in the order as `n`. Yields the parts in order.
 *
 * Why (decision 042): a driver holds every row of a result until the statement ends, and V8,
 * finding a hundred objects of one allocation site alive at a young collection, takes that
 * site's objects for long-lived and allocates them in the old generation from then on, with
 * everything they hold promoted too; that garbage stays resident until a full collection,
 * which an idle server does not run. Here the driver hands over a few rows of one string
 * each, and lets go of each string once parsed; the arrays JSON.parse makes carry no
 * allocation site, and a part is the only thing holding its rows while they are written.
 */
export async function* readJsonParts(db: Db, query: SQL): AsyncGenerator<unknown[][]> {
  const parts = await queryRows<{ part: string | null }>(
    db,
    sql`select json_agg(p.cells order by p.n)::text as part
      from (select q.n, q.cells, (row_number() over (order by q.n) - 1) / ${PART} as part from (${query}) q) p
      group by p.part order by p.part`,
  );
  for (const row of parts) yield parse(row);
}
