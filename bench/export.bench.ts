import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { makeAccount, makeEvent, makeQuestion, makeTicket } from '../server/test/builders';
import { seedAttendees } from '../server/test/seed-attendees';
import { startServer } from './support';

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
 * the number of rows). On a fresh PostgreSQL database with `BENCH_DATABASE_URL`, else the
 * embedded one (`support.ts`).
 */
export async function run(): Promise<void> {
  const server = await startServer();
  const { app } = server;
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
    `database: ${server.databaseKind}; ${ATTENDEES} attendees seeded in ${Math.round(performance.now() - seeding)} ms`,
  );
  // A database that grew to 100,000 attendees has statistics on them (autovacuum analyses as
  // rows come); one seeded a second ago does not, and would be planned as if empty.
  await app.db.execute(sql`analyze`);

  const baseline = held();
  let peak = baseline;
  // A full collection each time: often enough to catch a peak, rarely enough not to be the
  // export's own cost (every 250 ms it took more time than the export on the embedded database).
  const sampler = setInterval(() => {
    peak = Math.max(peak, held());
  }, 1_000);
  const started = performance.now();
  const response = await fetch(`${server.base}/api/events/${event.id}/attendees/export?format=csv`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
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
    database: server.databaseKind,
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

  await server.close();
}
