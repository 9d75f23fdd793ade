import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderActivities, orderLookupLinks, orders } from '../../db/schema';
import { hashToken } from '../../http/tokens';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import type { ReceivedMail } from '../../test/smtp';

// "Find my tickets" (decision 056): one answer whatever the address has, the lookup and the
// mail in a job, one mail to the address itself with an expiring link to each of its orders.

let kit: IdentityKit;
let owner: Owner;
let e1: { id: number; free: number };
let e2: { id: number; paid: number };
let other: { id: number; free: number };
let clients = 0;
/** A new client address per request, so that only the limit under test counts. */
const nextClient = () => `10.1.${Math.floor(++clients / 250)}.${clients % 250}`;

const ALICE = 'alice.lookup@example.com';
const BOB = 'bob.lookup@example.com';
let aliceE1 = '';
let aliceE2 = '';
let aliceElsewhere = '';
let bobOrder = '';
let aliceTicketInBobs = '';

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await makeAccount(kit.app);
  const first = await makeLiveEvent(kit.app, owner, { title: 'Harbour Lights' });
  e1 = { id: first.event.id, free: first.tickets[0]?.id ?? 0 };
  const second = await makeLiveEvent(kit.app, owner, {
    title: 'Dock Talks',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Transfer.' },
    tickets: [{ title: 'Seat', type: 'PAID', price: 1500, tax_and_fee_ids: [] }],
  });
  e2 = { id: second.event.id, paid: second.tickets[0]?.id ?? 0 };
  const stranger = await makeAccount(kit.app);
  const theirs = await makeLiveEvent(kit.app, stranger, { title: 'Someone Else’s Fair' });
  other = { id: theirs.event.id, free: theirs.tickets[0]?.id ?? 0 };

  const line = (ticket_id: number, quantity = 1) => [{ ticket_id, quantity }];
  aliceE1 = (await makeOrder(kit.app, { eventId: e1.id, lines: line(e1.free), email: ALICE })).short_id;
  aliceE2 = (
    await makeOrder(kit.app, { eventId: e2.id, lines: line(e2.paid), email: ALICE, until: 'offline' })
  ).short_id;
  // An unfinished checkout with her address is never mailed.
  await makeOrder(kit.app, { eventId: e1.id, lines: line(e1.free), email: ALICE, until: 'details' });
  aliceElsewhere = (await makeOrder(kit.app, { eventId: other.id, lines: line(other.free), email: ALICE }))
    .short_id;
  const bobs = await makeOrder(kit.app, {
    eventId: e1.id,
    lines: line(e1.free, 2),
    email: BOB,
    emails: ['carol.lookup@example.com', ALICE],
  });
  bobOrder = bobs.short_id;
  aliceTicketInBobs = bobs.attendees.find((a) => a.email === ALICE)?.short_id ?? '';
  await kit.deliverMail();
});
afterAll(async () => {
  await kit?.close();
});

const lookup = (email: string, options: { eventId?: number; scope?: string; client?: string } = {}) =>
  kit.app.inject({
    method: 'POST',
    url: `/api/public/events/${options.eventId ?? e1.id}/order-lookup`,
    remoteAddress: options.client ?? nextClient(),
    payload: { email, ...(options.scope ? { scope: options.scope } : {}) },
  });

/** The tokens of a lookup mail's links, in order. */
const tokensOf = (mail: ReceivedMail | undefined) =>
  [...(mail?.text ?? '').matchAll(/\/order-link\/\d+\/([A-Za-z0-9_-]+)/g)].map((m) => m[1] ?? '');

const resolve = (token: string) => kit.app.inject({ method: 'GET', url: `/api/public/order-links/${token}` });

async function mailsAfter(action: () => Promise<unknown>): Promise<ReceivedMail[]> {
  const before = kit.smtp.mails.length;
  await action();
  await kit.deliverMail();
  await kit.deliverMail();
  return kit.smtp.mails.slice(before);
}

describe('find my tickets', () => {
  it('answers the same for a known and an unknown address, and mails only the owner', async () => {
    let known: Awaited<ReturnType<typeof lookup>> | undefined;
    let unknown: Awaited<ReturnType<typeof lookup>> | undefined;
    const mails = await mailsAfter(async () => {
      known = await lookup(ALICE.toUpperCase());
      unknown = await lookup('nobody.lookup@example.com');
    });
    expect(known?.statusCode).toBe(202);
    expect(unknown?.statusCode).toBe(202);
    expect(unknown?.body).toBe(known?.body);
    expect(known?.json()).toEqual({ status: 'QUEUED' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([ALICE]);
    expect(mails[0]?.subject).toBe('Your orders and tickets');
  });

  it('links, for this event, her order and the ticket she holds in another’s order, each resolving to its page', async () => {
    const [mail] = await mailsAfter(() => lookup(ALICE));
    const tokens = tokensOf(mail);
    expect(tokens).toHaveLength(2);
    const pages = await Promise.all(tokens.map(async (token) => (await resolve(token)).json()));
    expect(pages).toEqual(
      expect.arrayContaining([
        { kind: 'ORDER', event_id: e1.id, order_short_id: aliceE1 },
        { kind: 'TICKET', event_id: e1.id, attendee_short_id: aliceTicketInBobs },
      ]),
    );
    // Bob's order itself is never linked, nor its other holder's ticket.
    expect(JSON.stringify(pages)).not.toContain(bobOrder);
    expect(mail?.text).toContain('Harbour Lights');
  });

  it('looks through every event of the account, and never another account’s', async () => {
    const [mail] = await mailsAfter(() => lookup(ALICE, { scope: 'ACCOUNT' }));
    const pages = await Promise.all(tokensOf(mail).map(async (token) => (await resolve(token)).json()));
    const orderIds = pages.map((p) => p.order_short_id).filter(Boolean);
    expect(orderIds.sort()).toEqual([aliceE1, aliceE2].sort());
    expect(pages.filter((p) => p.kind === 'TICKET')).toHaveLength(1);
    expect(JSON.stringify(pages)).not.toContain(aliceElsewhere);
    expect(mail?.text).toContain('awaiting payment');
  });

  it('does the same work before answering for both: one queued job, no link yet', async () => {
    const pending = () => kit.app.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    const links = async () => (await kit.app.db.select().from(orderLookupLinks)).length;
    const linksBefore = await links();
    // Each address may ask three times an hour: Bob is the known address from here on.
    expect((await lookup(BOB)).statusCode).toBe(202);
    const afterKnown = await pending();
    expect((await lookup('nobody.else@example.com')).statusCode).toBe(202);
    const afterUnknown = await pending();
    expect(afterKnown).toHaveLength(1);
    expect(afterUnknown).toHaveLength(2);
    expect(afterUnknown[1]?.type).toBe(afterKnown[0]?.type);
    expect(await links()).toBe(linksBefore);
    await kit.deliverMail();
    await kit.deliverMail();
  });

  it('makes 128-bit links, kept only as hashes, that expire', async () => {
    const [mail] = await mailsAfter(() => lookup(BOB));
    const [token = ''] = tokensOf(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const [row] = await kit.app.db
      .select()
      .from(orderLookupLinks)
      .where(eq(orderLookupLinks.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
    const hours = (row ? row.expiresAt.getTime() - row.createdAt.getTime() : 0) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    expect((await resolve(token)).statusCode).toBe(200);
    await kit.app.db
      .update(orderLookupLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orderLookupLinks.tokenHash, hashToken(token)));
    const expired = await resolve(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('ORDER_LINK_EXPIRED');
    const unknown = await resolve('A'.repeat(22));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().code).toBe('ORDER_LINK_EXPIRED');
  });

  it('limits lookups per client address and per e-mail, alike for known and unknown addresses', async () => {
    const client = nextClient();
    const fromOne = [];
    for (let i = 0; i < 6; i++) fromOne.push((await lookup(`flood${i}@example.com`, { client })).statusCode);
    expect(fromOne).toEqual([202, 202, 202, 202, 202, 429]);

    const known = 'dana.lookup@example.com';
    await makeOrder(kit.app, { eventId: e1.id, lines: [{ ticket_id: e1.free, quantity: 1 }], email: known });
    const statuses = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await lookup(email));
      return answers.map((r) => [r.statusCode, r.json().code ?? r.json().status]);
    };
    const ofKnown = await statuses(known);
    const ofUnknown = await statuses('erin.nobody@example.com');
    expect(ofKnown).toEqual([...Array(3).fill([202, 'QUEUED']), [429, 'RATE_LIMITED']]);
    expect(ofUnknown).toEqual(ofKnown);
    await kit.deliverMail();
    await kit.deliverMail();
  });

  it('refuses a draft or unknown event with 404 and bad input with 422', async () => {
    expect((await lookup('ivy@example.com', { eventId: 999_999 })).statusCode).toBe(404);
    expect((await lookup('not-an-address')).statusCode).toBe(422);
    expect((await lookup('ivy@example.com', { scope: 'EVERYWHERE' })).statusCode).toBe(422);
  });
});

describe('resending from the order page', () => {
  const resend = (eventId: number, shortId: string, attendee?: string) =>
    kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/orders/${shortId}${attendee ? `/attendees/${attendee}` : ''}/resend`,
      remoteAddress: nextClient(),
    });
  const activity = (shortId: string) =>
    kit.app.db
      .select({ kind: orderActivities.kind, data: orderActivities.data })
      .from(orderActivities)
      .innerJoin(orders, eq(orders.id, orderActivities.orderId))
      .where(eq(orders.shortId, shortId))
      .orderBy(orderActivities.id);

  it('sends the confirmation again to the buyer, through SMTP, recorded, and limited per order', async () => {
    const order = await makeOrder(kit.app, {
      eventId: e1.id,
      lines: [{ ticket_id: e1.free, quantity: 1 }],
      email: 'frank.resend@example.com',
    });
    await kit.deliverMail();
    const mails = await mailsAfter(async () =>
      expect((await resend(e1.id, order.short_id)).statusCode).toBe(202),
    );
    expect(mails.map((m) => m.to)).toEqual([['frank.resend@example.com']]);
    expect(mails[0]?.text).toContain(order.reference);
    expect((await activity(order.short_id)).map((a) => a.kind)).toContain('BUYER_RESENT_CONFIRMATION');
    expect((await resend(e1.id, order.short_id)).statusCode).toBe(202);
    expect((await resend(e1.id, order.short_id)).statusCode).toBe(202);
    const limited = await resend(e1.id, order.short_id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    await kit.deliverMail();
  });

  it('sends one ticket to its holder only, recorded, and limited per ticket', async () => {
    const order = await makeOrder(kit.app, {
      eventId: e1.id,
      lines: [{ ticket_id: e1.free, quantity: 2 }],
      email: 'gina.resend@example.com',
      emails: ['gina.resend@example.com', 'hal.holder@example.com'],
    });
    await kit.deliverMail();
    const hal = order.attendees.find((a) => a.email === 'hal.holder@example.com')?.short_id ?? '';
    const mails = await mailsAfter(async () =>
      expect((await resend(e1.id, order.short_id, hal)).statusCode).toBe(202),
    );
    expect(mails.map((m) => m.to)).toEqual([['hal.holder@example.com']]);
    expect(mails[0]?.text).toContain(`/ticket/${e1.id}/${hal}`);
    const recorded = (await activity(order.short_id)).find((a) => a.kind === 'BUYER_RESENT_TICKET');
    expect(recorded?.data).toMatchObject({ to: 'hal.holder@example.com' });
    await resend(e1.id, order.short_id, hal);
    await resend(e1.id, order.short_id, hal);
    expect((await resend(e1.id, order.short_id, hal)).statusCode).toBe(429);
    await kit.deliverMail();
  });

  it('refuses another event’s order, another order’s ticket, and orders or tickets not valid', async () => {
    const before = kit.smtp.mails.length;
    expect((await resend(e2.id, aliceE1)).statusCode).toBe(404);
    expect((await resend(other.id, aliceE1)).statusCode).toBe(404);
    expect((await resend(e2.id, bobOrder, aliceTicketInBobs)).statusCode).toBe(404);
    expect((await resend(e1.id, aliceE1, aliceTicketInBobs)).statusCode).toBe(404);
    const awaiting = await resend(e2.id, aliceE2, (await orderAttendee(e2.id, aliceE2)) ?? '');
    expect(awaiting.statusCode).toBe(409);
    expect(awaiting.json().code).toBe('TICKET_NOT_RESENDABLE');
    const reserved = await makeOrder(kit.app, {
      eventId: e1.id,
      lines: [{ ticket_id: e1.free, quantity: 1 }],
      until: 'details',
    });
    const open = await resend(e1.id, reserved.short_id);
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('ORDER_NOT_RESENDABLE');
    await kit.deliverMail();
    expect(kit.smtp.mails.length).toBe(before);
  });
});

async function orderAttendee(eventId: number, shortId: string): Promise<string | undefined> {
  const res = await kit.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/orders/${shortId}` });
  return res.json().attendees[0]?.short_id;
}
