/**
 * The flash sale's load, run in a child process (`flash.ts` starts it) so that it never shares
 * a thread with what it measures. Reads one JSON plan from argv and prints one JSON result.
 *
 * - `http`: `buyers` keep-alive clients, each with its own connection to each server and its
 *   own address (`X-Forwarded-For`, which the server believes with TRUST_PROXY), each POSTing
 *   the public create-order route for 1–4 seats until the ticket is sold out; requests go
 *   round the `bases` in turn.
 * - `sql`: the same reservation as plain SQL (conditional UPDATE of the stock counter, INSERT
 *   of the order and of its item, one transaction), `buyers` loops on a pool of 10.
 *
 * Either way a buyer refused for n > 1 seats asks once more for one; refused for one, it
 * stops: the stock is gone.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { seededRandom } from '../server/test/seeded-random';

export interface LoadPlan {
  mode: 'http' | 'sql';
  buyers: number;
  /** Server base URLs (http) or a PostgreSQL URL (sql). */
  bases: string[];
  eventId: number;
  ticketId: number;
  /** For the SQL reservation: the order's account and the ticket's title and unit price. */
  accountId: number;
  title: string;
  price: number;
  seed: number;
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
}

type Attempt = (quantity: number) => Promise<'reserved' | 'refused' | string>;

/** One buyer's loop; `attempt` answers how a reservation of `quantity` seats went. */
async function buyer(
  attempt: Attempt,
  { random, result }: { random: () => number; result: LoadResult },
): Promise<void> {
  let quantity = 1 + Math.floor(random() * 4);
  let failuresInARow = 0;
  for (;;) {
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
  await Promise.all(
    Array.from({ length: plan.buyers }, (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // 10.0.0.1, 10.0.0.2, …: one address per buyer.
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
      const attempt: Attempt = async (quantity) => {
        const url = urls[turn++ % urls.length] as URL;
        const body = JSON.stringify({ tickets: [{ ticket_id: plan.ticketId, quantity }] });
        const status = await post(url, { body, agent, address });
        if (status === 201) return 'reserved';
        return status === 409 ? 'refused' : String(status);
      };
      return buyer(attempt, { random: seededRandom(plan.seed + i), result }).finally(() => agent.destroy());
    }),
  );
}

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const reference = () => Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('');

async function overSql(plan: LoadPlan, result: LoadResult): Promise<void> {
  const pool = new pg.Pool({ connectionString: plan.bases[0], max: 10 });
  const attempt: Attempt = async (quantity) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const taken = await client.query(
        `update tickets set quantity_reserved = quantity_reserved + $2
         where id = $1 and (quantity is null or quantity_sold + quantity_reserved + $2 <= quantity)
         returning id`,
        [plan.ticketId, quantity],
      );
      if (taken.rowCount === 0) {
        await client.query('rollback');
        return 'refused';
      }
      const total = plan.price * quantity;
      const order = await client.query(
        `insert into orders (account_id, event_id, short_id, reference, status, reserved_until, currency,
           gross, discount, subtotal, fees, taxes, total, client_address)
         values ($1, $2, $3, $4, 'RESERVED', now() + interval '15 minutes', 'EUR', $5, 0, $5, 0, 0, $5, $6)
         returning id`,
        [plan.accountId, plan.eventId, randomBytes(16).toString('base64url'), reference(), total, '10.0.0.1'],
      );
      await client.query(
        `insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal,
           fees, taxes, total, charges)
         values ($1, $2, $3, $4, $5, 0, $6, 0, 0, $6, '[]')`,
        [order.rows[0].id, plan.ticketId, plan.title, quantity, plan.price, total],
      );
      await client.query('commit');
      return 'reserved';
    } catch (error) {
      await client.query('rollback').catch(() => {});
      return (error as { code?: string }).code ?? 'error';
    } finally {
      client.release();
    }
  };
  await Promise.all(
    Array.from({ length: plan.buyers }, (_, i) =>
      buyer(attempt, { random: seededRandom(plan.seed + i), result }),
    ),
  );
  await pool.end();
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
const result: LoadResult = { orders: 0, tickets: 0, refused: 0, failures: {}, seconds: 0, latencies: [] };
const started = performance.now();
await (plan.mode === 'sql' ? overSql(plan, result) : overHttp(plan, result));
result.seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify(result));
