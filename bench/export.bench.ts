import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { makeAccount, makeEvent, makeQuestion, makeTicket } from '../server/test/builders';
import { seedAttendees } from '../server/test/seed-attendees';

const ATTENDEES = 100_000;
const BUDGET_MB = 100;
const TARGET_SECONDS = 10;

// Garbage collection on demand, so that only what the process still holds is measured.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** JS heap plus buffers outside it (PGlite's memory among them), after collecting garbage. */
function held(): number {
  gc();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external;
}

/**
 * The attendee export of 100,000 attendees with their answers, streamed over real HTTP: how
 * long it takes and how much the server's memory grows while it runs (budget: 100 MB, whatever
 * the number of rows). PGlite in a temporary directory, or PostgreSQL with DATABASE_URL.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgresql', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir }),
    database,
  });
  const owner = await makeAccount(app);
  const event = await makeEvent(app, owner, { title: 'Stadium' });
  const seat = await makeTicket(app, owner, { eventId: event.id, title: 'Seat' });
  const vip = await makeTicket(app, owner, { eventId: event.id, title: 'VIP' });
  const diet = await makeQuestion(app, owner, { eventId: event.id, title: 'Diet' });
  const company = await makeQuestion(app, owner, { eventId: event.id, title: 'Company', scope: 'PER_ORDER' });
  const seeding = performance.now();
  await seedAttendees(app.db, {
    accountId: owner.accountId,
    eventId: event.id,
    seatTicket: seat.id,
    vipTicket: vip.id,
    dietQuestion: diet.id,
    companyQuestion: company.id,
    count: ATTENDEES,
  });
  console.log(
    `database: ${database.kind}; ${ATTENDEES} attendees seeded in ${Math.round(performance.now() - seeding)} ms`,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const baseline = held();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, held());
  }, 250);
  const started = performance.now();
  const response = await fetch(
    `http://127.0.0.1:${port}/api/events/${event.id}/attendees/export?format=csv`,
    {
      headers: { authorization: `Bearer ${owner.token}` },
    },
  );
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body (status ${response.status})`);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const grownMb = (Math.max(peak, held()) - baseline) / 1024 / 1024;

  const result = {
    name: 'export',
    value: Number(seconds.toFixed(1)),
    unit: 's',
    target: `< ${TARGET_SECONDS} s, memory growth < ${BUDGET_MB} MB, every row`,
    ok: lines - 1 === ATTENDEES && grownMb < BUDGET_MB && seconds < TARGET_SECONDS,
    database: database.kind,
    attendees: ATTENDEES,
    rows: lines - 1,
    seconds: Number(seconds.toFixed(1)),
    rows_per_second: Math.round((lines - 1) / seconds),
    megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
    memory_growth_mb: Number(grownMb.toFixed(1)),
    memory_budget_mb: BUDGET_MB,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
  if (result.rows !== ATTENDEES) console.log(`FAIL: ${result.rows} rows exported, ${ATTENDEES} expected`);
  if (grownMb >= BUDGET_MB) console.log(`FAIL: memory grew by ${grownMb.toFixed(1)} MB`);
  if (result.rows !== ATTENDEES || grownMb >= BUDGET_MB) process.exitCode = 1;

  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
