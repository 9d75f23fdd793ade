import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase, type QueryListener } from '../db/client';
import { adminQuery, dropDatabase, randomDatabaseName, withDatabase } from './databases';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The database's URL on PostgreSQL (another connection pool may open it); undefined on PGlite. */
  url: string | undefined;
  /** Closes the connection and drops the database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database for one test file: PGlite from the snapshot, or a PostgreSQL clone. */
export async function createTestDatabase(onQuery?: QueryListener): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = randomDatabaseName('tessera_test');
    await adminQuery(url, [`CREATE DATABASE "${name}" TEMPLATE "${template}"`]);
    const handle = await openDatabase({
      kind: 'postgresql',
      url: withDatabase(url, name),
      poolSize: 20,
      onQuery,
    });
    return {
      handle,
      url: withDatabase(url, name),
      async dispose() {
        await handle.close();
        await dropDatabase(url, name);
      },
    };
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  const handle = await openDatabase({ kind: 'pglite', snapshot, onQuery });
  return { handle, url: undefined, dispose: () => handle.close() };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // Uploads and mail files of a test never land in the working tree.
    DATA_DIR: path.join(os.tmpdir(), `tessera-test-${randomBytes(6).toString('hex')}`),
    WEB_DIST_DIR: '/nonexistent-tessera-web',
    ...overrides,
  });
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** The database's URL on PostgreSQL, for a second pool on it; undefined on PGlite. */
  url: string | undefined;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject()`. */
export async function createTestApp(
  options: Partial<Omit<AppOptions, 'database'>> & {
    env?: Record<string, string>;
    /** Hears every statement the app sends (see `QueryListener`). */
    onQuery?: QueryListener;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.onQuery);
  const app = await buildApp({
    config: options.config ?? testConfig(options.env),
    database: database.handle,
    extraRoutes: options.extraRoutes,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    database: database.handle,
    url: database.url,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
