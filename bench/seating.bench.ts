import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { sql } from 'drizzle-orm';
import type { App } from '../server/app';
import { queryRows } from '../server/db/rows';
import { makeAccount, makeLiveEvent } from '../server/test/builders';
import { hallPlan, seatEvent } from '../server/test/seating';
import { describeSale, figuresOf, PRICE, runBuyers, SALE_ENV } from './flash';
import type { LoadResult } from './flash-load';
import { auditRuns, CHROMIUM, round } from './lighthouse';
import type { SeatLoadPlan, SeatLoadResult } from './seating-load';
import { ensureWebBuild, freshPostgres, median, printBench, startServer } from './support';

/** A hall of 5,000 seats: 2 sections of 50 rows of 50, keys `S{section}-{row}-{seat}`. */
const HALL = { sections: 2, rows: 50, seatsPerRow: 50 };
const SEATS = HALL.sections * HALL.rows * HALL.seatsPerRow;
const BUYERS = 200;
/** The buyer's page: what a 5,000-seat plan may cost a phone (the event page's own budgets, decision 024). */
const PAGE_TARGETS = { lcp_ms: 2500, tbt_ms: 300 };

const load = () => loadavg()[0];

/** A live event selling a 5,000-seat plan with one ticket, and beside it (`plain`) one of 5,000 places. */
async function seedHall(app: App) {
  const owner = await makeAccount(app);
  const { event, tickets } = await makeLiveEvent(app, owner, {
    title: 'Opening night',
    settings: { offline_payments_enabled: true, notify_organizer_of_new_orders: false },
    tickets: [
      { title: 'Stalls', type: 'PAID', price: PRICE, max_per_order: 10 },
      { title: 'Warm-up', type: 'PAID', price: PRICE, quantity_available: 600 },
    ],
  });
  const plan = hallPlan(HALL);
  await seatEvent(app, owner, {
    eventId: event.id,
    plan,
    ticketIds: [tickets[0]?.id ?? 0, tickets[0]?.id ?? 0],
  });
  const plain = await makeLiveEvent(app, owner, {
    title: 'Standing night',
    settings: { offline_payments_enabled: true, notify_organizer_of_new_orders: false },
    tickets: [{ title: 'Standing', type: 'PAID', price: PRICE, quantity_available: SEATS }],
  });
  return {
    owner,
    event,
    ticketId: tickets[0]?.id ?? 0,
    warmUpId: tickets[1]?.id ?? 0,
    plain: { eventId: plain.event.id, ticketId: plain.tickets[0]?.id ?? 0 },
    rows: plan.sections.flatMap((s) => s.rows.map((r) => r.seats.map((seat) => seat.key))),
  };
}

/** The seat buyers (`seating-load.ts`) in a child process. */
function runSeatBuyers(plan: SeatLoadPlan): Promise<SeatLoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'seating-load.ts'), JSON.stringify(plan)],
      { maxBuffer: 1 << 26, cwd: path.resolve(import.meta.dirname, '..') },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        if (stderr) console.error(stderr);
        resolve(JSON.parse(stdout) as SeatLoadResult);
      },
    );
  });
}

/** The plan as a buyer's page downloads it, and the page on a phone in Lighthouse. */
async function page(): Promise<void> {
  ensureWebBuild();
  const server = await startServer({ embedded: true });
  try {
    const hall = await seedHall(server.app);
    const seating = await fetch(`${server.base}/api/public/events/${hall.event.id}/seating`);
    const body = Buffer.from(await seating.arrayBuffer());
    const availability = await fetch(
      `${server.base}/api/public/events/${hall.event.id}/seating/availability`,
    );
    const taken = Buffer.from(await availability.arrayBuffer());
    const url = `${server.base}/e/${hall.event.id}/${hall.event.slug}`;
    console.log(`event page with a ${SEATS.toLocaleString('en')}-seat plan: ${url}`);
    console.log(`  plan ${round(body.length / 1024)} KB (${round(gzipSync(body).length / 1024, 1)} KB gzip)`);
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const runs = await auditRuns(url, chrome.port);
      const lcp = median(runs.map((r) => r.lcp));
      const tbt = median(runs.map((r) => r.tbt));
      printBench({
        name: 'seating-page',
        value: round(lcp),
        unit: 'ms LCP',
        target: `LCP <= ${PAGE_TARGETS.lcp_ms} ms, TBT <= ${PAGE_TARGETS.tbt_ms} ms (Lighthouse mobile)`,
        ok: lcp <= PAGE_TARGETS.lcp_ms && tbt <= PAGE_TARGETS.tbt_ms,
        seats: SEATS,
        score: median(runs.map((r) => r.score)),
        tbt_ms: round(tbt),
        cls: round(median(runs.map((r) => r.cls)), 3),
        page_kb: round(median(runs.map((r) => r.bytes)) / 1024, 1),
        plan_kb: round(body.length / 1024, 1),
        plan_gzip_kb: round(gzipSync(body).length / 1024, 1),
        availability_kb: round(taken.length / 1024, 1),
        load: load(),
      });
    } finally {
      chrome.kill();
    }
  } finally {
    await server.close();
  }
}

/** What the database holds after the seat sale: seats held twice, counters against seats. */
async function seatsSound(app: App, ticketId: number) {
  const [row] = await queryRows<{ held: number; recorded: number; counted: number }>(
    app.db,
    sql`select
          (select count(*)::int from event_seats where ticket_id = ${ticketId} and status = 'RESERVED') as held,
          (select count(*)::int from order_seats where ticket_id = ${ticketId}) as recorded,
          (select sum(quantity_reserved)::int from ticket_stock where ticket_id = ${ticketId}) as counted`,
  );
  return { held: row?.held ?? 0, recorded: row?.recorded ?? 0, counted: row?.counted ?? 0 };
}

/** 200 buyers picking their own seats of 5,000, against the same buyers for 5,000 places, same run. */
async function sale(serverUrl: string): Promise<void> {
  const database = await freshPostgres(serverUrl);
  const server = await startServer({ databaseUrl: database.url, env: SALE_ENV });
  try {
    const hall = await seedHall(server.app);
    const plainPlan = {
      mode: 'http' as const,
      bases: [server.base],
      accountId: hall.owner.accountId,
      buyers: BUYERS,
    };
    await runBuyers({ ...plainPlan, eventId: hall.event.id, ticketId: hall.warmUpId, buyers: 20 });
    const watch = { pids: [process.pid], databaseUrl: database.url };
    console.log(
      `PostgreSQL; ${BUYERS} buyers, 1–4 places an order; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const plain: LoadResult = await runBuyers({ ...plainPlan, ...hall.plain, watch });
    const reference = figuresOf(plain);
    console.log(`reference, ${SEATS} places (no seats): ${describeSale(reference)}`);
    const seated = await runSeatBuyers({
      base: server.base,
      eventId: hall.event.id,
      ticketId: hall.ticketId,
      buyers: BUYERS,
      rows: hall.rows,
      seed: 19,
      watch,
    });
    const ours = figuresOf({ ...seated, tickets: seated.seats, refused: seated.taken });
    console.log(
      `seats picked by name: ${describeSale(ours)}; ${seated.taken} refused (seat went), ${seated.reads} reads of the taken seats`,
    );
    const db = await seatsSound(server.app, hall.ticketId);
    // The ticket's quantity is its seats (decision 067): nothing beyond them, held or counted.
    const oversold = Math.max(0, db.held - SEATS, db.recorded - SEATS, db.counted - SEATS);
    const sound =
      db.held === seated.seats &&
      db.recorded === seated.seats &&
      db.counted === seated.seats &&
      oversold === 0;
    console.log(
      `  seats held ${db.held}, recorded ${db.recorded}, counted ${db.counted}, oversold ${oversold}`,
    );
    printBench({
      name: 'seating-flash-sale',
      value: ours.ordersPerSecond,
      unit: 'orders/s',
      reference: `the same ${BUYERS} buyers for ${SEATS} places without seats (the plain flash sale), same server, same run`,
      reference_value: reference.ordersPerSecond,
      ratio: round(ours.ordersPerSecond / Math.max(1, reference.ordersPerSecond), 2),
      target: 'every seat sold once (held = recorded = counted = seats sold), oversold 0',
      ok: sound && seated.seats === SEATS,
      p50_ms: ours.p50,
      p99_ms: ours.p99,
      reference_p99_ms: reference.p99,
      app_cpu_ms_per_order: ours.appCpuMsPerOrder,
      db_cpu_ms_per_order: ours.dbCpuMsPerOrder,
      seats_sold: seated.seats,
      refused_seat_taken: seated.taken,
      availability_reads: seated.reads,
      failures: ours.failures,
      load: load(),
    });
  } finally {
    await server.close();
    await database.drop();
  }
}

/**
 * Reserved seating (issue 42): `npm run build` first, then `npm run bench -- seating`. The event
 * page of a 5,000-seat plan on a phone (Lighthouse), and, on PostgreSQL (`BENCH_DATABASE_URL`),
 * a flash sale of its 5,000 seats by 200 buyers naming their seats against the plain flash sale
 * of 5,000 places in the same run.
 */
export async function run(): Promise<void> {
  // BENCH_SEATING=sale runs the sale alone.
  if (process.env.BENCH_SEATING !== 'sale') await page();
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('seating-flash-sale skipped: it needs PostgreSQL; set BENCH_DATABASE_URL');
    return;
  }
  await sale(serverUrl);
}
