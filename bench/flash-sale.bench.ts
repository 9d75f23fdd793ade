import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { startCpuProfile } from './cpu-profile';
import {
  BUYERS,
  CPU_TARGET,
  describeSale,
  figuresOf,
  runBuyers,
  SALE_ENV,
  type Sale,
  type SaleFigures,
  STOCK,
  type Stock,
  saleIsSound,
  seedSale,
  stockOf,
  withinCpuBudgets,
} from './flash';
import { PAST_ORDERS, seedPastEvent, seedPastOrders } from './flash-history';
import type { LoadPlan } from './flash-load';
import { type BenchServer, freshPostgres, printBench, startServer } from './support';

const TARGET_RATIO = 0.6;
/** Tessera's p99 may be at most this many times the plain-SQL reference's. */
const TARGET_P99_FACTOR = 2;
const TARGET_ONE_ADDRESS_RATIO = 0.8;
const TARGET_PAST_ORDERS_RATIO = 0.9;

/** The sales beside the main one (and its reference), `BENCH_SALES=one-address,1m-orders` by default. */
const EXTRA_SALES = new Set(
  (process.env.BENCH_SALES ?? 'one-address,1m-orders').split(',').map((s) => s.trim()),
);
/** The extra sales stop taking new reservations after this many seconds (a slow one would take minutes). */
const EXTRA_SALE_SECONDS = Number(process.env.BENCH_SALE_SECONDS ?? 45);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The same reservations as plain SQL, on `url` (a copy of the server's database made before the sale). */
export async function rawSale(url: string, sale: Sale, dateId?: number) {
  const plan = {
    mode: 'sql' as const,
    bases: [url],
    eventId: sale.eventId,
    accountId: sale.accountId,
    ...(dateId ? { dateId } : {}),
  };
  await runBuyers({ ...plan, buyers: 20, ticketId: sale.warmUpIds[0] ?? 0 });
  const result = await runBuyers({
    ...plan,
    buyers: BUYERS,
    ticketId: sale.ticketIds[0] ?? 0,
    watch: { pids: [], databaseUrl: url },
  });
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
  // BENCH_STATEMENTS=1 also prints how often each statement was sent (its first 70 characters).
  const shapes = new Map<string, number>();
  prototype.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    if (process.env.BENCH_STATEMENTS) {
      const [first] = args;
      const text = typeof first === 'string' ? first : String((first as { text?: string })?.text);
      const shape = text.replace(/\s+/g, ' ').slice(0, 70);
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  try {
    return { value: await fn(), queries };
  } finally {
    prototype.query = original;
    for (const [shape, n] of [...shapes].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${String(n).padStart(6)}  ${shape}`);
  }
}

export interface Measured {
  figures: SaleFigures;
  stock: Stock;
  /** Every ticket sold (not stopped by `EXTRA_SALE_SECONDS`). */
  complete: boolean;
  sound: boolean;
  /** Reservations asked for, for the statements per order. */
  asked: number;
}

/**
 * One measured sale of ticket `index` on the in-process server, its CPU watched (this process
 * is the server's; the buyers are a child) and its stock counted from the database.
 */
export async function saleOn(
  server: BenchServer,
  context: { sale: Sale; url: string; index: number },
  options: Pick<LoadPlan, 'addresses' | 'seconds' | 'dateId'> = {},
): Promise<Measured> {
  const { sale, url, index } = context;
  const ticketId = sale.ticketIds[index] ?? 0;
  const result = await runBuyers({
    mode: 'http',
    bases: [server.base],
    eventId: sale.eventId,
    accountId: sale.accountId,
    buyers: BUYERS,
    ticketId,
    watch: { pids: [process.pid], databaseUrl: url },
    ...options,
  });
  const figures = figuresOf(result);
  const stock = await stockOf(server.app.db, ticketId);
  const complete = stock.sold === STOCK;
  console.log(`  ${describeSale(figures)}`);
  console.log(`  sold ${stock.sold}, oversold ${stock.oversold}, counters agree: ${stock.countersAgree}`);
  return {
    figures,
    stock,
    complete,
    sound: saleIsSound(stock, complete ? STOCK : result.tickets),
    asked: result.orders + result.refused,
  };
}

/** The figures every sale's BENCH line carries. */
const saleFields = (m: Measured) => ({
  p50_ms: m.figures.p50,
  p99_ms: m.figures.p99,
  app_cpu_ms_per_order: m.figures.appCpuMsPerOrder,
  db_cpu_ms_per_order: m.figures.dbCpuMsPerOrder,
  sold: m.stock.sold,
  oversold: m.stock.oversold,
  complete: m.complete,
  failures: m.figures.failures,
});

/**
 * A ticket release on PostgreSQL: 200 keep-alive buyers against the real server, each asking
 * for 1–4 seats of one ticket of 10,000 until it is sold out, against the same reservation
 * made as plain SQL (one statement, 10 connections, 200 loops) on a copy of the same database
 * in the same run. Then, on the same server, the same sale with every buyer sending one
 * address, and the same sale once a million past orders fill the tables. Sold and oversold
 * seats are counted from the database; CPU per order from /proc (`proc-cpu.ts`).
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
  // Ticket 0: the sale; 1: the one-address sale; 2: the sale after a million orders.
  const sale = await seedSale(seeding.app, 3);
  const past = EXTRA_SALES.has('1m-orders') ? await seedPastEvent(seeding.app) : null;
  await seeding.close();
  // The reference works on a copy of the very tables, rows and indexes the server starts with.
  const copy = await freshPostgres(serverUrl, original.name);
  try {
    console.log(`PostgreSQL; ${BUYERS} buyers, one ticket of ${STOCK}, 1–4 seats an order; load ${load()}`);
    const raw = await rawSale(copy.url, sale);
    await copy.drop();
    console.log(`reference, plain SQL: ${describeSale(raw.figures)} (load ${load()})`);

    const server = await startServer({ databaseUrl: original.url, env: SALE_ENV });
    const context = { sale, url: original.url };
    try {
      await runBuyers({
        mode: 'http',
        bases: [server.base],
        eventId: sale.eventId,
        accountId: sale.accountId,
        buyers: 20,
        ticketId: sale.warmUpIds[0] ?? 0,
      });
      console.log(`Tessera, ${BUYERS} addresses:`);
      const stopProfile = await startCpuProfile();
      const { value: ours, queries } = await countingQueries(() => saleOn(server, { ...context, index: 0 }));
      await stopProfile();
      const perOrder = Number((queries / ours.asked).toFixed(1));
      console.log(
        `  ${queries} statements sent to PostgreSQL: ${perOrder} per reservation asked for (load ${load()})`,
      );
      const ratio = ours.figures.ordersPerSecond / raw.figures.ordersPerSecond;
      const p99Limit = TARGET_P99_FACTOR * raw.figures.p99;
      printBench({
        name: 'flash-sale',
        value: ours.figures.ordersPerSecond,
        unit: 'orders/s',
        reference:
          'the same reservation as plain SQL (one statement: UPDATE of the stock + INSERT of the order and its item, prepared, 10 connections), same run',
        reference_value: raw.figures.ordersPerSecond,
        target: `ratio >= ${TARGET_RATIO}, p99 <= ${TARGET_P99_FACTOR} x reference p99, ${CPU_TARGET}, sold ${STOCK}, oversold 0`,
        ok:
          ratio >= TARGET_RATIO &&
          ours.figures.p99 <= p99Limit &&
          withinCpuBudgets(ours.figures) &&
          ours.sound &&
          saleIsSound(raw.stock),
        ...saleFields(ours),
        reference_p50_ms: raw.figures.p50,
        reference_p99_ms: raw.figures.p99,
        reference_db_cpu_ms_per_order: raw.figures.dbCpuMsPerOrder,
        reference_sold: raw.stock.sold,
        reference_oversold: raw.stock.oversold,
        queries_per_order: perOrder,
        buyers: BUYERS,
        load: loadavg()[0],
      });

      if (EXTRA_SALES.has('one-address')) {
        console.log(`Tessera, one address for all ${BUYERS} buyers:`);
        const one = await saleOn(
          server,
          { ...context, index: 1 },
          { addresses: 'one', seconds: EXTRA_SALE_SECONDS },
        );
        printBench({
          name: 'flash-sale-one-address',
          value: one.figures.ordersPerSecond,
          unit: 'orders/s',
          reference: `the same sale with an address per buyer (flash-sale), same run`,
          reference_value: ours.figures.ordersPerSecond,
          target: `ratio >= ${TARGET_ONE_ADDRESS_RATIO}, oversold 0`,
          ok:
            one.figures.ordersPerSecond >= TARGET_ONE_ADDRESS_RATIO * ours.figures.ordersPerSecond &&
            one.sound,
          ...saleFields(one),
          reference_p99_ms: ours.figures.p99,
          load: loadavg()[0],
        });
      }

      if (past) {
        console.log(`writing ${PAST_ORDERS.toLocaleString('en')} past orders of another event…`);
        const seedSeconds = await seedPastOrders(original.url, { past });
        console.log(
          `  in ${seedSeconds.toFixed(1)} s (load ${load()}); Tessera, ${BUYERS} addresses, on the full tables:`,
        );
        const full = await saleOn(server, { ...context, index: 2 }, { seconds: EXTRA_SALE_SECONDS });
        printBench({
          name: 'flash-sale-1m-orders',
          value: full.figures.ordersPerSecond,
          unit: 'orders/s',
          reference: `the same sale before the ${PAST_ORDERS.toLocaleString('en')} past orders were written (flash-sale), same run`,
          reference_value: ours.figures.ordersPerSecond,
          target: `ratio >= ${TARGET_PAST_ORDERS_RATIO} (within 10 %), oversold 0`,
          ok:
            full.figures.ordersPerSecond >= TARGET_PAST_ORDERS_RATIO * ours.figures.ordersPerSecond &&
            full.sound,
          ...saleFields(full),
          reference_p99_ms: ours.figures.p99,
          past_orders: PAST_ORDERS,
          seed_seconds: Number(seedSeconds.toFixed(1)),
          load: loadavg()[0],
        });
      }
    } finally {
      await server.close();
    }
  } finally {
    await copy.drop();
    await original.drop();
  }
}
