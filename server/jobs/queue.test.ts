import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createTestDatabase, type TestDatabase } from '../test/app';
import { enqueue, retryDelayMs } from './queue';
import { type JobHandlers, runDueJobs } from './worker';

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

describe('job queue', () => {
  it('runs due jobs once with their payload', async () => {
    const seen: unknown[] = [];
    const handlers: JobHandlers = { greet: async (payload) => void seen.push(payload) };
    await enqueue(t.handle.db, { type: 'greet', payload: { name: 'Ada' } });
    await enqueue(t.handle.db, {
      type: 'greet',
      payload: { name: 'Later' },
      runAt: new Date(Date.now() + 60_000),
    });
    expect(await runDueJobs({ db: t.handle.db, handlers })).toBe(1);
    expect(await runDueJobs({ db: t.handle.db, handlers })).toBe(0);
    expect(seen).toEqual([{ name: 'Ada' }]);
    const [done] = await t.handle.db.select().from(jobs).where(eq(jobs.status, 'done'));
    expect(done?.finishedAt).toBeInstanceOf(Date);
  });

  it('ignores a second enqueue with the same unique key', async () => {
    expect(await enqueue(t.handle.db, { type: 'mail', uniqueKey: 'order-1-confirmation' })).toBe(true);
    expect(await enqueue(t.handle.db, { type: 'mail', uniqueKey: 'order-1-confirmation' })).toBe(false);
    expect(await t.handle.db.$count(jobs)).toBe(1);
  });

  it('only keeps jobs whose transaction committed', async () => {
    await expect(
      inTransaction(t.handle.db, async (tx) => {
        await enqueue(tx, { type: 'mail' });
        throw new Error('order refused');
      }),
    ).rejects.toThrow('order refused');
    expect(await t.handle.db.$count(jobs)).toBe(0);
  });

  it('retries a failing job later with backoff and gives up after its last attempt', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: async () => {
        calls += 1;
        throw new Error('SMTP unavailable');
      },
    };
    await enqueue(t.handle.db, { type: 'flaky', maxAttempts: 2 });
    await runDueJobs({ db: t.handle.db, handlers });
    let [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP unavailable' });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    await t.handle.db.update(jobs).set({ runAt: sql`now()` });
    await runDueJobs({ db: t.handle.db, handlers });
    [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
    expect(retryDelayMs(1)).toBe(10_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('fails a job of an unknown type instead of losing it silently', async () => {
    await enqueue(t.handle.db, { type: 'nobody-handles-this', maxAttempts: 1 });
    await runDueJobs({ db: t.handle.db, handlers: {} });
    const [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({
      status: 'failed',
      lastError: 'No handler for job type "nobody-handles-this"',
    });
  });

  it('reclaims a job whose worker died (lease expired)', async () => {
    await enqueue(t.handle.db, { type: 'work' });
    await t.handle.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` });
    let ran = 0;
    await runDueJobs({ db: t.handle.db, handlers: { work: async () => void ran++ } });
    expect(ran).toBe(1);
    const [job] = await t.handle.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('lets concurrent workers share the queue without running a job twice', async () => {
    for (let i = 0; i < 40; i++) await enqueue(t.handle.db, { type: 'count', payload: { i } });
    const runs = new Map<number, number>();
    const handlers: JobHandlers = {
      count: async (payload) => {
        const i = Number(payload.i);
        runs.set(i, (runs.get(i) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => runDueJobs({ db: t.handle.db, handlers })),
    );
    expect(results.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });
});
