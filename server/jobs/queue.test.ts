import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createTestDatabase, type TestDatabase } from '../test/app';
import { makeJob } from '../test/builders';
import {
  claimNextJob,
  completeJob,
  type EnqueueInput,
  enqueueJob,
  type JobKinds,
  releaseOrphanedJobs,
  retryDelayMs,
} from './queue';
import { type JobHandlers, runDueJobs, startWorker } from './worker';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});
beforeEach(async () => {
  await t.handle.db.delete(jobs);
});

const KINDS = {
  greet: z.object({ name: z.string() }),
  flaky: z.object({}),
  work: z.object({}),
  count: z.object({ i: z.number().int() }),
} as const satisfies JobKinds;
type Kinds = typeof KINDS;

const add = <T extends keyof Kinds>(input: EnqueueInput<Kinds, T>) => enqueueJob(t.handle.db, KINDS, input);
const fail = async () => {
  throw new Error('not expected to run');
};
/** Handlers for every test kind: the ones given, and the others failing if they ever run. */
const handlers = (some: Partial<JobHandlers<Kinds>>): JobHandlers<Kinds> => ({
  greet: fail,
  flaky: fail,
  work: fail,
  count: fail,
  ...some,
});
const run = (some: Partial<JobHandlers<Kinds>>, leaseMs?: number) =>
  runDueJobs({ db: t.handle.db, kinds: KINDS, handlers: handlers(some), leaseMs });

describe('job queue', () => {
  it('runs due jobs once with their payload', async () => {
    const seen: unknown[] = [];
    const greet = async (payload: { name: string }) => void seen.push(payload);
    await add({ type: 'greet', payload: { name: 'Ada' } });
    await add({ type: 'greet', payload: { name: 'Later' }, runAt: new Date(Date.now() + 60_000) });
    expect(await run({ greet })).toBe(1);
    expect(await run({ greet })).toBe(0);
    expect(seen).toEqual([{ name: 'Ada' }]);
    const [done] = await t.handle.db.select().from(jobs).where(eq(jobs.status, 'done'));
    expect(done?.finishedAt).toBeInstanceOf(Date);
  });

  it('refuses to queue a payload its kind does not describe, with the rest of the transaction', async () => {
    await expect(
      inTransaction(t.handle.db, async (tx) => {
        await enqueueJob(tx, KINDS, { type: 'greet', payload: { name: 'Ada' } });
        await enqueueJob(tx, KINDS, { type: 'count', payload: { i: 1.5 } });
      }),
    ).rejects.toThrow(/expected int/i);
    // An unknown kind is refused too (the type checker already refuses it in our code).
    await expect(enqueueJob(t.handle.db, KINDS, { type: 'nope' as 'work', payload: {} })).rejects.toThrow(
      'Unknown job type "nope"',
    );
    expect(await t.handle.db.$count(jobs)).toBe(0);
  });

  it('does not hand a handler a stored payload of the wrong shape, and keeps the job to retry', async () => {
    await makeJob(t.handle.db, { type: 'count', payload: { i: 'seven' } });
    let ran = 0;
    await run({ count: async () => void ran++ });
    const [job] = await t.handle.db.select().from(jobs);
    expect(ran).toBe(0);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.lastError).toMatch(/^Invalid payload for "count"/);
  });

  it('ignores a second enqueue with the same unique key', async () => {
    expect(await add({ type: 'work', payload: {}, uniqueKey: 'order-1-confirmation' })).toBe(true);
    expect(await add({ type: 'work', payload: {}, uniqueKey: 'order-1-confirmation' })).toBe(false);
    expect(await t.handle.db.$count(jobs)).toBe(1);
  });

  it('only keeps jobs whose transaction committed', async () => {
    await expect(
      inTransaction(t.handle.db, async (tx) => {
        await enqueueJob(tx, KINDS, { type: 'work', payload: {} });
        throw new Error('order refused');
      }),
    ).rejects.toThrow('order refused');
    expect(await t.handle.db.$count(jobs)).toBe(0);
  });

  it('retries a failing job later with backoff and gives up after its last attempt', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      throw new Error('SMTP unavailable');
    };
    await add({ type: 'flaky', payload: {}, maxAttempts: 2 });
    await run({ flaky });
    let [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP unavailable' });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    await t.handle.db.update(jobs).set({ runAt: sql`now()` });
    await run({ flaky });
    [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
    expect(retryDelayMs(1)).toBe(10_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('fails a job of an unknown type instead of losing it silently', async () => {
    await makeJob(t.handle.db, { type: 'nobody-handles-this', maxAttempts: 1 });
    await run({});
    const [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({
      status: 'failed',
      lastError: 'No handler for job type "nobody-handles-this"',
    });
  });

  it('reclaims a job whose worker died (lease expired)', async () => {
    await add({ type: 'work', payload: {} });
    await t.handle.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` });
    let ran = 0;
    await run({ work: async () => void ran++ });
    expect(ran).toBe(1);
    const [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('keeps renewing the lease of a job that runs longer than it, so no other worker takes it', async () => {
    await add({ type: 'work', payload: {} });
    let runs = 0;
    let release = () => {};
    const slow = async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const first = run({ work: slow }, 300);
    await new Promise((resolve) => setTimeout(resolve, 900));
    // Three leases long: a second worker finds nothing to take.
    expect(await run({ work: slow }, 300)).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    expect((await t.handle.db.select().from(jobs))[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('lets a claim that lost its job finish without marking the new claim done', async () => {
    await add({ type: 'work', payload: {} });
    const stale = await claimNextJob(t.handle.db, 60_000);
    await t.handle.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` });
    const current = await claimNextJob(t.handle.db, 60_000);
    expect(current?.attempts).toBe(2);
    if (!stale) throw new Error('no job claimed');
    await completeJob(t.handle.db, stale);
    expect((await t.handle.db.select().from(jobs))[0]).toMatchObject({ status: 'running', attempts: 2 });
  });

  it('puts jobs left running by a dead process back in line (embedded database, at start-up)', async () => {
    await add({ type: 'work', payload: {} });
    await add({ type: 'greet', payload: { name: 'Ada' } });
    await claimNextJob(t.handle.db, 300_000);
    expect(await releaseOrphanedJobs(t.handle.db)).toBe(1);
    expect(await run({ work: async () => {}, greet: async () => {} })).toBe(2);
  });

  it('stops after the job in progress when asked to, leaving the rest of the queue', async () => {
    for (let i = 0; i < 5; i++) await add({ type: 'count', payload: { i } });
    const started: number[] = [];
    let begun = () => {};
    const first = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const worker = startWorker({
      db: t.handle.db,
      kinds: KINDS,
      handlers: handlers({
        count: async ({ i }) => {
          started.push(i);
          begun();
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      }),
    });
    await first;
    await worker.stop();
    expect(started).toHaveLength(1);
    const rows = await t.handle.db.select().from(jobs);
    expect(rows.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(4);
  });

  it('lets concurrent workers share the queue without running a job twice', async () => {
    for (let i = 0; i < 40; i++) await add({ type: 'count', payload: { i } });
    const runs = new Map<number, number>();
    const count = async ({ i }: { i: number }) => {
      runs.set(i, (runs.get(i) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    // Four workers (instances), each running three jobs side by side.
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        runDueJobs({ db: t.handle.db, kinds: KINDS, handlers: handlers({ count }), concurrency: 3 }),
      ),
    );
    expect(results.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });
});
