import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await adminQuery(url, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]);
}
