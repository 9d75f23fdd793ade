import { mkdtemp, rm } from 'node:fs/promises';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ACCOUNT_REPORTS, EVENT_REPORTS } from '../common/reports';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedReports } from './reports-seed';
import { freshPostgres, median, printBench } from './support';

const ORDERS = 100_000;
const RUNS = 5;
const TARGET_MS = 1000;
const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The statements a report sent, with their parameters, for EXPLAIN. */
type Statement = { text: string; params: unknown[] };

/**
 * Every report of an event of 100,000 orders (and of its account, beside another account of as
 * many) on PostgreSQL, over the year of its sales: each asked through the API five times after
 * one warm-up, the median time printed as a BENCH line (target: under 1 s), then the plan of
 * each statement it sent (EXPLAIN ANALYZE). The orders are written in bulk SQL
 * (`reports-seed.ts`). On `BENCH_DATABASE_URL`, else the local server, in a database made for
 * the run and dropped after.
 */
export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? LOCAL;
  const scratch = await freshPostgres(serverUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  let recording: Statement[] | null = null;
  const database = await openDatabase({
    kind: 'postgresql',
    url: scratch.url,
    onQuery: (text, params) => recording?.push({ text, params }),
  });
  const explain = new pg.Client({ connectionString: scratch.url });
  try {
    await migrateDatabase(database);
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        APP_URL: 'http://127.0.0.1',
        LOG_LEVEL: 'warn',
      }),
      database,
    });
    const seeding = performance.now();
    const world = await seedReports(app, ORDERS);
    console.log(
      `PostgreSQL; ${ORDERS.toLocaleString('en')} orders in the event (and as many in another account), seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; load ${loadavg()[0]?.toFixed(2)}`,
    );
    await explain.connect();
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const month = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const year = `from=${from}&to=${to}`;
    const urls = [
      ...EVENT_REPORTS.map(
        (name) => [`event ${name}`, `/api/events/${world.eventId}/reports/${name}?${year}`] as const,
      ),
      ...ACCOUNT_REPORTS.map(
        (name) => [`account ${name}`, `/api/accounts/current/reports/${name}?${year}`] as const,
      ),
      // The last 30 days, as the screens open: a twelfth of the sales, read through the indexes.
      [
        `event sales-by-day (30 days)`,
        `/api/events/${world.eventId}/reports/sales-by-day?from=${month}&to=${to}`,
      ],
      [
        `account revenue-by-month (30 days)`,
        `/api/accounts/current/reports/revenue-by-month?from=${month}&to=${to}`,
      ],
    ] as const;
    for (const [name, url] of urls) {
      const ask = async () => {
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${world.owner.token}` },
        });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
        return {
          ms: performance.now() - started,
          body: res.json() as { rows: unknown[]; totals: unknown[] },
        };
      };
      recording = [];
      const first = await ask();
      const statements = recording;
      recording = null;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await ask()).ms);
      const ms = Number(median(times).toFixed(1));
      console.log(`${name}: ${first.body.rows.length} rows, totals ${JSON.stringify(first.body.totals)}`);
      printBench({
        name: `report ${name}`,
        value: ms,
        unit: 'ms',
        target: `median of ${RUNS} < ${TARGET_MS} ms over ${ORDERS.toLocaleString('en')} orders`,
        ok: ms < TARGET_MS,
        max_ms: Number(Math.max(...times).toFixed(1)),
        statements: statements.length,
        load: loadavg()[0],
      });
      for (const statement of statements) {
        // Only the report's own reads: not the event or the account looked up first.
        if (!/sum\(|count\(/.test(statement.text)) continue;
        const plan = await explain.query(
          `explain (analyze, buffers, costs off) ${statement.text}`,
          statement.params,
        );
        console.log(`  plan:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }
    await app.close();
  } finally {
    await explain.end().catch(() => {});
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
