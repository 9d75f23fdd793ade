import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, jobs, orders, securityEvents, ticketStock } from '../../db/schema';
import {
  makeAccount,
  makeCheckInList,
  makeLiveEvent,
  makeOrder,
  makeQuestion,
  type Owner,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { seller } from '../../test/invoice-kit';
import { message } from '../../test/messages';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

// Erasing a buyer (decision 064): every name, address and answer of theirs in the account becomes
// a marker, in every table, while amounts, counts, stock and issued invoices stay. The test looks
// for the address in every text column of the database.

const ERIN = 'erin.quill@buyers.example';
const ERIN_NAME = 'Erinmarie';
const SECRET_ANSWER = 'Peanut allergy zq71';
const FIONA = 'fiona.friend@buyers.example';
const GIL = 'gil.both@buyers.example';

let kit: IdentityKit;
let owner: Owner;
let stranger: Owner;
let receiver: WebhookReceiver;
let eventId = 0;
let paidTicket = 0;

const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  kit.as(token, { method, url, payload });
const erase = (token: string, email: string) =>
  as(token, 'POST', '/api/accounts/current/erasures', { email });
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every text, varchar, json and array column of every table whose text holds `needle`, with the count. */
async function whereFound(needle: string): Promise<Record<string, number>> {
  const columns = rows<{ table_name: string; column_name: string }>(
    await kit.app.db.execute(sql`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')
      order by 1, 2`),
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: Record<string, number> = {};
  for (const { table_name, column_name } of columns) {
    const [row] = rows<{ n: number }>(
      await kit.app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
      ),
    );
    if ((row?.n ?? 0) > 0) found[`${table_name}.${column_name}`] = row?.n ?? 0;
  }
  return found;
}

/** What an erasure must leave alone: the money, the counts and the invoices' numbers and totals. */
async function money(accountId: number) {
  const totals = await kit.app.db
    .select({ id: orders.id, total: orders.total, refunded: orders.refundedTotal, status: orders.status })
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(orders.id);
  const issued = await kit.app.db
    .select({
      id: invoices.id,
      reference: invoices.reference,
      total: invoices.total,
      document: invoices.document,
    })
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(invoices.id);
  const stock = await kit.app.db.select().from(ticketStock).orderBy(ticketStock.ticketId, ticketStock.dateId);
  return { totals, issued, stock };
}

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true' });
  receiver = await startWebhookReceiver();
  owner = await makeAccount(kit.app);
  stranger = await makeAccount(kit.app);
  expect((await as(owner.token, 'PUT', '/api/accounts/current/invoice-settings', seller)).statusCode).toBe(
    200,
  );
  const hook = await as(owner.token, 'POST', '/api/webhooks', {
    url: receiver.url,
    event_types: ['order.created', 'order.completed'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const { event, tickets: made } = await makeLiveEvent(kit.app, owner, {
    title: 'Quiet Harbour',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Transfer.' },
    tickets: [{ title: 'Deck', type: 'PAID', price: 2500, tax_and_fee_ids: [] }],
  });
  eventId = event.id;
  paidTicket = made[0]?.id ?? 0;
  const question = await makeQuestion(kit.app, owner, {
    eventId,
    title: 'Dietary needs',
    scope: 'PER_ORDER',
  });
  const line = (quantity: number) => [{ ticket_id: paidTicket, quantity }];
  // Erin buys for herself and Fiona, paying offline: an invoice is issued with her name.
  const erins = await makeOrder(kit.app, {
    eventId,
    lines: line(2),
    buyer: ERIN_NAME,
    email: ERIN,
    emails: [ERIN, FIONA],
    attendees: [ERIN_NAME, 'Fiona'],
    answers: [{ question_id: question.id, answer: SECRET_ANSWER }],
    until: 'offline',
  });
  // Bob gives her a ticket of his order.
  await makeOrder(kit.app, {
    eventId,
    lines: line(2),
    buyer: 'Bob',
    emails: ['bob@buyers.example', ERIN],
    until: 'offline',
  });
  // Gil buys here and from another account.
  await makeOrder(kit.app, { eventId, lines: line(1), buyer: 'Gil', email: GIL, until: 'offline' });
  const elsewhere = await makeLiveEvent(kit.app, stranger, { title: 'Far Away Fair' });
  await makeOrder(kit.app, {
    eventId: elsewhere.event.id,
    lines: [{ ticket_id: elsewhere.tickets[0]?.id ?? 0, quantity: 1 }],
    buyer: 'Gil',
    email: GIL,
  });

  // Her traces in the logs: a message, a lookup, a resend, a data request, a check-in, a waiting list.
  expect((await as(owner.token, 'POST', `/api/events/${eventId}/messages`, message())).statusCode).toBe(201);
  const pub = (url: string, payload?: object) =>
    kit.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.3.0.${Math.floor(Math.random() * 250)}`,
    });
  expect((await pub(`/api/public/events/${eventId}/order-lookup`, { email: ERIN })).statusCode).toBe(202);
  expect((await pub(`/api/public/events/${eventId}/orders/${erins.short_id}/resend`)).statusCode).toBe(202);
  expect((await pub('/api/public/data-requests', { email: ERIN })).statusCode).toBe(202);
  const list = await makeCheckInList(kit.app, owner, { eventId, ticket_ids: [paidTicket] });
  const ticket = await kit.app.inject({
    method: 'GET',
    url: `/api/public/events/${eventId}/attendees/${erins.attendees[0]?.short_id}`,
  });
  const scan = await pub(`/api/public/check-in-lists/${list.short_id}/check-ins`, {
    ticket_code: ticket.json().ticket_code,
    nonce: 'scan-of-erin-1',
    mark_paid: true,
  });
  expect(scan.statusCode, scan.body).toBeLessThan(300);
  const full = await makeLiveEvent(kit.app, owner, {
    title: 'Tiny Room',
    settings: { waitlist_enabled: true },
    tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 1 }],
  });
  await makeOrder(kit.app, {
    eventId: full.event.id,
    lines: [{ ticket_id: full.tickets[0]?.id ?? 0, quantity: 1 }],
  });
  const joined = await pub(`/api/public/events/${full.event.id}/waitlist`, {
    ticket_id: full.tickets[0]?.id,
    first_name: ERIN_NAME,
    last_name: 'Quill',
    email: ERIN,
  });
  expect(joined.statusCode, joined.body).toBe(201);
  for (let i = 0; i < 4; i++) await kit.deliverMail();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await kit?.close();
});

describe('erasing a buyer', () => {
  it('is refused to an ORGANIZER (403) and, for a buyer it does not know, to another account (404), changing nothing', async () => {
    const before = { found: await whereFound(ERIN), money: await money(owner.accountId) };
    const organizer = await kit.addMember(owner, 'ORGANIZER');
    const refused = await erase(organizer.token, ERIN);
    expect(refused.statusCode).toBe(403);
    const unknown = await erase(stranger.token, ERIN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'BUYER_NOT_FOUND' });
    expect(unknown.json().message).toBe(
      'This account has no orders, tickets or waiting-list entries with this e-mail address.',
    );
    const invalid = await erase(owner.token, 'not an address');
    expect(invalid.statusCode).toBe(422);
    expect({ found: await whereFound(ERIN), money: await money(owner.accountId) }).toEqual(before);
    expect(Object.keys(before.found)).toEqual(
      expect.arrayContaining(['orders.email', 'attendees.email', 'jobs.payload']),
    );
  });

  it('leaves no trace of the address in any table, and her name only on the invoice, which the law keeps', async () => {
    const before = await money(owner.accountId);
    expect(before.issued.length).toBeGreaterThan(0);
    const done = await erase(owner.token, ` ${ERIN.toUpperCase()} `);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ orders: 1, attendees: 2, waitlist_entries: 1, message_recipients: 1 });

    // The issued invoice keeps the buyer as it named her (tax law), and nothing else does.
    expect(await whereFound(ERIN)).toEqual({ 'invoices.document': 1 });
    expect(await whereFound(ERIN_NAME)).toEqual({ 'invoices.document': 1 });
    expect(await whereFound(SECRET_ANSWER)).toEqual({});

    const after = await money(owner.accountId);
    expect(after).toEqual(before);
    expect(after.issued.find((i) => i.document.buyer.email === ERIN)?.document.buyer.name).toBe(
      `${ERIN_NAME} Silva`,
    );

    // Fiona, a guest of her order, keeps her ticket as she gave it.
    expect(Object.keys(await whereFound(FIONA))).toEqual(expect.arrayContaining(['attendees.email']));
    const orderPage = await kit.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/orders`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(orderPage.body).toContain('Erased');

    // The audit log and the admin's mail say what happened, with no buyer data.
    const [event] = await kit.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.accountId, owner.accountId), eq(securityEvents.kind, 'BUYER_ERASED')));
    expect(event).toMatchObject({ userId: owner.userId, detail: { orders: 1, attendees: 2 } });
    await kit.deliverMail();
    const notice = kit.smtp.to(owner.email).at(-1);
    expect(notice?.text).toContain('1 orders and 2 tickets now carry a marker instead');

    // A mail the organizer sends her order later goes nowhere: the marker is never mailed.
    const [erased] = await kit.app.db
      .select({ id: orders.id, email: orders.email })
      .from(orders)
      .where(and(eq(orders.accountId, owner.accountId), eq(orders.firstName, 'Erased')));
    expect(erased?.email).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    const resent = await as(owner.token, 'POST', `/api/events/${eventId}/orders/${erased?.id}/resend`);
    expect(resent.statusCode).toBeLessThan(300);
    const queued = await kit.app.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), sql`${jobs.payload}->>'to' = ${erased?.email ?? ''}`));
    expect(queued).toEqual([]);
    const later = await as(
      owner.token,
      'POST',
      `/api/events/${eventId}/messages`,
      message({ subject: 'Later' }),
    );
    expect(later.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) await kit.deliverMail();
    const [recipients] = rows<{ n: number }>(
      await kit.app.db.execute(sql`select count(*)::int as n from message_recipients r
        where r.message_id = ${later.json().id as number} and r.email like ${'%@erased.invalid'}`),
    );
    expect(recipients?.n).toBe(0);

    // Nothing is left to erase.
    expect((await erase(owner.token, ERIN)).statusCode).toBe(404);
  });

  it('erases in its own account only: the buyer’s orders elsewhere stay as they are', async () => {
    const done = await erase(owner.token, GIL);
    expect(done.json()).toMatchObject({ orders: 1, attendees: 1 });
    const theirs = await kit.app.db
      .select({ email: orders.email, first: orders.firstName })
      .from(orders)
      .where(eq(orders.accountId, stranger.accountId));
    expect(theirs).toEqual([{ email: GIL, first: 'Gil' }]);
    const mine = await kit.app.db
      .select({ email: orders.email })
      .from(orders)
      .where(and(eq(orders.accountId, owner.accountId), sql`${orders.email} ilike ${'%gil%'}`));
    expect(mine).toEqual([]);
  });
});
