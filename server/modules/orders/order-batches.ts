import { and, gt, type SQL, sql } from 'drizzle-orm';
import type { AnswerValue } from '../../../common/answers';
import type { Db } from '../../db/client';
import { orderItems, orders, questionAnswers } from '../../db/schema';
import { readJsonParts } from '../../exports/json-batch';
import type { Cell } from '../../exports/table';

const BATCH = 1000;

/** An order as the exports read it: its row, its items' rows, its answers by question id. */
export type OrderCells = [Record<string, unknown>, Record<string, unknown>[], Record<string, AnswerValue>];

/**
 * Up to `BATCH` orders after id `after`, each as a JSON array: the order's row, its items' rows
 * (in id order) and its answers to questions asked of the whole order, by question id (the
 * latest answer of each).
 */
function batchQuery(where: SQL | undefined, after: number): SQL {
  return sql`select ${orders.id} as n, json_build_array(
      to_jsonb(${orders}.*),
      (select coalesce(json_agg(to_jsonb(i.*) order by i.id), '[]'::json)
       from ${orderItems} i where i.order_id = ${orders.id}),
      (select coalesce(json_object_agg(a.question_id, a.answer order by a.id), '{}'::json)
       from ${questionAnswers} a where a.order_id = ${orders.id} and a.attendee_id is null)
    ) as cells
    from ${orders}
    where ${and(where, gt(orders.id, after))}
    order by ${orders.id}
    limit ${BATCH}`;
}

/**
 * The orders `where` names, in id order, a batch per statement after the last id read
 * (decision 042), each order turned into its rows of cells by `cellsOf`.
 */
export async function* orderBatches(
  db: Db,
  { where, cellsOf }: { where: SQL | undefined; cellsOf: (order: OrderCells) => Cell[][] },
): AsyncGenerator<Cell[][]> {
  let after = 0;
  for (;;) {
    let read = 0;
    // One statement per batch, answered in JSON texts of a hundred orders.
    for await (const part of readJsonParts(db, batchQuery(where, after))) {
      read += part.length;
      const last = part.at(-1)?.[0] as { id: number } | undefined;
      if (last) after = Number(last.id);
      yield part.flatMap((row) => cellsOf(row as OrderCells));
    }
    if (read < BATCH) return;
  }
}
