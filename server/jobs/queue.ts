import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { jobs } from '../db/schema';

export type JobPayload = Record<string, unknown>;
export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueInput {
  type: string;
  payload?: JobPayload;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A second enqueue with the same key is ignored. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job. Call it with the transaction of the change that causes it, so the job exists
 * exactly when that change commits. Returns false when `uniqueKey` was already enqueued.
 */
export async function enqueue(db: Db, input: EnqueueInput): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({
      type: input.type,
      payload: input.payload ?? {},
      runAt: input.runAt ?? new Date(),
      uniqueKey: input.uniqueKey,
      maxAttempts: input.maxAttempts ?? 8,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/**
 * Claims the next due job, or a running one whose lease expired (its worker died).
 * `FOR UPDATE SKIP LOCKED` lets several workers claim side by side without taking the same row.
 */
export async function claimNextJob(db: Db, leaseMs: number): Promise<JobRow | undefined> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`
    update ${jobs}
       set status = 'running', attempts = ${jobs.attempts} + 1,
           locked_until = now() + make_interval(secs => ${leaseMs / 1000})
     where ${jobs.id} = (
       select id from ${jobs}
        where (status = 'pending' and run_at <= now())
           or (status = 'running' and locked_until < now())
        order by run_at, id
        limit 1
        for update skip locked)
    returning id`,
  );
  const id = rows[0]?.id === undefined ? undefined : Number(rows[0].id);
  if (id === undefined) return undefined;
  const [row] = await db.select().from(jobs).where(sql`${jobs.id} = ${id}`);
  return row;
}

export async function completeJob(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`update ${jobs} set status = 'done', locked_until = null, finished_at = now() where ${jobs.id} = ${id}`,
  );
}

/** Exponential backoff: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

export async function failJob(db: Db, job: JobRow, error: string): Promise<void> {
  const final = job.attempts >= job.maxAttempts;
  const runAt = new Date(Date.now() + retryDelayMs(job.attempts));
  await db.execute(sql`
    update ${jobs}
       set status = ${final ? 'failed' : 'pending'}, locked_until = null, last_error = ${error.slice(0, 2000)},
           run_at = ${final ? job.runAt : runAt}, finished_at = ${final ? new Date() : null}
     where ${jobs.id} = ${job.id}`);
}
