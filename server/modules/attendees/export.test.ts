import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

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

  const db = kit.app.db;
  const [order] = await queryRows<{ id: number | string }>(
    db,
    sql`
      insert into orders (account_id, event_id, short_id, reference, status, currency, gross, discount,
        subtotal, fees, taxes, total, first_name, last_name, email, completed_at)
      values (${owner.accountId}, ${eventId}, 'seeded-order-short-id', 'SEEDED01', 'COMPLETED', 'EUR',
        0, 0, 0, 0, 0, 0, 'Bulk', 'Buyer', 'bulk@example.com', now())
      returning id`,
  );
  const orderId = Number(order?.id);
  await db.execute(sql`
    insert into attendees (account_id, event_id, order_id, ticket_id, short_id, first_name, last_name, email, status, position)
    select ${owner.accountId}, ${eventId}, ${orderId},
      case when g % 1000 = 0 then ${vipTicket}::bigint else ${seatTicket}::bigint end,
      'seeded-' || g, 'First' || g, 'Last' || g, 'person' || g || '@example.com', 'ACTIVE', g
    from generate_series(1, ${ATTENDEES}::int) g`);
  await db.execute(sql`
    insert into question_answers (order_id, attendee_id, question_id, answer)
    select ${orderId}, id, ${diet}, to_jsonb('Diet of ' || first_name) from attendees where event_id = ${eventId}`);
  await db.execute(sql`
    insert into question_answers (order_id, attendee_id, question_id, answer)
    values (${orderId}, null, ${company}, to_jsonb('Acme, "Ltd"'::text))`);

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
      /^\d+,First50000,Last50000,person50000@example\.com,ACTIVE,VIP,,SEEDED01,COMPLETED,No,[\dT:.Z-]+,Diet of First50000,"Acme, ""Ltd"""$/,
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
