import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { claimNextJob, completeJob, failJob, type JobPayload } from './queue';

export type JobHandler = (payload: JobPayload, context: { attempt: number; jobId: number }) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  logger?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  pollMs?: number;
  leaseMs?: number;
}

/** Runs due jobs until none is left; returns how many ran. Handlers must be idempotent. */
export async function runDueJobs(options: WorkerOptions, limit = 100): Promise<number> {
  const { db, handlers, logger } = options;
  let ran = 0;
  while (ran < limit) {
    const job = await claimNextJob(db, options.leaseMs ?? 5 * 60_000);
    if (!job) break;
    ran += 1;
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`No handler for job type "${job.type}"`);
      await handler(job.payload, { attempt: job.attempts, jobId: job.id });
      await completeJob(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger?.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, 'job failed');
      await failJob(db, job, message);
    }
  }
  return ran;
}

export interface Worker {
  /** Wakes the worker now (after enqueueing something urgent). */
  poke(): void;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

/** Polls for due jobs in the background until stopped. */
export function startWorker(options: WorkerOptions): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    if (stopped) return;
    running = runDueJobs(options)
      .then(() => undefined)
      .catch((error: unknown) => options.logger?.error({ err: error }, 'job worker error'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 1000);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    poke() {
      if (stopped) return;
      clearTimeout(timer);
      void running.then(() => {
        clearTimeout(timer);
        if (!stopped) timer = setTimeout(tick, 0);
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
