import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, sqlList } from '../db/rows';
import { jobs } from '../db/schema';
import type { JobKinds } from './queue';

/**
 * Work that recurs (expiring lapsed reservations) runs once per slot of `everyMs` across all
 * instances: each slot is one row of `jobs` whose unique key names the slot, and the worker
 * that claims it runs it. Its payload is `{}`.
 */
export interface Schedule<K extends JobKinds = JobKinds> {
  type: keyof K & string;
  everyMs: number;
}

/** How many past slots' rows are kept (for a look at when the job last ran) before pruning. */
const KEPT_SLOTS = 20;

export const scheduleKeyPrefix = (schedule: { type: string; everyMs: number }) =>
  `schedule:${schedule.type}:${schedule.everyMs}:`;

/**
 * Queues the current slot's job of a schedule unless some instance already did; answers
 * whether this call queued it. The slot is worked out from the database's clock, so instances
 * whose clocks differ still agree on it. Queueing a slot also prunes the rows of slots long
 * past (the unique key of a past slot is never queued again: nobody's clock goes back to it).
 */
export async function enqueueScheduledSlot(
  db: Db,
  schedule: { type: string; everyMs: number },
): Promise<boolean> {
  const prefix = scheduleKeyPrefix(schedule);
  const every = schedule.everyMs;
  const inserted = await queryRows<{ slot: string | number }>(
    db,
    sql`
    insert into ${jobs} (type, payload, run_at, unique_key, max_attempts)
    select ${schedule.type}, '{}'::jsonb, to_timestamp(slot * ${every}::bigint / 1000.0), ${prefix} || slot, 1
      from (select floor(extract(epoch from now()) * 1000 / ${every}::bigint)::bigint as slot) as current
    on conflict (unique_key) do nothing
    returning (extract(epoch from run_at) * 1000 / ${every}::bigint)::bigint as slot`,
  );
  const slot = inserted[0]?.slot;
  if (slot === undefined) return false;
  const past = Array.from(
    { length: KEPT_SLOTS },
    (_, i) => `${prefix}${BigInt(slot) - BigInt(KEPT_SLOTS + i)}`,
  );
  await db.execute(
    sql`delete from ${jobs} where unique_key in (${sqlList(past)}) and status in ('done', 'failed')`,
  );
  return true;
}
