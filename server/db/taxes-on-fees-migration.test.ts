import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, dropDatabase, randomDatabaseName, withDatabase } from '../test/databases';
import { type DatabaseHandle, openDatabase, type Schema } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { queryRows } from './rows';

// Migration 0020 gives each tax the choice of applying to fees: taxes that existed before it
// were computed on the fees, so they keep that; taxes made afterwards start without it.

let handle: DatabaseHandle;
let cleanup: () => Promise<void>;
const scratch: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Applies the first `count` migrations only, as a database made before the later ones. */
async function migrateFirst(count: number): Promise<void> {
  const folder = await tempDir('tessera-migrations-');
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalFile, JSON.stringify(journal));
  if (handle.kind === 'pglite')
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
  else await migrateNodePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = randomDatabaseName('tessera_migration');
    await adminQuery(url, [`CREATE DATABASE "${name}"`]);
    handle = await openDatabase({ kind: 'postgresql', url: withDatabase(url, name) });
    cleanup = () => dropDatabase(url, name);
  } else {
    handle = await openDatabase({ kind: 'pglite', dataDir: await tempDir('tessera-pglite-') });
    cleanup = async () => {};
  }
});
afterAll(async () => {
  await handle?.close();
  await cleanup?.();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('migration 0020 (taxes on fees)', () => {
  it('keeps existing taxes on the fees and starts new ones without', async () => {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag === '0020_taxes_on_fees');
    expect(at).toBeGreaterThan(0);
    await migrateFirst(at);
    const [account] = await queryRows<{ id: number }>(
      handle.db,
      sql`insert into accounts (name, currency, timezone) values ('Old', 'EUR', 'Europe/Lisbon') returning id`,
    );
    await handle.db.execute(
      sql`insert into taxes_and_fees (account_id, name, type, calculation_type, rate) values
        (${account?.id}, 'VAT', 'TAX', 'PERCENTAGE', '23'),
        (${account?.id}, 'City tax', 'TAX', 'FIXED', '100'),
        (${account?.id}, 'Booking fee', 'FEE', 'FIXED', '250')`,
    );

    await migrateDatabase(handle);
    await handle.db.execute(
      sql`insert into taxes_and_fees (account_id, name, type, calculation_type, rate)
        values (${account?.id}, 'New tax', 'TAX', 'PERCENTAGE', '5')`,
    );
    const rows = await queryRows<{ name: string; applies_to_fees: boolean }>(
      handle.db,
      sql`select name, applies_to_fees from taxes_and_fees order by id`,
    );
    expect(rows).toEqual([
      { name: 'VAT', applies_to_fees: true },
      { name: 'City tax', applies_to_fees: true },
      { name: 'Booking fee', applies_to_fees: false },
      { name: 'New tax', applies_to_fees: false },
    ]);
  });
});
