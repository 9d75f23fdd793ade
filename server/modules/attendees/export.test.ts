import type { AddressInfo } from 'node:net';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendeesQuery } from '../../../common/attendees';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { attendeeListQueries } from './service';

// Exports stream: 100,000 attendees go out over real HTTP while the server's memory stays flat.
// The rows are seeded with SQL (buying them one by one would take far too long).

const ATTENDEES = 100_000;

let kit: IdentityKit;
let owner: Awaited<ReturnType<IdentityKit['register']>>;
let eventId: number;
let base: string;
let seatTicket: number;
let vipTicket: number;

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await kit.register();
  await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, owner.userId));
  eventId = (await kit.createEvent(owner.token, { title: 'Stadium', start_date: '2031-07-01T20:00:00Z' })).id;
  const post = async (url: string, payload: object) =>
    (await kit.as(owner.token, { method: 'POST', url: `/api/events/${eventId}${url}`, payload })).json();
  seatTicket = (await post('/tickets', { title: 'Seat', type: 'FREE' })).id;
  vipTicket = (await post('/tickets', { title: 'VIP', type: 'FREE' })).id;
  const diet = (await post('/questions', { title: 'Diet', type: 'SINGLE_LINE' })).id;
  const company = (await post('/questions', { title: 'Company', type: 'SINGLE_LINE', scope: 'PER_ORDER' }))
    .id;

  // Orders of four attendees each, as people buy; every thousandth attendee holds a VIP ticket.
  const db = kit.app.db;
  await db.execute(sql`
    insert into orders (account_id, event_id, short_id, reference, status, currency, gross, discount,
      subtotal, fees, taxes, total, first_name, last_name, email, completed_at)
    select ${owner.accountId}, ${eventId}, 'seeded-order-' || g, 'S' || lpad(g::text, 7, '0'), 'COMPLETED',
      'EUR', 0, 0, 0, 0, 0, 0, 'Buyer', 'No' || g, 'buyer' || g || '@example.com', now()
    from generate_series(1, ${ATTENDEES / 4}::int) g`);
  await db.execute(sql`
    insert into attendees (account_id, event_id, order_id, ticket_id, short_id, first_name, last_name, email, status, position)
    select ${owner.accountId}, ${eventId}, o.id,
      case when g % 1000 = 0 then ${vipTicket}::bigint else ${seatTicket}::bigint end,
      'seeded-' || g, 'First' || g, 'Last' || g, 'person' || g || '@example.com', 'ACTIVE', g
    from generate_series(1, ${ATTENDEES}::int) g
    join orders o on o.event_id = ${eventId} and o.short_id = 'seeded-order-' || ((g - 1) / 4 + 1)`);
  await db.execute(sql`
    insert into question_answers (order_id, attendee_id, question_id, answer)
    select order_id, id, ${diet}, to_jsonb('Diet of ' || first_name) from attendees where event_id = ${eventId}`);
  await db.execute(sql`
    insert into question_answers (order_id, attendee_id, question_id, answer)
    select id, null, ${company}, to_jsonb('Acme ' || last_name || ', "Ltd"') from orders where event_id = ${eventId}`);

  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

const download = (query: string) =>
  fetch(`${base}/api/events/${eventId}/attendees/export?${query}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });

describe('attendee export', () => {
  it('streams 100,000 attendees as CSV with their answers while memory grows by less than 100 MB', async () => {
    // What the process holds (JS heap, and buffers such as PGlite's memory), garbage collected
    // first so that only what is kept counts: it must not grow with the number of rows.
    const held = () => {
      global.gc?.();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.external;
    };
    expect(global.gc, 'run with --expose-gc').toBeTypeOf('function');
    const baseline = held();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, held());
    }, 250);

    const response = await download('format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="attendees-${eventId}.csv"`,
    );

    // Read as it arrives, keeping only what the checks need.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let pending = '';
    let lines = 0;
    let header = '';
    let sample = '';
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      const parts = pending.split('\r\n');
      pending = parts.pop() ?? '';
      for (const part of parts) {
        if (lines === 0) header = part;
        if (part.includes(',First50000,')) sample = part;
        lines += 1;
      }
    }
    clearInterval(sampler);

    expect(lines).toBe(ATTENDEES + 1);
    expect(header).toBe(
      '\uFEFFAttendee ID,First name,Last name,E-mail,Status,Ticket,Price tier,Order reference,Order status,Added by hand,Created (UTC),Diet,Company',
    );
    expect(sample).toMatch(
      /^\d+,First50000,Last50000,person50000@example\.com,ACTIVE,VIP,,S0012500,COMPLETED,No,[\dT:.Z-]+,Diet of First50000,"Acme No12500, ""Ltd"""$/,
    );
    const grownMb = (Math.max(peak, held()) - baseline) / 1024 / 1024;
    expect(grownMb, `memory grew by ${grownMb.toFixed(1)} MB`).toBeLessThan(100);
  }, 180_000);

  it('applies the list’s filters and search, in XLSX too, and in the caller’s language', async () => {
    const vip = await download(`format=xlsx&filter_fields[ticket_id][eq]=${vipTicket}&query=First5000`);
    expect(vip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await vip.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    // VIPs are every thousandth attendee; of them, 5000 and 50000 match "First5000".
    expect(sheet.match(/<row>/g)).toHaveLength(3);
    expect(sheet).toContain('<t xml:space="preserve">person5000@example.com</t>');
    expect(sheet).toContain('<t xml:space="preserve">Diet of First50000</t>');

    const german = await fetch(`${base}/api/events/${eventId}/attendees/export?format=csv&query=person777@`, {
      headers: { authorization: `Bearer ${owner.token}`, cookie: 'tessera_locale=de' },
    });
    const text = await german.text();
    expect(text.split('\r\n')[0]).toContain('Vorname');
    expect(text.split('\r\n')).toHaveLength(3);

    const bad = await download('format=pdf');
    expect(bad.status).toBe(422);
    const stranger = await kit.register();
    const refused = await fetch(`${base}/api/events/${eventId}/attendees/export`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.status).toBe(404);
  });
});

describe('attendee list at 100,000 attendees', () => {
  it('searches, filters and sorts through indexes, never reading every attendee', async () => {
    const db = kit.app.db;
    await db.execute(sql`analyze attendees`);
    await db.execute(sql`analyze question_answers`);
    await db.execute(sql`analyze orders`);
    const explain = async (q: SQLWrapper) =>
      (await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${q}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const indexed = (plan: string, name: string) => {
      expect(plan, name).not.toMatch(/Seq Scan on attendees/);
      expect(plan, name).toMatch(
        /(Index|Index Only|Bitmap Index) Scan (Backward )?(using \w+ )?on attendees/,
      );
    };
    // A page of the list reads only what it shows, whatever the sort.
    const sorts: Record<string, Record<string, string>> = {
      newest: {},
      'by last name': { sort_by: 'last_name', sort_direction: 'asc' },
      'by e-mail': { sort_by: 'email' },
    };
    // Filters and searches also count their matches through an index. (Counting a whole
    // event reads all its attendees whichever way: there the planner rightly reads the table.)
    const selective: Record<string, Record<string, string>> = {
      'cancelled ones': { 'filter_fields[status][eq]': 'CANCELLED' },
      'one ticket': { 'filter_fields[ticket_id][eq]': String(vipTicket) },
      'part of a name': { query: 'last5000' },
      'an order reference': { query: 's0012500' },
    };
    for (const [name, params] of Object.entries({ ...sorts, ...selective })) {
      const queries = attendeeListQueries(db, eventId, AttendeesQuery.parse(params));
      indexed(await explain(queries.page(20, 0)), name);
      if (name in selective && name !== 'an order reference')
        indexed(await explain(queries.count()), `${name}, count`);
    }
    // And the answers are right: the trigram search finds the one person, the reference its four.
    const found = await kit.as(owner.token, {
      method: 'GET',
      url: `/api/events/${eventId}/attendees?query=person99999@`,
    });
    expect(found.json().data.map((a: { first_name: string }) => a.first_name)).toEqual(['First99999']);
    const all = await kit.as(owner.token, {
      method: 'GET',
      url: `/api/events/${eventId}/attendees?query=s0012500`,
    });
    expect(all.json().meta.total).toBe(4);
  }, 60_000);
});
