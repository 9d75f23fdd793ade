import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { claimNextJob, completeJob, failJob, type JobKinds, type JobRow, renewLease } from './queue';
import { enqueueScheduledSlot, type Schedule } from './schedules';

export interface JobContext {
  db: Database;
  attempt: number;
  jobId: number;
  /** When the job was due; for a scheduled job, the start of its slot. */
  runAt: Date;
  /** When the job was queued; with `jobId`, names this job for good (a mail's Message-ID). */
  createdAt: Date;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;
/** One handler per kind, taking the kind's parsed payload. */
export type JobHandlers<K extends JobKinds> = { readonly [T in keyof K]: JobHandler<z.output<K[T]>> };

export interface WorkerOptions<K extends JobKinds> {
  db: Database;
  kinds: K;
  handlers: JobHandlers<K>;
  /** Recurring jobs this worker queues, once per slot across every worker of the database. */
  schedules?: readonly Schedule<K>[];
  logger?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  pollMs?: number;
  /** How long a claim holds a job without news from its worker; renewed while it runs. */
  leaseMs?: number;
  /** Once aborted, no further job is claimed (the ones running finish). */
  signal?: AbortSignal;
  /** How many jobs this worker runs side by side (default 1). */
  concurrency?: number;
}

export const DEFAULT_LEASE_MS = 30_000;

async function runOne<K extends JobKinds>(options: WorkerOptions<K>, job: JobRow, leaseMs: number) {
  const { db, kinds, handlers } = options;
  // The lease is renewed while the handler runs, so only a dead worker's jobs are taken over.
  const renewal = setInterval(() => {
    renewLease(db, job, leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  renewal.unref();
  let failure: string | undefined;
  try {
    const schema = Object.hasOwn(kinds, job.type) ? kinds[job.type] : undefined;
    const handler = Object.hasOwn(handlers, job.type)
      ? (handlers[job.type] as JobHandler<unknown> | undefined)
      : undefined;
    if (!schema || !handler) throw new Error(`No handler for job type "${job.type}"`);
    const parsed = schema.safeParse(job.payload);
    if (!parsed.success) throw new Error(`Invalid payload for "${job.type}": ${parsed.error.message}`);
    await handler(parsed.data, {
      db,
      attempt: job.attempts,
      jobId: job.id,
      runAt: job.runAt,
      createdAt: job.createdAt,
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    clearInterval(renewal);
  }
  if (failure === undefined) {
    await completeJob(db, job);
    return;
  }
  options.logger?.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: failure }, 'job failed');
  await failJob(db, job, failure);
}

/**
 * Runs due jobs until none is left (or `limit` ran), `concurrency` at a time; returns how many
 * ran. Handlers must be idempotent.
 */
export async function runDueJobs<K extends JobKinds>(
  options: WorkerOptions<K>,
  limit = 100,
): Promise<number> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let ran = 0;
  let empty = false;
  const lane = async () => {
    while (ran < limit && !empty && !options.signal?.aborted) {
      const job = await claimNextJob(options.db, leaseMs);
      if (!job) {
        empty = true;
        return;
      }
      ran += 1;
      await runOne(options, job, leaseMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, lane));
  return ran;
}

/** Queues the current slot of every schedule that no worker has queued yet. */
export async function enqueueSchedules<K extends JobKinds>(options: WorkerOptions<K>): Promise<void> {
  for (const schedule of options.schedules ?? []) await enqueueScheduledSlot(options.db, schedule);
}

export interface Worker {
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

/** Polls for due jobs (and queues scheduled ones) in the background until stopped. */
export function startWorker<K extends JobKinds>(options: WorkerOptions<K>): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();
  const run = { ...options, signal: stopping.signal };

  const tick = () => {
    if (stopping.signal.aborted) return;
    running = enqueueSchedules(run)
      .catch((error: unknown) => options.logger?.warn({ err: error }, 'scheduled jobs not queued yet'))
      .then(() => runDueJobs(run))
      .then(() => undefined)
      .catch((error: unknown) => options.logger?.error({ err: error }, 'job worker error'))
      .finally(() => {
        if (!stopping.signal.aborted) timer = setTimeout(tick, options.pollMs ?? 1000);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
