import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Schema } from './client';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary constant identifying Tessera's migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 7_301_925_114;

/**
 * Applies the committed SQL migrations. On PostgreSQL several instances may start at once:
 * a session-level advisory lock lets exactly one of them migrate while the others wait and
 * then find nothing left to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  await handle.withSession(async (query) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(handle.db as unknown as NodePgDatabase<Schema>, {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
