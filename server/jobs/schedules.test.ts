import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { queryRows } from '../db/rows';
import { jobs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/app';
import { makeJob } from '../test/builders';
import { enqueueScheduledSlot, scheduleKeyPrefix } from './schedules';
import { startWorker } from './worker';

let t: TestDatabase;
/**
 * A second connection pool on the same database, as a second instance has: on PostgreSQL its
 * own pool; the embedded database has one connection, which both workers then share.
 */
let other: DatabaseHandle;
beforeAll(async () => {
  t = await createTestDatabase();
  other = t.url ? await openDatabase({ kind: 'postgresql', url: t.url, poolSize: 4 }) : t.handle;
});
afterAll(async () => {
  if (other !== t.handle) await other.close();
  await t.dispose();
});
beforeEach(async () => {
  await t.handle.db.delete(jobs);
});

const KINDS = { tick: z.object({}) } as const;

describe('scheduled jobs', () => {
  it('run once per slot when two workers on two connections both schedule them', async () => {
    const everyMs = 250;
    const runs: { slot: number; worker: string }[] = [];
    const worker = (name: string, handle: DatabaseHandle) =>
      startWorker({
        db: handle.db,
        kinds: KINDS,
        handlers: {
          tick: async (_payload, { runAt }) => {
            runs.push({ slot: runAt.getTime() / everyMs, worker: name });
            // Long enough that the other worker polls while this one still runs it.
            await new Promise((resolve) => setTimeout(resolve, 30));
          },
        },
        schedules: [{ type: 'tick', everyMs }],
        pollMs: 10,
      });
    const workers = [worker('a', t.handle), worker('b', other)];
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    await Promise.all(workers.map((w) => w.stop()));

    const slots = runs.map((r) => r.slot);
    // Each slot ran once (a slot in which neither worker polled, on a busy machine, is skipped).
    expect(slots.every(Number.isInteger)).toBe(true);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(5);
    const rows = await t.handle.db
      .select()
      .from(jobs)
      .where(like(jobs.uniqueKey, `${scheduleKeyPrefix({ type: 'tick', everyMs })}%`));
    // One row per slot that ran, each claimed once; a slot queued just before the workers
    // stopped may still wait, unclaimed, for the next worker.
    const done = rows.filter((r) => r.status === 'done');
    expect(done).toHaveLength(slots.length);
    expect(done.every((r) => r.attempts === 1)).toBe(true);
    const waiting = rows.filter((r) => r.status !== 'done');
    expect(waiting.length).toBeLessThanOrEqual(1);
    expect(waiting.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    if (t.url) {
      // On PostgreSQL both instances really took part.
      expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
    }
  });

  it('queues a slot once, at its start, and prunes finished rows of slots long past', async () => {
    const schedule = { type: 'tick', everyMs: 3_600_000 };
    const prefix = scheduleKeyPrefix(schedule);
    const [now] = await queryRows<{ slot: string }>(
      t.handle.db,
      sql`select floor(extract(epoch from now()) * 1000 / ${schedule.everyMs}::bigint)::bigint as slot`,
    );
    const slot = Number(now?.slot);
    await makeJob(t.handle.db, { type: 'tick', uniqueKey: `${prefix}${slot - 20}`, status: 'done' });
    await makeJob(t.handle.db, { type: 'tick', uniqueKey: `${prefix}${slot - 19}`, status: 'done' });
    await makeJob(t.handle.db, { type: 'tick', uniqueKey: `${prefix}${slot - 25}`, status: 'pending' });

    expect(await enqueueScheduledSlot(t.handle.db, schedule)).toBe(true);
    expect(await enqueueScheduledSlot(other.db, schedule)).toBe(false);

    const keys = (await t.handle.db.select().from(jobs)).map((j) => [j.uniqueKey, j.status, j.runAt]);
    expect(keys).toEqual(
      expect.arrayContaining([
        [`${prefix}${slot}`, 'pending', new Date(slot * schedule.everyMs)],
        [`${prefix}${slot - 19}`, 'done', expect.any(Date)],
        // Still waiting to run: kept.
        [`${prefix}${slot - 25}`, 'pending', expect.any(Date)],
      ]),
    );
    expect(keys).toHaveLength(3);
  });
});
