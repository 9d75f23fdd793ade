import type { AddressInfo } from 'node:net';
import { type SQLWrapper, sql } from 'drizzle-orm';

import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttendeesQuery } from '../../../common/attendees';
import { queryRows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeQuestion, makeTicket, type Owner } from '../../test/builders';
import { jsonPartsRead } from '../../test/json-parts';
import { seedAttendees } from '../../test/seed-attendees';
import { attendeeListQueries } from './service';

// Exports go out over real HTTP, filtered like the list, in CSV and XLSX. The list's queries
// are checked against 100,000 attendees; that the export of all of them streams in flat memory
// is measured by `npm run bench -- export` (bench/export.bench.ts).

const ATTENDEES = 100_000;

let kit: TestApp;
let owner: Owner;
let eventId: number;
let base: string;
let vipTicket: number;

beforeAll(async () => {
  kit = await createTestApp();
  owner = await makeAccount(kit.app);
  eventId = (await makeEvent(kit.app, owner, { title: 'Stadium', start_date: '2031-07-01T20:00:00Z' })).id;
  const seat = await makeTicket(kit.app, owner, { eventId, title: 'Seat' });
  vipTicket = (await makeTicket(kit.app, owner, { eventId, title: 'VIP' })).id;
  const diet = await makeQuestion(kit.app, owner, { eventId, title: 'Diet' });
  const company = await makeQuestion(kit.app, owner, { eventId, title: 'Company', scope: 'PER_ORDER' });
  await seedAttendees(kit.app.db, {
    accountId: owner.accountId,
    eventId,
    seatTicket: seat.id,
    vipTicket,
    dietQuestion: diet.id,
    companyQuestion: company.id,
    count: ATTENDEES,
  });
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
  it('streams the chosen attendees as CSV with their answers, quoted where needed', async () => {
    const response = await download(`format=csv&filter_fields[ticket_id][eq]=${vipTicket}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="attendees-${eventId}.csv"`,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split('\r\n').filter(Boolean);
    // One VIP in every thousand attendees, after the header.
    expect(lines).toHaveLength(ATTENDEES / 1000 + 1);
    expect(lines[0]).toBe(
      '\uFEFFAttendee ID,First name,Last name,E-mail,Status,Checked in,Checked in at (UTC),Ticket,Price tier,Order reference,Order status,Added by hand,Created (UTC),Diet,Company',
    );
    expect(lines.find((line) => line.includes(',First50000,'))).toMatch(
      /^\d+,First50000,Last50000,person50000@example\.com,ACTIVE,No,,VIP,,S0012500,COMPLETED,No,[\dT:.Z-]+,Diet of First50000,"Acme No12500, ""Ltd"""$/,
    );
  });

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
    const stranger = await makeAccount(kit.app);
    const refused = await fetch(`${base}/api/events/${eventId}/attendees/export`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.status).toBe(404);
  });
});

describe('attendee export, how it reads', () => {
  it('reads at most 1,000 attendees per statement, each answered as a few short JSON texts', async () => {
    const small = (await makeEvent(kit.app, owner, { title: 'Club night' })).id;
    const ticket = await makeTicket(kit.app, owner, { eventId: small, title: 'Entry' });
    await seedAttendees(kit.app.db, {
      accountId: owner.accountId,
      eventId: small,
      seatTicket: ticket.id,
      vipTicket: ticket.id,
      dietQuestion: (await makeQuestion(kit.app, owner, { eventId: small, title: 'Diet' })).id,
      companyQuestion: (
        await makeQuestion(kit.app, owner, { eventId: small, title: 'Company', scope: 'PER_ORDER' })
      ).id,
      count: 2_500,
      tag: 'club-',
    });
    const { value: lines, statements } = await jsonPartsRead(kit.app.db, async () => {
      const response = await fetch(`${base}/api/events/${small}/attendees/export?format=csv`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      return (await response.text()).split('\r\n').filter(Boolean);
    });
    expect(lines).toHaveLength(2_500 + 1);
    expect(lines[2_500]).toMatch(
      /,First2500,Last2500,person2500@example\.com,.*,Diet of First2500,"Acme No625, ""Ltd"""$/,
    );
    // Three statements of up to 1,000 attendees, none reading the whole list…
    expect(statements.map((parts) => parts.reduce((sum, part) => sum + part, 0))).toEqual([1000, 1000, 500]);
    // …each answering in texts of at most 100 attendees.
    expect(Math.max(...statements.flat())).toBe(100);
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
    const found = await kit.app.inject({
      headers: { authorization: `Bearer ${owner.token}` },
      url: `/api/events/${eventId}/attendees?query=person99999@`,
    });
    expect(found.json().data.map((a: { first_name: string }) => a.first_name)).toEqual(['First99999']);
    const all = await kit.app.inject({
      headers: { authorization: `Bearer ${owner.token}` },
      url: `/api/events/${eventId}/attendees?query=s0012500`,
    });
    expect(all.json().meta.total).toBe(4);
  }, 60_000);
});
