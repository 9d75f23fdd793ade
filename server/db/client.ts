import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The database outside any transaction. A function taking it opens its own transactions
 * (decision 016); a `Transaction` is refused here, since drizzle's transaction would
 * otherwise pass for a database (it has everything a database has, and `rollback`).
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema> & { readonly rollback?: never };
/** An open transaction: a function taking it must run inside its caller's transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: for reads and for single statements, which are atomic on their own. */
export type Db = Database | Transaction;
export type DatabaseKind = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Runs `fn` on one dedicated connection (advisory locks need a session). */
  withSession<T>(
    fn: (query: (text: string, params?: unknown[]) => Promise<unknown>) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

/** Hears every statement the app sends through drizzle, with its parameters (tests read plans). */
export type QueryListener = (text: string, params: unknown[]) => void;

export type DatabaseOptions = (
  | { kind: 'postgresql'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; dataDir?: undefined; snapshot: Blob | File }
) & { onQuery?: QueryListener };

/**
 * One statement sent outside any transaction under a name: node-postgres parses and plans it
 * once per connection (the first time that connection sees the name) and afterwards sends only
 * its values. A name stands for one text; a statement whose text varies needs a name per text.
 */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

type SendNamed = (statement: NamedStatement) => Promise<Record<string, unknown>[]>;
/** How each open database sends a named statement through its own driver. */
const namedSenders = new WeakMap<object, SendNamed>();

/**
 * Runs a named statement (`NamedStatement`) on `db` and returns its rows. A single statement
 * is atomic on its own: it commits as a whole or, on any error, changes nothing.
 */
export async function sendNamed<T extends Record<string, unknown>>(
  db: Database,
  statement: NamedStatement,
): Promise<T[]> {
  const send = namedSenders.get(db);
  if (!send) throw new Error('sendNamed needs a database opened by openDatabase');
  return (await send(statement)) as T[];
}

const queryLogger = (onQuery: QueryListener | undefined) =>
  onQuery ? { logger: { logQuery: (text: string, params: unknown[]) => onQuery(text, params) } } : {};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgresql')
    return openPostgres(options.url, options.poolSize ?? 10, options.onQuery);
  return openPglite(options);
}

function openPostgres(url: string, poolSize: number, onQuery?: QueryListener): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg({
    client: pool,
    schema,
    casing: 'snake_case',
    ...queryLogger(onQuery),
  }) as unknown as Database;
  namedSenders.set(db, async ({ name, text, values }) => {
    onQuery?.(text, values);
    const client = await pool.connect();
    try {
      const { rows } = await client.query({ name, text, values });
      client.release();
      return rows;
    } catch (error) {
      // An error PostgreSQL answered (a refused reservation, a constraint) leaves the connection
      // and its prepared statements usable: keep it. pg-pool's own `query` would close it,
      // and the next statement would pay for a new connection.
      client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
      throw error;
    }
  });
  return {
    db,
    kind: 'postgresql',
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn((text, params) => client.query(text, params));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Extensions the migrations use; PostgreSQL servers ship them in contrib. */
const extensions = { pg_trgm };

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    lock = await acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create({ dataDir: `${options.dataDir}/pg`, extensions });
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else if ('snapshot' in options) {
    client = await PGlite.create({ loadDataDir: options.snapshot, extensions });
  } else {
    throw new Error('PGlite needs a data directory or a snapshot');
  }
  const db = drizzlePglite({
    client,
    schema,
    casing: 'snake_case',
    ...queryLogger(options.onQuery),
  }) as unknown as Database;
  // One session, in this process: nothing to gain from naming; the text is parsed each time.
  namedSenders.set(db, async ({ text, values }) => {
    options.onQuery?.(text, values);
    return (await client.query<Record<string, unknown>>(text, values)).rows;
  });
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection: every call already runs in the same session.
    withSession: (fn) => fn((text, params) => client.query(text, params)),
    async close() {
      await client.close();
      await lock?.release();
    },
  };
}
