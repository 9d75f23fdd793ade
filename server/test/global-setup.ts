import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { adminQuery, dropDatabase, randomDatabaseName, withDatabase } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data directory dump (when running on PGlite). */
    pgliteSnapshot: string;
    /** A migrated PGlite data directory, closed, to copy (when running on PGlite). */
    pgliteDataDir: string;
    /** Name of a migrated template database (when TEST_DATABASE_URL is set). */
    pgTemplate: string;
  }
}

/**
 * Migrates once per test run: a PGlite dump each test file starts from (and the data directory
 * it was dumped from, for server processes), or, when
 * TEST_DATABASE_URL is set, a PostgreSQL template each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = randomDatabaseName('tessera_tpl');
    await adminQuery(url, [`CREATE DATABASE "${template}"`]);
    const handle = await openDatabase({ kind: 'postgresql', url: withDatabase(url, template), poolSize: 2 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    project.provide('pgliteDataDir', '');
    return () => dropDatabase(url, template);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-snapshot-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
  await migrateDatabase(handle);
  const { $client } = handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } };
  const dump = await $client.dumpDataDir('none');
  await handle.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteDataDir', path.join(dir, 'data'));
  project.provide('pgTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}
