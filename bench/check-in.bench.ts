import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/rows';
import { getTicketSigner } from '../server/modules/ticket-codes/service';
import { makeAccount, makeCheckInList, makeEvent, makeQuestion, makeTicket } from '../server/test/builders';
import { seedAttendees } from '../server/test/seed-attendees';
import type { DoorPlan, DoorResult } from './check-in-load';
import { percentile, printBench, startServer } from './support';

const ATTENDEES = 100_000;
const DEVICES = 50;
const RATE = 100;
const WARM_UP_SECONDS = 5;
const SECONDS = 30;
const TARGET_P99_MS = 20;
/** The server's default check-in limit per client address, a minute (CHECK_IN_RATE_LIMIT_PER_MINUTE). */
const DEFAULT_LIMIT = 3000;

function door(plan: DoorPlan, dir: string): Promise<DoorResult> {
  const file = path.join(dir, 'plan.json');
  return writeFile(file, JSON.stringify(plan)).then(
    () =>
      new Promise((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', path.join(import.meta.dirname, 'check-in-load.ts'), file],
          { maxBuffer: 1 << 26, cwd: path.resolve(import.meta.dirname, '..') },
          (error, stdout, stderr) => {
            if (error) return reject(new Error(`${error.message}\n${stderr}`));
            resolve(JSON.parse(stdout) as DoorResult);
          },
        );
      }),
  );
}

/**
 * The door of a big event: 50 devices scanning, 100 scans a second between them, each scan a
 * different ticket of a check-in list of 100,000 attendees, through the public check-in API
 * the door page uses (POST /api/public/check-in-lists/{shortId}/check-ins with the ticket
 * code, a nonce and the device). What counts is each scan's wait: p99 under 20 ms.
 */
export async function run(): Promise<void> {
  // All devices of a venue usually reach us through one router, so from one address: the limit
  // per address is raised out of the way here (see the finding this bench prints).
  const server = await startServer({ env: { CHECK_IN_RATE_LIMIT_PER_MINUTE: '1000000' } });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  try {
    const { app } = server;
    const owner = await makeAccount(app);
    const event = await makeEvent(app, owner, { title: 'Stadium' });
    const seat = await makeTicket(app, owner, { eventId: event.id, title: 'Seat' });
    const vip = await makeTicket(app, owner, { eventId: event.id, title: 'VIP' });
    const diet = await makeQuestion(app, owner, { eventId: event.id, title: 'Diet' });
    const company = await makeQuestion(app, owner, {
      eventId: event.id,
      title: 'Company',
      scope: 'PER_ORDER',
    });
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
    // Ticket links are 22 base64url characters; the seed's are shorter, so no code would parse.
    await app.db.execute(
      sql`update attendees set short_id = substr(md5('bench-' || id), 1, 22) where event_id = ${event.id}`,
    );
    await app.db.execute(sql`analyze`);
    const list = await makeCheckInList(app, owner, { eventId: event.id, ticket_ids: [seat.id, vip.id] });
    const scans = (WARM_UP_SECONDS + SECONDS) * RATE;
    const chosen = await queryRows<{
      short_id: string;
      ticket_id: string | number;
      date_id: string | number;
    }>(
      app.db,
      sql`select short_id, ticket_id, date_id from attendees where event_id = ${event.id} order by random() limit ${scans}`,
    );
    const sign = await getTicketSigner(app.db, event.id);
    const codes = chosen.map((a) =>
      sign({ attendeeShortId: a.short_id, ticketId: Number(a.ticket_id), dateId: Number(a.date_id) }),
    );
    console.log(
      `database: ${server.databaseKind}; ${ATTENDEES} attendees seeded in ${Math.round(performance.now() - seeding)} ms; ` +
        `${DEVICES} devices, ${RATE} scans/s for ${SECONDS} s after ${WARM_UP_SECONDS} s; load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const result = await door(
      {
        url: `${server.base}/api/public/check-in-lists/${list.short_id}/check-ins`,
        codes,
        devices: DEVICES,
        rate: RATE,
        warmUpSeconds: WARM_UP_SECONDS,
        seconds: SECONDS,
      },
      dir,
    );
    const sorted = [...result.latencies].sort((a, b) => a - b);
    const [p50, p99] = [percentile(sorted, 50), percentile(sorted, 99)];
    const [checkedIn] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from check_ins where check_in_list_id = ${list.id}`,
    );
    console.log(
      `${result.scans} scans measured: p50 ${p50} ms, p99 ${p99} ms, max ${percentile(sorted, 100)} ms; ` +
        `outcomes ${JSON.stringify(result.outcomes)}; ${checkedIn?.n} check-ins in the database`,
    );
    console.log(
      `finding: the default limit of ${DEFAULT_LIMIT} check-in calls a minute per address lets a venue behind one ` +
        `router scan ${DEFAULT_LIMIT / 60}/s; at ${RATE}/s every scan after the first ${(DEFAULT_LIMIT / RATE).toFixed(0)} s of a minute is refused (429)`,
    );
    printBench({
      name: 'check-in',
      value: p99,
      unit: 'ms p99',
      target: `p99 < ${TARGET_P99_MS} ms at ${RATE} scans/s`,
      ok: p99 < TARGET_P99_MS && result.outcomes.CHECKED_IN === result.scans,
      p50_ms: p50,
      scans_per_second: Math.round(result.scans / SECONDS),
      scans: result.scans,
      checked_in: result.outcomes.CHECKED_IN ?? 0,
      devices: DEVICES,
      attendees: ATTENDEES,
      database: server.databaseKind,
    });
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
