import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportResponse } from '../../../common/personal-data';
import { dataExports, securityEvents } from '../../db/schema';
import { makeAccount, makeLiveEvent, makeOrder, makeQuestion, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { lastLink, type ReceivedMail } from '../../test/smtp';

// A buyer's data (decision 064): asked for with an address (or from an order's page), mailed as
// an expiring link to that address only, downloaded as one JSON file of every record with it.

const HANA = 'hana.export@buyers.example';
let kit: IdentityKit;
let first: Owner;
let second: Owner;
let hanasOrder = { eventId: 0, shortId: '' };
let clients = 0;
const nextClient = () => `10.7.${Math.floor(++clients / 250)}.${clients % 250}`;

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  first = await makeAccount(kit.app);
  second = await makeAccount(kit.app);
  const a = await makeLiveEvent(kit.app, first, { title: 'Lantern Walk' });
  const question = await makeQuestion(kit.app, first, {
    eventId: a.event.id,
    title: 'T-shirt size',
    scope: 'PER_ORDER',
  });
  const ticketA = a.tickets[0]?.id ?? 0;
  const placed = await makeOrder(kit.app, {
    eventId: a.event.id,
    lines: [{ ticket_id: ticketA, quantity: 1 }],
    buyer: 'Hana',
    email: HANA,
    answers: [{ question_id: question.id, answer: 'M' }],
  });
  hanasOrder = { eventId: a.event.id, shortId: placed.short_id };
  // A ticket in someone else's order, and an order with the second account.
  await makeOrder(kit.app, {
    eventId: a.event.id,
    lines: [{ ticket_id: ticketA, quantity: 2 }],
    buyer: 'Ivo',
    emails: ['ivo@buyers.example', HANA.toUpperCase()],
  });
  const b = await makeLiveEvent(kit.app, second, { title: 'River Concert' });
  await makeOrder(kit.app, {
    eventId: b.event.id,
    lines: [{ ticket_id: b.tickets[0]?.id ?? 0, quantity: 1 }],
    buyer: 'Hana',
    email: HANA,
  });
  await kit.deliverMail();
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

const ask = (email: string) =>
  kit.app.inject({
    method: 'POST',
    url: '/api/public/data-requests',
    remoteAddress: nextClient(),
    payload: { email },
  });
const download = (token: string) =>
  kit.app.inject({ method: 'GET', url: `/api/public/data-exports/${token}` });

async function mailsAfter(action: () => Promise<unknown>): Promise<ReceivedMail[]> {
  const before = kit.smtp.mails.length;
  await action();
  await kit.deliverMail();
  await kit.deliverMail();
  return kit.smtp.mails.slice(before);
}

const exportedEvents = () =>
  kit.app.db
    .select({
      accountId: securityEvents.accountId,
      detail: securityEvents.detail,
      userId: securityEvents.userId,
      ip: securityEvents.ip,
    })
    .from(securityEvents)
    .where(eq(securityEvents.kind, 'BUYER_DATA_EXPORTED'))
    .orderBy(securityEvents.accountId);

describe('a buyer’s data export', () => {
  it('answers the same for a known and an unknown address, and mails the link only to the address', async () => {
    let known: Awaited<ReturnType<typeof ask>> | undefined;
    let unknown: Awaited<ReturnType<typeof ask>> | undefined;
    const mails = await mailsAfter(async () => {
      known = await ask(HANA.toUpperCase());
      unknown = await ask('nobody.export@buyers.example');
    });
    expect(known?.statusCode).toBe(202);
    expect(unknown?.body).toBe(known?.body);
    expect(known?.json()).toEqual({ status: 'QUEUED' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([HANA]);
    expect(mails[0]?.subject).toBe('Your data');
    expect(mails[0]?.text).toContain('for the next 7 days');
  });

  it('downloads every order, ticket and answer with the address, of every account, as a file', async () => {
    const [mail] = await mailsAfter(() => ask(HANA));
    const { token } = lastLink(mail, '/my-data/');
    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json<DataExportResponse>();
    expect(data.email).toBe(HANA);
    expect(data.orders.map((o) => o.event).sort()).toEqual(['Lantern Walk', 'River Concert']);
    const lantern = data.orders.find((o) => o.event === 'Lantern Walk');
    expect(lantern).toMatchObject({
      first_name: 'Hana',
      email: HANA,
      currency: expect.any(String),
      total: 0,
    });
    expect(lantern?.answers).toEqual([{ question: 'T-shirt size', answer: 'M' }]);
    // Her own tickets, and the one she holds in Ivo's order; never Ivo's.
    expect(data.attendees).toHaveLength(3);
    expect(data.attendees.every((a) => a.email.toLowerCase() === HANA)).toBe(true);
    expect(res.body).not.toContain('ivo@buyers.example');

    // The first download is in the audit log of both accounts, with no buyer data.
    const events = await exportedEvents();
    expect(events.map((e) => e.accountId)).toEqual([first.accountId, second.accountId]);
    expect(events[0]).toMatchObject({ userId: null, ip: null, detail: { orders: 1 } });
    expect(JSON.stringify(events)).not.toContain(HANA);
    expect((await download(token)).statusCode).toBe(200);
    expect(await exportedEvents()).toHaveLength(2);
  });

  it('answers 410 with a clear message once the link expired, and for an unknown link', async () => {
    const [mail] = await mailsAfter(() => ask(HANA));
    const { token } = lastLink(mail, '/my-data/');
    await kit.app.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(dataExports.email, HANA), sql`${dataExports.downloadedAt} is null`));
    for (const tried of [token, 'A'.repeat(22)]) {
      const res = await download(tried);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({
        code: 'DATA_EXPORT_EXPIRED',
        message: 'This link to your data has expired. Ask for a new one.',
      });
    }
  });

  it('is asked from the order page with the order’s link, for the order’s address only', async () => {
    const mails = await mailsAfter(async () => {
      const res = await kit.app.inject({
        method: 'POST',
        url: `/api/public/events/${hanasOrder.eventId}/orders/${hanasOrder.shortId}/data-request`,
        remoteAddress: nextClient(),
      });
      expect(res.statusCode).toBe(202);
    });
    expect(mails.map((m) => m.to)).toEqual([[HANA]]);
    const wrong = await kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${hanasOrder.eventId}/orders/${'z'.repeat(22)}/data-request`,
      remoteAddress: nextClient(),
    });
    expect(wrong.statusCode).toBe(404);
  });
});
