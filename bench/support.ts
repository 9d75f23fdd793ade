/**
 * What the benchmarks share: a server on a fresh database (PostgreSQL when
 * `BENCH_DATABASE_URL` is set, else embedded), load from autocannon in a child process so the
 * client never competes with the server's thread, and the `BENCH {…}` line of bench/README.md.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, type AppOptions, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';

export interface BenchServer {
  app: App;
  base: string;
  databaseKind: string;
  close: () => Promise<void>;
}

/**
 * A new database named for this run on the server `BENCH_DATABASE_URL` names, dropped at the
 * end; with `template`, a copy of that database (which nobody may be connected to).
 */
export async function freshPostgres(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `tessera_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The real server (`buildApp`, production settings) listening on a free port: on a fresh
 * database, or on `databaseUrl` (a PostgreSQL database the caller made and drops). Without
 * `logger` it logs nothing; with it, as `logger` says (the event-page bench logs as
 * `npm start` does, to a file).
 */
export async function startServer(
  options: {
    embedded?: boolean;
    env?: Record<string, string>;
    databaseUrl?: string;
    logger?: AppOptions['logger'];
  } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  const serverUrl = options.embedded || options.databaseUrl ? undefined : process.env.BENCH_DATABASE_URL;
  const postgres = serverUrl ? await freshPostgres(serverUrl) : undefined;
  const postgresUrl = options.databaseUrl ?? postgres?.url;
  const database = postgresUrl
    ? await openDatabase({ kind: 'postgresql', url: postgresUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR ?? path.join('dist', 'web')),
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    }),
    database,
    logger: options.logger,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    base,
    databaseKind: database.kind,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** Requests answered in the whole run. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** `connections` keep-alive clients on one URL for `seconds`, from a child process. */
export function loadUrl(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [autocannonBin, '-j', '-c', String(options.connections), '-d', String(options.seconds)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...args, ...headerArgs, url], { maxBuffer: 1 << 24 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: Math.round(result.requests.average),
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  reference?: string;
  reference_value?: number;
  target: string;
  ok: boolean;
  [more: string]: unknown;
}

/** Prints the machine-readable line; `ratio` follows from value and reference_value. */
export function printBench(line: BenchLine): void {
  const ratio =
    line.reference_value === undefined ? undefined : Number((line.value / line.reference_value).toFixed(2));
  const { name, value, unit, reference, reference_value, target, ok, ...rest } = line;
  console.log(
    `BENCH ${JSON.stringify({ name, value, unit, reference, reference_value, ratio, target, ok, ...rest })}`,
  );
}

/** Latency percentile `p` (0–100) of milliseconds, to one decimal. */
export function percentile(sorted: number[], p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return Number(value.toFixed(1));
}

/**
 * A clean clone has no build: make it, so that `npm run bench` measures the pages anyway (the
 * web bench, and the event page, whose HTML is the built shell with the server's rendering).
 */
export function ensureWebBuild(dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join('dist', 'web'))) {
  if (existsSync(path.join(dist, 'index.html'))) return;
  console.log(`No built web app in ${dist}: running \`npm run build\` first`);
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0 || !existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`\`npm run build\` did not make ${dist}`);
  }
}
