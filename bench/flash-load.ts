/**
 * The flash sale's load, run in a child process (`flash.ts` starts it) so that it never shares
 * a thread with what it measures. Reads one JSON plan from argv and prints one JSON result.
 *
 * - `http`: `buyers` keep-alive clients, each with its own connection to each server and its
 *   own address (`X-Forwarded-For`, which the server believes with TRUST_PROXY), or all of
 *   them one address, each POSTing the public create-order route for 1–4 seats until the
 *   ticket is sold out; requests go round the `bases` in turn.
 * - `sql`: the same reservation as plain SQL, one prepared statement a reservation, `buyers`
 *   loops on a pool of 10 connections (`RESERVE`, `overSql`).
 *
 * Either way a buyer refused for n > 1 seats asks once more for one; refused for one, it
 * stops: the stock is gone (or, with `seconds`, the time is up). With `watch`, the result also
 * holds the CPU time the server's processes and PostgreSQL's spent from the first request to
 * the last answer.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { seededRandom } from '../server/test/seeded-random';
import { watchCpu } from './proc-cpu';

export interface LoadPlan {
  mode: 'http' | 'sql';
  buyers: number;
  /** Server base URLs (http) or a PostgreSQL URL (sql). */
  bases: string[];
  eventId: number;
  ticketId: number;
  /** The date to buy (issue 36); none: the event's one date. */
  dateId?: number;
  /** For the SQL reservation: the order's account and the ticket's title and unit price. */
  accountId: number;
  title: string;
  price: number;
  seed: number;
  /** `one`: every buyer sends the same address (an office behind one router). Default `each`. */
  addresses?: 'each' | 'one';
  /** Whose CPU to measure over the sale: the server's processes and the database's PostgreSQL. */
  watch?: { pids: number[]; databaseUrl?: string };
  /** No buyer starts a reservation after this many seconds (those under way are answered). */
  seconds?: number;
}

export interface LoadResult {
  orders: number;
  tickets: number;
  refused: number;
  /** Answers other than 201 and 409, or errors, by status. */
  failures: Record<string, number>;
  seconds: number;
  /** Milliseconds of every successful reservation. */
  latencies: number[];
  /** CPU milliseconds of `watch.pids` over the sale, and of PostgreSQL's processes (null: unknown). */
  appCpuMs: number | null;
  dbCpuMs: number | null;
}

/** The address all buyers send in a one-address sale: none of the 200 buyers' own. */
export const ONE_ADDRESS = '10.200.0.1';

/** Buyer `i`'s address: 10.0.0.1, 10.0.0.2, … */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

type Attempt = (quantity: number) => Promise<'reserved' | 'refused' | string>;

/** One buyer's loop; `attempt` answers how a reservation of `quantity` seats went. */
async function buyer(
  attempt: Attempt,
  { random, result, until }: { random: () => number; result: LoadResult; until: number },
): Promise<void> {
  let quantity = 1 + Math.floor(random() * 4);
  let failuresInARow = 0;
  while (performance.now() < until) {
    const started = performance.now();
    const outcome = await attempt(quantity);
    if (outcome === 'reserved') {
      result.latencies.push(performance.now() - started);
      result.orders += 1;
      result.tickets += quantity;
      failuresInARow = 0;
      quantity = 1 + Math.floor(random() * 4);
    } else if (outcome === 'refused') {
      result.refused += 1;
      if (quantity === 1) return;
      quantity = 1;
    } else {
      result.failures[outcome] = (result.failures[outcome] ?? 0) + 1;
      failuresInARow += 1;
      if (failuresInARow >= 20) return;
    }
  }
}

/**
 * Runs every buyer (`attemptOf(i)` is buyer i's reservation) and times the sale; with
 * `plan.watch`, samples the CPU of the server's processes and of PostgreSQL right before the
 * first request and right after the last answer.
 */
async function sell(plan: LoadPlan, result: LoadResult, attemptOf: (i: number) => Attempt) {
  const cpu = await watchCpu(plan.watch);
  const started = performance.now();
  const until = plan.seconds ? started + plan.seconds * 1000 : Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: plan.buyers }, (_, i) =>
      buyer(attemptOf(i), { random: seededRandom(plan.seed + i), result, until }),
    ),
  );
  result.seconds = (performance.now() - started) / 1000;
  Object.assign(result, await cpu.stop());
}

function post(
  url: URL,
  { body, agent, address }: { body: string; agent: http.Agent; address: string },
): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

async function overHttp(plan: LoadPlan, result: LoadResult): Promise<void> {
  let turn = 0;
  const urls = plan.bases.map((base) => new URL(`/api/public/events/${plan.eventId}/orders`, base));
  const agents = Array.from(
    { length: plan.buyers },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  await sell(plan, result, (i) => {
    const agent = agents[i] as http.Agent;
    const address = plan.addresses === 'one' ? ONE_ADDRESS : addressOf(i);
    return async (quantity) => {
      const url = urls[turn++ % urls.length] as URL;
      const body = JSON.stringify({
        tickets: [{ ticket_id: plan.ticketId, quantity }],
        ...(plan.dateId ? { date_id: plan.dateId } : {}),
      });
      const status = await post(url, { body, agent, address });
      if (status === 201) return 'reserved';
      return status === 409 ? 'refused' : String(status);
    };
  });
  for (const agent of agents) agent.destroy();
}

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const reference = () => Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('');

/**
 * The reservation as plain SQL, one statement: the guarded UPDATE of the ticket's counter (it
 * never oversells: a row only when the seats are there), then the order (RESERVED for 15
 * minutes, with every NOT NULL column the app writes: a 128-bit random short id, an 8-character
 * reference, the buyer's address) and its item, both made from the UPDATE's row, so neither
 * is written when the stock is gone. A single statement is atomic without BEGIN/COMMIT and
 * holds the ticket's row from its UPDATE to its own commit, with no round trip in between.
 * The counter is the ticket's row of the date sold (decision 049), as Tessera's.
 * $1 ticket, $2 seats, $3 account, $4 event, $5 short id, $6 reference, $7 total, $8 address,
 * $9 title, $10 unit price, $11 date.
 */
const RESERVE = `with stock as (
    update ticket_stock set quantity_reserved = quantity_reserved + $2
    where date_id = $11 and ticket_id = $1
      and (quantity is null or quantity_sold + quantity_reserved + $2 <= quantity)
    returning ticket_id),
  new_order as (
    insert into orders (account_id, event_id, date_id, short_id, reference, status, reserved_until, currency,
      gross, discount, subtotal, fees, taxes, total, client_address)
    select $3, $4, $11, $5, $6, 'RESERVED', now() + interval '15 minutes', 'EUR', $7, 0, $7, 0, 0, $7, $8
    from stock
    returning id)
  insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal, fees,
    taxes, total, charges)
  select id, $1, $9, $2, $10, 0, $7, 0, 0, $7, '[]' from new_order`;

/**
 * The plain-SQL reference: `RESERVE` as a named (prepared) statement, so that each connection
 * parses and plans it once, on a pool of 10 (Tessera's size) opened before the sale. One
 * order, one round trip. Measured and left out (bench/README.md): the five
 * statements of a transaction (BEGIN, UPDATE, two INSERTs, COMMIT), the statement unnamed,
 * the stock taken last in the statement, and pipelining the statements on 10 connections.
 */
async function overSql(plan: LoadPlan, result: LoadResult): Promise<void> {
  const pool = new pg.Pool({ connectionString: plan.bases[0], max: 10 });
  const opened = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
  for (const client of opened) client.release();
  // The date is known before the sale, as a buyer's page knows it.
  const dateId =
    plan.dateId ??
    Number(
      (await pool.query('select min(id) as id from event_dates where event_id = $1', [plan.eventId])).rows[0]
        ?.id,
    );
  await sell(plan, result, (i) => async (quantity) => {
    const total = plan.price * quantity;
    const values = [
      plan.ticketId,
      quantity,
      plan.accountId,
      plan.eventId,
      randomBytes(16).toString('base64url'),
      reference(),
      total,
      addressOf(i),
      plan.title,
      plan.price,
      dateId,
    ];
    try {
      const reserved = await pool.query({ name: 'reserve', text: RESERVE, values });
      return reserved.rowCount === 1 ? 'reserved' : 'refused';
    } catch (error) {
      return (error as { code?: string }).code ?? 'error';
    }
  });
  await pool.end();
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
const result: LoadResult = {
  orders: 0,
  tickets: 0,
  refused: 0,
  failures: {},
  seconds: 0,
  latencies: [],
  appCpuMs: null,
  dbCpuMs: null,
};
await (plan.mode === 'sql' ? overSql(plan, result) : overHttp(plan, result));
process.stdout.write(JSON.stringify(result));
