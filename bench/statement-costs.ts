/**
 * What each part of the one-statement reservation costs PostgreSQL (decision 044): pgbench runs
 * shapes of the statement on the bench's tables, prepared, 10 clients for `SECONDS` each, and
 * prints the statements a second and the machine's CPU per statement (PostgreSQL and pgbench:
 * run it on a quiet machine). Not a BENCH line: run
 * it by hand with `BENCH_DATABASE_URL=… npx tsx bench/statement-costs.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../server/db/rows';
import { seedSale } from './flash';
import { startServer } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';

const STOCK = `stock as (update ticket_stock set quantity_reserved = quantity_reserved + :n
    where date_id = :date and ticket_id = :ticket
      and (quantity is null or quantity_sold + quantity_reserved + :n <= quantity)LANE_GUARD
    returning ticket_id)`;
const LANE = `lane as (update address_lanes set held = held + 1, touched_at = now()
    where address = '10.0.0.' || :a and lane = (
      select lane from address_lanes where address = '10.0.0.' || :a and held < 1000000 / 8 + (case when lane < 1000000 % 8 then 1 else 0 end)
      order by lane limit 1 for update skip locked)
    returning lane)`;
const ORDER = `new_order as (insert into orders (account_id, event_id, date_id, short_id, reference, status, reserved_until, currency,
      gross, discount, subtotal, fees, taxes, total, client_address)
    select :account, :event, :date, md5(random()::text), substr(md5(random()::text), 1, 12), 'RESERVED', now() + interval '15 minutes', 'EUR',
      2500 * :n, 0, 2500 * :n, 0, 0, 2500 * :n, '10.0.0.' || :a from stock RETURNING_ORDER)`;
const ITEM = `items as (insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal, fees, taxes, total, charges)
    select id, :ticket, 'General admission', :n, 2500, 0, 2500 * :n, 0, 0, 2500 * :n, '[]' from new_order RETURNING_ITEMS)`;

function shape(options: { lane: boolean; json: boolean }): string {
  const parts = [
    ...(options.lane ? [LANE] : []),
    STOCK.replace('LANE_GUARD', options.lane ? ' and exists (select from lane)' : ''),
    ORDER.replace('RETURNING_ORDER', options.json ? 'returning *' : 'returning id'),
    ITEM.replace('RETURNING_ITEMS', options.json ? 'returning *' : 'returning id'),
  ];
  const last = options.json
    ? `select (select to_jsonb(new_order.*) from new_order) as o, (select jsonb_agg(to_jsonb(items.*)) from items) as i`
    : 'select count(*) from items';
  return `\\set a random(1, 200)\n\\set n random(1, 4)\nwith ${parts.join(',\n')}\n${last};\n`;
}

const SHAPES: [string, { lane: boolean; json: boolean }][] = [
  ['stock + order + item (the reference)', { lane: false, json: false }],
  ['+ the address lane', { lane: true, json: false }],
  ['+ the lane, rows returned as JSON (Tessera)', { lane: true, json: true }],
];

/** The machine's busy CPU so far (all processes: PostgreSQL and pgbench, on a quiet machine), ms. */
function machineCpuMs(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, , , irq, softirq] = (cpu ?? '').split(/\s+/).slice(1).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * 10;
}

async function main() {
  const server = await startServer({ env: { OPEN_ORDERS_PER_ADDRESS: '1000000' } });
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || server.databaseKind !== 'postgresql') throw new Error('needs BENCH_DATABASE_URL');
  const sale = await seedSale(server.app);
  const [row] = await queryRows<{ name: string }>(server.app.db, sql`select current_database() as name`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${row?.name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  // Unlimited stock, and lanes for the 200 addresses.
  await client.query('update tickets set quantity = null where id = $1', [sale.ticketIds[0]]);
  await client.query('update ticket_stock set quantity = null where ticket_id = $1', [sale.ticketIds[0]]);
  const dateId = Number(
    (await client.query('select min(id) as id from event_dates where event_id = $1', [sale.eventId])).rows[0]
      ?.id,
  );
  await client.query(`insert into address_lanes (address, lane, touched_at)
    select '10.0.0.' || a, l, now() from generate_series(1, 200) a, generate_series(0, 7) l on conflict do nothing`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'statement-costs-'));
  for (const [name, options] of SHAPES) {
    const file = path.join(dir, `${SHAPES.findIndex(([n]) => n === name)}.sql`);
    await writeFile(file, shape(options));
    const before = machineCpuMs();
    const out = execFileSync(
      PGBENCH,
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        '10',
        '-j',
        '2',
        '-T',
        String(SECONDS),
        '-f',
        file,
        '-D',
        `ticket=${sale.ticketIds[0]}`,
        '-D',
        `account=${sale.accountId}`,
        '-D',
        `event=${sale.eventId}`,
        '-D',
        `date=${dateId}`,
        dbUrl.toString(),
      ],
      { encoding: 'utf8' },
    );
    const after = machineCpuMs();
    const count = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    console.log(
      `${name.padEnd(46)} ${tps.toFixed(0).padStart(6)} statements/s, ${((after - before) / count).toFixed(3)} ms of CPU each (load ${os.loadavg()[0]?.toFixed(2)})`,
    );
  }
  await client.end();
  await server.close();
}

await main();
