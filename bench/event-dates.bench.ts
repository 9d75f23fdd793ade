import { loadavg } from 'node:os';
import pg from 'pg';
import type { App } from '../server/app';
import { makeAccount, makeLiveEvent } from '../server/test/builders';
import { bareTwin, describe, rawGet, type Sent, together, twinKey } from './event-page.bench';
import {
  BUYERS,
  describeSale,
  PRICE,
  runBuyers,
  SALE_ENV,
  type Sale,
  STOCK,
  saleIsSound,
  WARM_UP_STOCK,
} from './flash';
import { rawSale, saleOn } from './flash-sale.bench';
import { ensureWebBuild, freshPostgres, type LoadFigures, loadUrl, printBench, startServer } from './support';

/**
 * An event with 500 dates against one with one (issue 36): its public reads and page, each in
 * turns with a bare Fastify sending the same bytes (as `event-page` does), and a flash sale on
 * one of its dates against the same reservation as plain SQL on a copy of the database (as
 * `flash-sale` does). The ratios of the 500-date event must be no worse than the one-date
 * event's (10 % allowed for noise), and reading the public page must send as many statements
 * to the database for 500 dates as for one.
 */

const DATES = 500;
const CONNECTIONS = 100;
const ROUNDS = 3;
const SECONDS = 2;
/** The 500-date event's ratio may be this much below the one-date event's (noise of a 2-core machine). */
const NOISE = 0.9;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Adds `DATES - 1` daily dates to an event (its own is the first), from tomorrow on. */
async function addDates(app: App, owner: { token: string }, eventId: number): Promise<number[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/dates/rule`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      frequency: 'DAILY',
      from: day(1),
      until: day(DATES - 1),
      start_time: '20:00',
      end_time: '23:00',
    },
  });
  if (res.statusCode !== 201) throw new Error(`dates by rule answered ${res.statusCode}: ${res.body}`);
  return (res.json().data as { id: number }[]).map((d) => d.id);
}

/** The statements the database is sent while `fn` runs (node-postgres, this process). */
async function counting(fn: () => Promise<unknown>): Promise<number> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let queries = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    prototype.query = original;
  }
  return queries;
}

/** Tessera against its bare twin on one path, in turns: the ratio of their requests a second. */
async function ratioOf(bases: { ours: string; bare: string }, path: string, headers: Record<string, string>) {
  const options = { connections: CONNECTIONS, headers, seconds: SECONDS };
  await loadUrl(`${bases.ours}${path}`, { ...options, seconds: 1 });
  await loadUrl(`${bases.bare}${path}`, { ...options, seconds: 1 });
  const ours: LoadFigures[] = [];
  const bare: LoadFigures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    ours.push(await loadUrl(`${bases.ours}${path}`, options));
    bare.push(await loadUrl(`${bases.bare}${path}`, options));
  }
  const a = together(ours);
  const b = together(bare);
  return { ours: a, bare: b, ratio: a.requestsPerSecond / b.requestsPerSecond };
}

async function pages(): Promise<void> {
  ensureWebBuild();
  const server = await startServer({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000' } });
  try {
    const owner = await makeAccount(server.app);
    const tickets = [
      { title: 'General admission', type: 'PAID' as const, price: 2500, quantity_available: 100 },
      { title: 'Early bird', type: 'PAID' as const, price: 1800, quantity_available: 20 },
      { title: 'Guest list', type: 'FREE' as const },
    ];
    const settings = { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' };
    const one = (await makeLiveEvent(server.app, owner, { title: 'Once', settings, tickets })).event;
    const many = (await makeLiveEvent(server.app, owner, { title: 'Every night', settings, tickets })).event;
    await addDates(server.app, owner, many.id);
    const readsOf = (id: number): { name: string; path: string; headers: Record<string, string> }[] => [
      { name: 'public event', path: `/api/public/events/${id}`, headers: {} },
      { name: 'public tickets', path: `/api/public/events/${id}/tickets`, headers: {} },
      { name: 'public dates', path: `/api/public/events/${id}/dates`, headers: {} },
      { name: 'event page html', path: `/e/${id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
    ];
    // Statements for one cold read of the page's data, shared reads forgotten first.
    const statements = async (id: number) => {
      server.app.publicReads.forget();
      return counting(async () => {
        for (const read of readsOf(id)) await rawGet(`${server.base}${read.path}`, read.headers);
      });
    };
    const queries = { one: await statements(one.id), many: await statements(many.id) };
    const sent = new Map<string, Sent>();
    for (const read of [...readsOf(one.id), ...readsOf(many.id)]) {
      const { status, ...page } = await rawGet(`${server.base}${read.path}`, read.headers);
      if (status !== 200) throw new Error(`${read.path} answered ${status}`);
      sent.set(twinKey(read.path, read.headers['accept-encoding']), page);
    }
    const twin = await bareTwin(sent);
    console.log(`database: ${server.databaseKind}; ${DATES} dates; load ${load()}`);
    try {
      for (const [i, read] of readsOf(many.id).entries()) {
        const single = readsOf(one.id)[i] ?? read;
        const bases = { ours: server.base, bare: twin.base };
        const ofMany = await ratioOf(bases, read.path, read.headers);
        const ofOne = await ratioOf(bases, single.path, single.headers);
        console.log(
          `${read.name}: ${DATES} dates ${describe(ofMany.ours)}; one date ${describe(ofOne.ours)}`,
        );
        printBench({
          name: `event-dates ${read.name}`,
          value: Number(ofMany.ratio.toFixed(2)),
          unit: `ratio to bare Fastify, ${DATES} dates`,
          reference: 'the same ratio for an event with one date, same run',
          reference_value: Number(ofOne.ratio.toFixed(2)),
          target: `>= ${NOISE} x the one-date ratio; statements of a cold page read equal`,
          ok:
            ofMany.ratio >= NOISE * ofOne.ratio &&
            queries.many === queries.one &&
            ofMany.ours.non2xx + ofMany.ours.errors === 0,
          requests_per_second: ofMany.ours.requestsPerSecond,
          p99_ms: ofMany.ours.p99,
          statements_cold_read: queries.many,
          statements_cold_read_one_date: queries.one,
          // The bytes sent (compressed for the page): what the window of dates keeps small.
          bytes: sent.get(twinKey(read.path, read.headers['accept-encoding']))?.body.length,
          bytes_one_date: sent.get(twinKey(single.path, single.headers['accept-encoding']))?.body.length,
          load_1min: Number(loadavg()[0]?.toFixed(2)),
        });
      }
    } finally {
      await twin.bare.close();
    }
  } finally {
    await server.close();
  }
}

/** Two events selling alike: one with its one date, one with `DATES`; and a date of the latter. */
async function seedTwo(app: App) {
  const owner = await makeAccount(app);
  const make = (title: string) =>
    makeLiveEvent(app, owner, {
      title,
      settings: {
        offline_payments_enabled: true,
        offline_payment_instructions: 'Pay at the door.',
        notify_organizer_of_new_orders: false,
      },
      tickets: [
        { title: 'General admission', type: 'PAID', price: PRICE, quantity_available: STOCK },
        { title: 'Warm-up', type: 'PAID', price: PRICE, quantity_available: WARM_UP_STOCK },
      ],
    });
  const single = await make('Once');
  const series = await make('Every night');
  const dates = await addDates(app, owner, series.event.id);
  const saleOf = (made: Awaited<ReturnType<typeof make>>): Sale => ({
    accountId: owner.accountId,
    eventId: made.event.id,
    ticketIds: [made.tickets[0]?.id ?? 0],
    warmUpIds: [made.tickets[1]?.id ?? 0],
  });
  return { single: saleOf(single), series: saleOf(series), dateId: dates[Math.floor(dates.length / 2)] ?? 0 };
}

/** The flash sale on one date of the 500 and on the one-date event, each against plain SQL. */
async function sales(serverUrl: string): Promise<void> {
  const original = await freshPostgres(serverUrl);
  const seeding = await startServer({ databaseUrl: original.url });
  const { single, series, dateId } = await seedTwo(seeding.app);
  await seeding.close();
  // The references work on a copy of the very tables, rows and indexes the server starts with.
  const copy = await freshPostgres(serverUrl, original.name);
  console.log(`PostgreSQL; ${BUYERS} buyers, one ticket of ${STOCK}; load ${load()}`);
  const rawOne = await rawSale(copy.url, single);
  const rawMany = await rawSale(copy.url, series, dateId);
  await copy.drop();
  console.log(`reference, one date: ${describeSale(rawOne.figures)}`);
  console.log(`reference, date ${dateId} of ${DATES}: ${describeSale(rawMany.figures)}`);
  const server = await startServer({ databaseUrl: original.url, env: SALE_ENV });
  try {
    for (const [sale, date] of [
      [single, undefined],
      [series, dateId],
    ] as const) {
      const base = { mode: 'http' as const, bases: [server.base], eventId: sale.eventId };
      await runBuyers({
        ...base,
        accountId: sale.accountId,
        buyers: 20,
        ticketId: sale.warmUpIds[0] ?? 0,
        ...(date ? { dateId: date } : {}),
      });
    }
    console.log('Tessera, one date:');
    const one = await saleOn(server, { sale: single, url: original.url, index: 0 });
    console.log(`Tessera, date ${dateId} of ${DATES}:`);
    const many = await saleOn(server, { sale: series, url: original.url, index: 0 }, { dateId });
    const ratioOne = one.figures.ordersPerSecond / rawOne.figures.ordersPerSecond;
    const ratioMany = many.figures.ordersPerSecond / rawMany.figures.ordersPerSecond;
    printBench({
      name: 'event-dates flash-sale',
      value: Number(ratioMany.toFixed(2)),
      unit: `ratio to plain SQL, one date of ${DATES}`,
      reference: 'the same ratio for an event with one date, same run',
      reference_value: Number(ratioOne.toFixed(2)),
      target: `>= ${NOISE} x the one-date ratio, oversold 0`,
      ok:
        ratioMany >= NOISE * ratioOne &&
        many.sound &&
        one.sound &&
        saleIsSound(rawMany.stock) &&
        saleIsSound(rawOne.stock),
      orders_per_second: many.figures.ordersPerSecond,
      reference_orders_per_second: rawMany.figures.ordersPerSecond,
      one_date_orders_per_second: one.figures.ordersPerSecond,
      one_date_reference_orders_per_second: rawOne.figures.ordersPerSecond,
      p99_ms: many.figures.p99,
      one_date_p99_ms: one.figures.p99,
      oversold: many.stock.oversold,
      load: loadavg()[0],
    });
  } finally {
    await server.close();
    await original.drop();
  }
}

export async function run(): Promise<void> {
  await pages();
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('event-dates flash sale skipped: it needs PostgreSQL; set BENCH_DATABASE_URL');
    return;
  }
  await sales(serverUrl);
}
