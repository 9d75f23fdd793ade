import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { type RunningTessera, startTessera } from '../server/test/process';
import {
  BUYERS,
  CPU_TARGET,
  describeSale,
  figuresOf,
  runBuyers,
  SALE_ENV,
  type Sale,
  STOCK,
  saleIsSound,
  seedSale,
  stockOf,
  withinCpuBudgets,
} from './flash';
import { freshPostgres, printBench, startServer } from './support';

const TARGET_RATIO = 1.5;
const PROCESSES = 3;

/** `count` server processes (`server/main.ts`, as `npm start` runs it) on one PostgreSQL database. */
async function startProcesses(count: number, { url, dir }: { url: string; dir: string }) {
  const web = path.join(dir, 'web');
  await mkdir(web, { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>stand-in</title>');
  const started: RunningTessera[] = [];
  for (let i = 0; i < count; i++) {
    started.push(
      await startTessera({
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        DATABASE_URL: url,
        DATA_DIR: path.join(dir, `data-${i}`),
        WEB_DIST_DIR: web,
        SEED_DEMO: 'false',
        ...SALE_ENV,
      }),
    );
  }
  return started;
}

/** A sale on ticket `index` of `sale` against `count` processes, the buyers going round them. */
async function saleOn(
  count: number,
  { url, dir, sale, index }: { url: string; dir: string; sale: Sale; index: number },
) {
  const processes = await startProcesses(count, { url, dir });
  try {
    const base = {
      mode: 'http' as const,
      bases: processes.map((p) => `http://127.0.0.1:${p.port}`),
      eventId: sale.eventId,
      accountId: sale.accountId,
    };
    await runBuyers({ ...base, buyers: 20, ticketId: sale.warmUpIds[index] ?? 0 });
    const result = await runBuyers({
      ...base,
      buyers: BUYERS,
      ticketId: sale.ticketIds[index] ?? 0,
      // The server processes' CPU and PostgreSQL's, over the sale.
      watch: { pids: processes.map((p) => p.child.pid ?? 0), databaseUrl: url },
    });
    return figuresOf(result);
  } finally {
    for (const running of processes) await running.stop();
  }
}

/**
 * The flash sale against three server processes sharing one PostgreSQL database, the buyers'
 * requests going round them in turn, against the same sale on one process in the same run:
 * how far adding processes carries on this machine. Oversold counted from the database.
 */
export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('flash-sale-scaled skipped: it needs PostgreSQL; set BENCH_DATABASE_URL');
    return;
  }
  const database = await freshPostgres(serverUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  try {
    const seeding = await startServer({ databaseUrl: database.url });
    const sale = await seedSale(seeding.app, 2);
    await seeding.close();
    console.log(
      `PostgreSQL, ${os.cpus().length} cores; ${BUYERS} buyers; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const one = await saleOn(1, { url: database.url, dir, sale, index: 0 });
    console.log(`1 process:   ${describeSale(one)}`);
    const many = await saleOn(PROCESSES, { url: database.url, dir, sale, index: 1 });
    console.log(`${PROCESSES} processes: ${describeSale(many)}`);
    const handle = await openDatabase({ kind: 'postgresql', url: database.url, poolSize: 1 });
    const [stockOne, stockMany] = [
      await stockOf(handle.db, sale.ticketIds[0] ?? 0),
      await stockOf(handle.db, sale.ticketIds[1] ?? 0),
    ];
    await handle.close();
    console.log(
      `sold ${stockOne.sold} / ${stockMany.sold}, oversold ${stockOne.oversold} / ${stockMany.oversold}`,
    );
    const ratio = many.ordersPerSecond / one.ordersPerSecond;
    printBench({
      name: 'flash-sale-scaled',
      value: many.ordersPerSecond,
      unit: 'orders/s',
      reference: 'the same sale on one server process, same run',
      reference_value: one.ordersPerSecond,
      target: `ratio >= ${TARGET_RATIO}, ${CPU_TARGET} (${PROCESSES} processes), sold ${STOCK}, oversold 0`,
      ok: ratio >= TARGET_RATIO && withinCpuBudgets(many) && saleIsSound(stockOne) && saleIsSound(stockMany),
      sold: stockMany.sold,
      oversold: stockMany.oversold,
      processes: PROCESSES,
      p50_ms: many.p50,
      p99_ms: many.p99,
      app_cpu_ms_per_order: many.appCpuMsPerOrder,
      db_cpu_ms_per_order: many.dbCpuMsPerOrder,
      reference_p99_ms: one.p99,
      reference_app_cpu_ms_per_order: one.appCpuMsPerOrder,
      reference_db_cpu_ms_per_order: one.dbCpuMsPerOrder,
      reference_sold: stockOne.sold,
      cores: os.cpus().length,
      failures: many.failures,
      load: loadavg()[0],
    });
  } finally {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
