import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/app';
import { adminQuery, dropDatabase, randomDatabaseName, withDatabase } from '../test/databases';
import { openDatabase, sendNamed } from './client';
import { DataDirBusyError } from './data-dir-lock';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { queryRows } from './rows';
import { jobs } from './schema';
import { inTransaction } from './transaction';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

async function journalEntries(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
  return journal.entries.length;
}

describe('migrations', () => {
  it('are applied to the test database, each recorded once', async () => {
    const rows = await queryRows<{ n: number | string }>(
      t.handle.db,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(rows[0]?.n)).toBe(await journalEntries());
    const tables = await queryRows<{ table_name: string }>(
      t.handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toContain('jobs');
  });

  it('are a no-op when run again', async () => {
    await migrateDatabase(t.handle);
    const rows = await queryRows<{ n: number | string }>(
      t.handle.db,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(rows[0]?.n)).toBe(await journalEntries());
  });
});

describe('two instances starting at once', () => {
  it('migrate exactly once (PostgreSQL: advisory lock) or refuse to share a data directory (PGlite)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const name = randomDatabaseName('tessera_race');
      await adminQuery(url, [`CREATE DATABASE "${name}"`]);
      const a = await openDatabase({ kind: 'postgresql', url: withDatabase(url, name) });
      const b = await openDatabase({ kind: 'postgresql', url: withDatabase(url, name) });
      try {
        await Promise.all([migrateDatabase(a), migrateDatabase(b), migrateDatabase(a)]);
        const rows = await queryRows<{ n: string }>(
          a.db,
          sql`select count(*) as n from drizzle.__drizzle_migrations`,
        );
        expect(Number(rows[0]?.n)).toBe(await journalEntries());
      } finally {
        await a.close();
        await b.close();
        await dropDatabase(url, name);
      }
    } else {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-lock-'));
      const first = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirBusyError);
      } finally {
        await first.close();
      }
      // Once the first one has closed, the directory can be opened again and keeps its data.
      const again = await openDatabase({ kind: 'pglite', dataDir: dir });
      await migrateDatabase(again);
      await again.db.insert(jobs).values({ type: 'kept' });
      await again.close();
      const third = await openDatabase({ kind: 'pglite', dataDir: dir });
      expect(await third.db.$count(jobs)).toBe(1);
      await third.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('inTransaction', () => {
  it('commits when the function resolves', async () => {
    const id = await inTransaction(t.handle.db, async (tx) => {
      const [row] = await tx.insert(jobs).values({ type: 'committed' }).returning({ id: jobs.id });
      return row?.id;
    });
    expect(id).toBeTypeOf('number');
    expect(await t.handle.db.$count(jobs, sql`${jobs.type} = 'committed'`)).toBe(1);
  });

  it('rolls everything back when the function throws', async () => {
    await expect(
      inTransaction(t.handle.db, async (tx) => {
        await tx.insert(jobs).values({ type: 'rolled-back' });
        await tx.insert(jobs).values({ type: 'rolled-back' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await t.handle.db.$count(jobs, sql`${jobs.type} = 'rolled-back'`)).toBe(0);
  });

  it('rolls back when a statement fails half way', async () => {
    await expect(
      inTransaction(t.handle.db, async (tx) => {
        await tx.insert(jobs).values({ type: 'half', uniqueKey: 'same' });
        await tx.insert(jobs).values({ type: 'half', uniqueKey: 'same' });
      }),
    ).rejects.toThrow();
    expect(await t.handle.db.$count(jobs, sql`${jobs.type} = 'half'`)).toBe(0);
  });
});

describe('sendNamed', () => {
  const pid = { name: 'test_backend_pid', text: 'select pg_backend_pid() as pid', values: [] };

  it('undoes the whole statement when it fails, and keeps the connection it ran on', async () => {
    const db = t.handle.db;
    const [before] = await sendNamed<{ pid: number }>(db, pid);
    // A statement that writes, then fails in its final SELECT, as a refused reservation does.
    const failing = {
      name: 'test_write_then_fail',
      text: `with job as (insert into jobs (type) values ($1::text) returning id)
             select case when exists (select from job) then fail_statement('short') end as outcome`,
      values: ['undone'],
    };
    await expect(sendNamed(db, failing)).rejects.toMatchObject({ code: 'TS409', message: 'short' });
    expect(await db.$count(jobs, sql`${jobs.type} = 'undone'`)).toBe(0);
    // The pool hands out the connection released last: the same one, still open.
    const [after] = await sendNamed<{ pid: number }>(db, pid);
    expect(after?.pid).toBe(before?.pid);
  });
});
