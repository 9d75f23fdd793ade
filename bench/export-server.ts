/**
 * The server of `export.bench.ts`, in a process of its own so that what is measured is the
 * server's memory alone, not the client's reading the download too. It seeds as many
 * attendees as its first argument says, tells its parent where to ask (`ready`), then answers the parent's questions
 * about its memory over IPC. Started with `--expose-gc`.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { sql } from 'drizzle-orm';
import { makeAccount, makeEvent, makeQuestion, makeTicket } from '../server/test/builders';
import { seedAttendees } from '../server/test/seed-attendees';
import { startServer } from './support';

/** What the parent asks: memory as it is, or after a full collection; a sampler; the end. */
export type Question = 'memory' | 'collected' | 'sample' | 'peak' | 'close';

export interface Memory extends NodeJS.MemoryUsage {
  /** Megabytes V8 has reserved per heap space (new, old, large objects, code…). */
  spaces: Record<string, number>;
  /** The highest heap plus external memory after a collection since `sample` (peak only). */
  peak?: number;
}

export interface Ready {
  base: string;
  token: string;
  eventId: number;
  databaseKind: string;
  seededMs: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('start this process with --expose-gc');
const collect = gc;

/**
 * The process's memory once what can be collected is: two full collections a tick apart, so
 * that buffers freed by the first one's finalizers go in the second.
 */
async function collected(): Promise<void> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  collect();
  // V8 gives freed pages back to the system from a thread of its own: let it.
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

const held = () => {
  collect();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external;
};

function memory(): Memory {
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics()
      .filter((space) => space.space_size > 0)
      .map((space) => [space.space_name.replace(/_space$/, ''), space.space_size / 1024 / 1024]),
  );
  return { ...process.memoryUsage(), spaces };
}

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
  count: Number(process.argv[2]),
});
const seededMs = Math.round(performance.now() - seeding);
// A database that grew to 100,000 attendees has statistics on them (autovacuum analyses as
// rows come); one seeded a second ago does not, and would be planned as if empty.
await app.db.execute(sql`analyze`);

let peak = 0;
let sampler: NodeJS.Timeout | undefined;
process.on('message', async (question: Question) => {
  if (question === 'close') {
    await server.close();
    process.disconnect();
    return;
  }
  if (question === 'collected') await collected();
  if (question === 'sample') {
    peak = held();
    // A full collection each time: often enough to catch a peak, rarely enough not to be the
    // export's own cost (every 250 ms it took more time than the export on the embedded database).
    sampler = setInterval(() => {
      peak = Math.max(peak, held());
    }, 1_000);
  }
  if (question === 'peak') {
    clearInterval(sampler);
    peak = Math.max(peak, held());
  }
  process.send?.({ ...memory(), ...(question === 'peak' ? { peak } : {}) });
});
const ready: Ready = {
  base: server.base,
  token: owner.token,
  eventId: event.id,
  databaseKind: server.databaseKind,
  seededMs,
};
process.send?.(ready);
