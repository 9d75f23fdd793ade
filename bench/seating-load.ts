/**
 * The seated flash sale's buyers, in a child process (`seating.bench.ts` starts it, as
 * `flash.ts` starts `flash-load.ts`). Each of `buyers` keep-alive clients, with its own address,
 * reads which seats are taken, picks 1–4 seats side by side in a row it chooses at random among
 * those it believes free, and orders them by key; told a seat went (409), it reads the taken
 * seats again and picks anew; it stops when it sees no free seat left. Prints one JSON result.
 */
import http from 'node:http';
import { seededRandom } from '../server/test/seeded-random';
import { watchCpu } from './proc-cpu';

export interface SeatLoadPlan {
  base: string;
  eventId: number;
  ticketId: number;
  buyers: number;
  /** The plan's rows of seat keys, in order along each row. */
  rows: string[][];
  seed: number;
  watch?: { pids: number[]; databaseUrl?: string };
}

export interface SeatLoadResult {
  orders: number;
  seats: number;
  /** Orders refused because a chosen seat went meanwhile. */
  taken: number;
  /** Reads of the taken seats. */
  reads: number;
  failures: Record<string, number>;
  seconds: number;
  latencies: number[];
  appCpuMs: number | null;
  dbCpuMs: number | null;
}

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

function request(
  url: URL,
  { method, body, agent, address }: { method: string; body?: string; agent: http.Agent; address: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          'x-forwarded-for': address,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body);
  });
}

/** A run of `n` free seats side by side in `row`, starting at a random free seat; or null. */
function pick(row: string[], taken: Set<string>, { n, random }: { n: number; random: () => number }) {
  const starts = row
    .map((_, i) => i)
    .filter((i) => row.slice(i, i + n).length === n && row.slice(i, i + n).every((k) => !taken.has(k)));
  if (starts.length === 0) return null;
  const start = starts[Math.floor(random() * starts.length)] ?? 0;
  return row.slice(start, start + n);
}

async function main(plan: SeatLoadPlan): Promise<SeatLoadResult> {
  const result: SeatLoadResult = {
    orders: 0,
    seats: 0,
    taken: 0,
    reads: 0,
    failures: {},
    seconds: 0,
    latencies: [],
    appCpuMs: null,
    dbCpuMs: null,
  };
  const orders = new URL(`/api/public/events/${plan.eventId}/orders`, plan.base);
  const availability = new URL(`/api/public/events/${plan.eventId}/seating/availability`, plan.base);
  const cpu = await watchCpu(plan.watch);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.buyers }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const address = addressOf(i);
      const random = seededRandom(plan.seed + i);
      const read = async () => {
        result.reads += 1;
        const { text } = await request(availability, { method: 'GET', agent, address });
        return new Set((JSON.parse(text) as { unavailable: string[] }).unavailable);
      };
      let taken = await read();
      let failures = 0;
      for (;;) {
        const n = 1 + Math.floor(random() * 4);
        const rows = plan.rows.filter((row) => row.some((k) => !taken.has(k)));
        if (rows.length === 0) break;
        const seats =
          pick(rows[Math.floor(random() * rows.length)] ?? [], taken, { n, random }) ??
          pick(rows[0] ?? [], taken, { n: 1, random });
        if (!seats) {
          taken = await read();
          continue;
        }
        const body = JSON.stringify({
          tickets: [{ ticket_id: plan.ticketId, quantity: seats.length, seats }],
        });
        const at = performance.now();
        const { status } = await request(orders, { method: 'POST', body, agent, address });
        if (status === 201) {
          result.latencies.push(performance.now() - at);
          result.orders += 1;
          result.seats += seats.length;
          for (const k of seats) taken.add(k);
        } else if (status === 409) {
          result.taken += 1;
          taken = await read();
        } else {
          result.failures[status] = (result.failures[status] ?? 0) + 1;
          if (++failures >= 20) break;
        }
      }
      agent.destroy();
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  Object.assign(result, await cpu.stop());
  return result;
}

process.stdout.write(JSON.stringify(await main(JSON.parse(process.argv[2] ?? '{}') as SeatLoadPlan)));
