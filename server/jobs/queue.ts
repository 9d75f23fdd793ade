import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/**
 * The payload schema of every job kind. A payload is checked against its kind's schema when
 * it is queued (a wrong one fails the enqueueing transaction) and again before it runs (a row
 * written by another release of the code is refused rather than misread).
 */
export type JobKinds = Readonly<Record<string, z.ZodType<Record<string, unknown>>>>;

export interface EnqueueInput<K extends JobKinds, T extends keyof K & string> {
  type: T;
  payload: z.input<K[T]>;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A second enqueue with the same key is ignored. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job of one of `kinds`. Call it with the transaction of the change that causes it, so
 * the job exists exactly when that change commits. Returns false when `uniqueKey` was already
 * enqueued. The app's kinds and its `enqueue` are in `kinds.ts`.
 */
export async function enqueueJob<K extends JobKinds, T extends keyof K & string>(
  db: Db,
  kinds: K,
  input: EnqueueInput<K, T>,
): Promise<boolean> {
  const schema = kinds[input.type];
  if (!schema) throw new Error(`Unknown job type "${input.type}"`);
  const inserted = await db
    .insert(jobs)
    .values({
      type: input.type,
      payload: schema.parse(input.payload),
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
 * Each claim adds one to `attempts`, which then identifies the claim: the lease renewal, the
 * completion and the failure of a job only apply while that claim still holds it.
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

/** The job as this claim took it: still running, not taken over by another worker since. */
const stillClaimed = (job: Pick<JobRow, 'id' | 'attempts'>) =>
  sql`${jobs.id} = ${job.id} and status = 'running' and ${jobs.attempts} = ${job.attempts}`;

/** Pushes the lease of a job still running on; false when another worker has taken it over. */
export async function renewLease(db: Db, job: JobRow, leaseMs: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update ${jobs} set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
         where ${stillClaimed(job)} returning id`,
  );
  return rows.length > 0;
}

export async function completeJob(db: Db, job: JobRow): Promise<void> {
  await db.execute(
    sql`update ${jobs} set status = 'done', locked_until = null, finished_at = now() where ${stillClaimed(job)}`,
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
     where ${stillClaimed(job)}`);
}

/**
 * Puts every running job back in line. Only for a database one process owns (the embedded
 * one, behind its data directory lock), at start-up: any job still running then was left by
 * a process that died, and need not wait for its lease to end.
 */
export async function releaseOrphanedJobs(db: Db): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update ${jobs} set status = 'pending', locked_until = null where status = 'running' returning id`,
  );
  return rows.length;
}
