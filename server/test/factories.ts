import type { Db } from '../db/client';
import { jobs } from '../db/schema';

/**
 * Test data builders: each takes the database and only the fields a test cares about, and
 * fills the rest with valid defaults. Aggregates add theirs here as they arrive
 * (`makeAccount`, `makeEvent({ tickets: [paid(2500)] })`, …).
 */
let sequence = 0;
const next = () => ++sequence;

export type JobOverrides = Partial<typeof jobs.$inferInsert>;

export async function makeJob(db: Db, overrides: JobOverrides = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ type: `job_${next()}`, ...overrides })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function makeJobs(db: Db, count: number, overrides: (i: number) => JobOverrides = () => ({})) {
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(await makeJob(db, overrides(i)));
  return rows;
}
