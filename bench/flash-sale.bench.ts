import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { startCpuProfile } from './cpu-profile';
import {
  BUYERS,
  describeSale,
  figuresOf,
  runBuyers,
  SALE_ENV,
  type Sale,
  STOCK,
  saleIsSound,
  seedSale,
  stockOf,
} from './flash';
import { freshPostgres, printBench, startServer } from './support';

const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 250;

/** The same reservations as plain SQL, on `url` (a copy of the server's database made before the sale). */
async function rawSale(url: string, sale: Sale) {
  const plan = { mode: 'sql' as const, bases: [url], eventId: sale.eventId, accountId: sale.accountId };
  await runBuyers({ ...plan, buyers: 20, ticketId: sale.warmUpIds[0] ?? 0 });
  const result = await runBuyers({ ...plan, buyers: BUYERS, ticketId: sale.ticketIds[0] ?? 0 });
  const database = await openDatabase({ kind: 'postgresql', url, poolSize: 1 });
  try {
    return { figures: figuresOf(result), stock: await stockOf(database.db, sale.ticketIds[0] ?? 0) };
  } finally {
    await database.close();
  }
}

/**
 * Counts the statements node-postgres sends from this process (where the server runs) while
 * `fn` runs: BEGIN and COMMIT included.
 */
async function countingQueries<T>(fn: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let queries = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  try {
    return { value: await fn(), queries };
  } finally {
    prototype.query = original;
  }
}

/**
 * A ticket release on PostgreSQL: 200 keep-alive buyers against the real server, each asking
 * for 1–4 seats of one ticket of 10,000 until it is sold out, against the same reservation
 * made as plain SQL (pool of 10, 200 loops) on a copy of the same database in the same run.
 * Sold and oversold seats are counted from the database.
 */
export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'flash-sale skipped: it needs PostgreSQL; set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
    return;
  }
  const original = await freshPostgres(serverUrl);
  const seeding = await startServer({ databaseUrl: original.url });
  const sale = await seedSale(seeding.app);
  await seeding.close();
  // The reference works on a copy of the very tables, rows and indexes the server starts with.
  const copy = await freshPostgres(serverUrl, original.name);
  try {
    console.log(
      `PostgreSQL; ${BUYERS} buyers, one ticket of ${STOCK}, 1–4 seats an order; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const raw = await rawSale(copy.url, sale);
    await copy.drop();
    console.log(`reference, plain SQL: ${describeSale(raw.figures)}`);

    const server = await startServer({ databaseUrl: original.url, env: SALE_ENV });
    const base = {
      mode: 'http' as const,
      bases: [server.base],
      eventId: sale.eventId,
      accountId: sale.accountId,
    };
    try {
      await runBuyers({ ...base, buyers: 20, ticketId: sale.warmUpIds[0] ?? 0 });
      const stopProfile = await startCpuProfile();
      const { value: result, queries } = await countingQueries(() =>
        runBuyers({ ...base, buyers: BUYERS, ticketId: sale.ticketIds[0] ?? 0 }),
      );
      await stopProfile();
      const perOrder = Number((queries / (result.orders + result.refused)).toFixed(1));
      const ours = figuresOf(result);
      const stock = await stockOf(server.app.db, sale.ticketIds[0] ?? 0);
      console.log(`Tessera:              ${describeSale(ours)}`);
      console.log(`sold ${stock.sold}, oversold ${stock.oversold}, counters agree: ${stock.countersAgree}`);
      console.log(
        `${queries} statements sent to PostgreSQL: ${perOrder} per reservation asked for (plain SQL: 5)`,
      );
      const ratio = ours.ordersPerSecond / raw.figures.ordersPerSecond;
      printBench({
        name: 'flash-sale',
        value: ours.ordersPerSecond,
        unit: 'orders/s',
        reference:
          'the same reservation as plain SQL (UPDATE + 2 INSERTs, one transaction, pool of 10), same run',
        reference_value: raw.figures.ordersPerSecond,
        target: `ratio >= ${TARGET_RATIO}, p99 < ${TARGET_P99_MS} ms, sold ${STOCK}, oversold 0`,
        ok: ratio >= TARGET_RATIO && ours.p99 < TARGET_P99_MS && saleIsSound(stock) && saleIsSound(raw.stock),
        sold: stock.sold,
        oversold: stock.oversold,
        p50_ms: ours.p50,
        p99_ms: ours.p99,
        reference_p99_ms: raw.figures.p99,
        reference_sold: raw.stock.sold,
        queries_per_order: perOrder,
        buyers: BUYERS,
        database: 'postgresql',
        failures: ours.failures,
      });
    } finally {
      await server.close();
    }
  } finally {
    await copy.drop();
    await original.drop();
  }
}
