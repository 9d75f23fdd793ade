import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateResponse } from '../../../common/affiliates';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeAffiliate,
  makeLiveEvent,
  makeMember,
  makeOrder,
  type Owner,
} from '../../test/builders';

let t: TestApp;
let owner: Owner;
let eventId: number;
let otherEventId: number;
let freeId: number;
let paidId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const live = await makeLiveEvent(t.app, owner, {
    title: 'Harbour Jazz',
    currency: 'EUR',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Standing', type: 'FREE', quantity_available: 100 },
      { title: 'Seat', type: 'PAID', price: 2500, quantity_available: 100 },
    ],
  });
  eventId = live.event.id;
  freeId = live.tickets[0]?.id ?? 0;
  paidId = live.tickets[1]?.id ?? 0;
  otherEventId = (await makeLiveEvent(t.app, owner, { title: 'Harbour Folk' })).event.id;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string, method: Method, url: string, payload?: object, language = 'en') =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
  });
const base = (event = eventId) => `/api/events/${event}/affiliates`;
const create = (payload: object, event = eventId) => as(owner.token, 'POST', base(event), payload);
const list = async (event = eventId) =>
  (await as(owner.token, 'GET', base(event))).json().data as AffiliateResponse[];
const affiliateOf = async (shortId: string) => {
  const [row] = await t.app.db
    .select({ id: orders.id, affiliateId: orders.affiliateId, code: orders.affiliateCode })
    .from(orders)
    .where(eq(orders.shortId, shortId));
  if (!row) throw new Error(`no order ${shortId}`);
  return row;
};
/** Reserves one free ticket through the public API, as the event page does. */
const buy = (body: object, event = eventId, ticket = freeId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${event}/orders`,
    payload: { tickets: [{ ticket_id: ticket, quantity: 1 }], ...body },
  });

describe('affiliates CRUD', () => {
  it('creates, reads, lists, changes and deletes an affiliate', async () => {
    const made = await create({ name: '  Radio Harbour ', code: 'radio-fm_1', email: ' Radio@Example.com ' });
    expect(made.statusCode).toBe(201);
    const body = made.json() as AffiliateResponse;
    expect(body).toMatchObject({
      name: 'Radio Harbour',
      code: 'RADIO-FM_1',
      email: 'radio@example.com',
      status: 'ACTIVE',
      orders: 0,
      tickets: 0,
      gross_sales: 0,
      currency: 'EUR',
    });
    const one = await as(owner.token, 'GET', `${base()}/${body.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(body);
    expect((await list()).map((a) => a.code)).toContain('RADIO-FM_1');

    const changed = await as(owner.token, 'PUT', `${base()}/${body.id}`, {
      name: 'Radio Harbour FM',
      code: 'RADIO',
      email: '',
      status: 'INACTIVE',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Radio Harbour FM',
      code: 'RADIO',
      email: null,
      status: 'INACTIVE',
    });

    expect((await as(owner.token, 'DELETE', `${base()}/${body.id}`)).statusCode).toBe(204);
    expect((await as(owner.token, 'GET', `${base()}/${body.id}`)).statusCode).toBe(404);
    expect((await as(owner.token, 'DELETE', `${base()}/${body.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input field by field with 422, never 500', async () => {
    const fields = async (payload: object) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(422);
      return Object.keys(res.json().errors ?? {}).sort();
    };
    const ok = { name: 'Poster crew', code: 'POSTERS' };
    expect(await fields({ ...ok, code: 'a' })).toEqual(['code']);
    expect(await fields({ ...ok, code: 'x'.repeat(41) })).toEqual(['code']);
    expect(await fields({ ...ok, code: 'has space' })).toEqual(['code']);
    expect(await fields({ ...ok, code: 'zürich' })).toEqual(['code']);
    expect(await fields({ ...ok, code: '<b>x</b>' })).toEqual(['code']);
    expect(await fields({ ...ok, name: '   ' })).toEqual(['name']);
    expect(await fields({ ...ok, name: 'n'.repeat(101) })).toEqual(['name']);
    expect(await fields({ ...ok, email: 'not an address' })).toEqual(['email']);
    expect(await fields({ ...ok, status: 'PAUSED' })).toEqual(['status']);
    expect(await fields({ name: 'Nameless' })).toEqual(['code']);

    const de = await as(owner.token, 'POST', base(), { ...ok, code: 'no spaces' }, 'de');
    expect(de.statusCode).toBe(422);
    expect(de.json().errors.code[0]).not.toBe('Use letters, digits, dashes and underscores only.');
    expect((await list()).some((a) => a.code === 'POSTERS')).toBe(false);
  });

  it('refuses a code the event already has in any case with a translated 409 on the field, and allows it in another event', async () => {
    expect((await create({ name: 'Blog', code: 'JAZZBLOG' })).statusCode).toBe(201);
    const again = await create({ name: 'Other blog', code: 'jazzblog' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'AFFILIATE_CODE_TAKEN',
      errors: { code: ['Another affiliate of this event already has this code.'] },
    });
    const german = await as(owner.token, 'POST', base(), { name: 'Other blog', code: 'JazzBlog' }, 'de');
    expect(german.statusCode).toBe(409);
    const message = german.json().errors.code[0] as string;
    expect(message).toBeTruthy();
    expect(message).not.toBe('Another affiliate of this event already has this code.');

    // Renaming another affiliate to the taken code is refused the same way.
    const second = (await create({ name: 'Zine', code: 'ZINE' })).json() as AffiliateResponse;
    const clash = await as(owner.token, 'PUT', `${base()}/${second.id}`, { name: 'Zine', code: 'JazzBlog' });
    expect(clash.statusCode).toBe(409);
    expect(Object.keys(clash.json().errors)).toEqual(['code']);

    const elsewhere = await create({ name: 'Blog', code: 'jazzblog' }, otherEventId);
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().code).toBe('JAZZBLOG');
  });

  it('lets an ORGANIZER manage them, and answers another account 404', async () => {
    const organizer = await makeMember(t.app, owner, { role: 'ORGANIZER' });
    const made = await as(organizer.token, 'POST', base(), { name: 'Street team', code: 'STREET' });
    expect(made.statusCode).toBe(201);
    const stranger = await makeAccount(t.app);
    expect((await as(stranger.token, 'GET', base())).statusCode).toBe(404);
    expect((await as(stranger.token, 'GET', `${base()}/${made.json().id}`)).statusCode).toBe(404);
    expect(
      (await as(stranger.token, 'PUT', `${base()}/${made.json().id}`, { name: 'Mine', code: 'MINE' }))
        .statusCode,
    ).toBe(404);
    expect((await as(stranger.token, 'DELETE', `${base()}/${made.json().id}`)).statusCode).toBe(404);
    expect((await as(stranger.token, 'GET', `${base()}/export`)).statusCode).toBe(404);
    // The affiliate of one event is not found under another event of the same account.
    expect((await as(owner.token, 'GET', `${base(otherEventId)}/${made.json().id}`)).statusCode).toBe(404);
  });
});

describe('attribution', () => {
  it('credits the ACTIVE affiliate whose code a public order carries, in any case', async () => {
    const scout = await makeAffiliate(t.app, owner, { eventId, name: 'Scout', code: 'SCOUT' });
    const res = await buy({ affiliate_code: ' scout ' });
    expect(res.statusCode).toBe(201);
    const order = await affiliateOf(res.json().short_id);
    expect(order).toMatchObject({ affiliateId: scout.id, code: 'SCOUT' });
    // The organizer's order screen names it.
    const shown = await as(owner.token, 'GET', `/api/events/${eventId}/orders/${order.id}`);
    expect(shown.json()).toMatchObject({ affiliate_code: 'SCOUT' });
  });

  it('ignores unknown, inactive, malformed and other events’ codes without refusing the order', async () => {
    await makeAffiliate(t.app, owner, { eventId, name: 'Sleeping', code: 'SLEEPING', status: 'INACTIVE' });
    const elsewhere = await makeAffiliate(t.app, owner, { eventId: otherEventId, code: 'FOLKONLY' });
    expect(elsewhere.status).toBe('ACTIVE');
    for (const code of ['NOBODY', 'sleeping', 'folkonly', 'has space', '<script>', '', 'x'.repeat(100)]) {
      const res = await buy({ affiliate_code: code });
      expect(res.statusCode, code).toBe(201);
      expect(await affiliateOf(res.json().short_id), code).toEqual(
        expect.objectContaining({ affiliateId: null, code: null }),
      );
    }
    const without = await buy({});
    expect(without.statusCode).toBe(201);
    expect((await affiliateOf(without.json().short_id)).affiliateId).toBeNull();
  });
});

describe('figures', () => {
  it('count only paid orders: orders, tickets and gross sales per affiliate', async () => {
    const anna = await makeAffiliate(t.app, owner, { eventId, name: 'Anna', code: 'ANNA' });
    const ben = await makeAffiliate(t.app, owner, { eventId, name: 'Ben', code: 'BEN' });
    // Anna: a free order of 2 completed, a paid order of 3 paid offline and marked paid.
    await makeOrder(t.app, { eventId, affiliate_code: 'anna', lines: [{ ticket_id: freeId, quantity: 2 }] });
    const offline = await makeOrder(t.app, {
      eventId,
      affiliate_code: 'ANNA',
      lines: [{ ticket_id: paidId, quantity: 3 }],
      until: 'offline',
    });
    const offlineId = (await affiliateOf(offline.short_id)).id;
    // Not counted: only reserved, awaiting payment, completed and then cancelled.
    await makeOrder(t.app, {
      eventId,
      affiliate_code: 'ANNA',
      lines: [{ ticket_id: paidId, quantity: 1 }],
      until: 'reserved',
    });
    await makeOrder(t.app, {
      eventId,
      affiliate_code: 'ANNA',
      lines: [{ ticket_id: paidId, quantity: 4 }],
      until: 'offline',
    });
    const cancelled = await makeOrder(t.app, {
      eventId,
      affiliate_code: 'ANNA',
      lines: [{ ticket_id: freeId, quantity: 5 }],
    });
    const cancelledId = (await affiliateOf(cancelled.short_id)).id;
    // Ben: one paid order of 1; nobody's: one paid order.
    const benOrder = await makeOrder(t.app, {
      eventId,
      affiliate_code: 'BEN',
      lines: [{ ticket_id: paidId, quantity: 1 }],
      until: 'offline',
    });
    await makeOrder(t.app, { eventId, lines: [{ ticket_id: paidId, quantity: 1 }], until: 'offline' });

    const ordersUrl = `/api/events/${eventId}/orders`;
    const paid = await as(owner.token, 'POST', `${ordersUrl}/${offlineId}/mark-paid`);
    expect(paid.statusCode).toBe(200);
    const benId = (await affiliateOf(benOrder.short_id)).id;
    expect((await as(owner.token, 'POST', `${ordersUrl}/${benId}/mark-paid`)).statusCode).toBe(200);
    const cancel = await as(owner.token, 'POST', `${ordersUrl}/${cancelledId}/cancel`, {
      notify_buyer: false,
    });
    expect(cancel.statusCode).toBe(200);

    const byCode = new Map((await list()).map((a) => [a.code, a]));
    expect(byCode.get('ANNA')).toMatchObject({ id: anna.id, orders: 2, tickets: 5, gross_sales: 7500 });
    expect(byCode.get('BEN')).toMatchObject({ id: ben.id, orders: 1, tickets: 1, gross_sales: 2500 });
    const one = await as(owner.token, 'GET', `${base()}/${anna.id}`);
    expect(one.json()).toMatchObject({ orders: 2, tickets: 5, gross_sales: 7500, currency: 'EUR' });

    // An affiliate with orders is not deleted; deactivated, it keeps its figures.
    const refused = await as(owner.token, 'DELETE', `${base()}/${anna.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('AFFILIATE_HAS_ORDERS');
    const off = await as(owner.token, 'PUT', `${base()}/${anna.id}`, {
      name: 'Anna',
      code: 'ANNA',
      status: 'INACTIVE',
    });
    expect(off.json()).toMatchObject({ status: 'INACTIVE', orders: 2, tickets: 5, gross_sales: 7500 });
    // Its link no longer credits new orders.
    const late = await buy({ affiliate_code: 'ANNA' });
    expect((await affiliateOf(late.json().short_id)).affiliateId).toBeNull();
  });

  it('exports the affiliates with their figures as CSV', async () => {
    await makeAffiliate(t.app, owner, {
      eventId: otherEventId,
      name: '=HYPERLINK("http://evil.example")',
      code: 'EVIL',
      email: 'evil@example.com',
    });
    await makeAffiliate(t.app, owner, { eventId: otherEventId, name: 'Café, "Le Port"', code: 'CAFE' });
    const event = await makeLiveEvent(t.app, owner, {
      currency: 'EUR',
      settings: { offline_payments_enabled: true },
      tickets: [{ title: 'Seat', type: 'PAID', price: 1999 }],
    });
    const seat = event.tickets[0]?.id ?? 0;
    await makeAffiliate(t.app, owner, { eventId: event.event.id, name: 'Zoë', code: 'ZOE' });
    const sold = await makeOrder(t.app, {
      eventId: event.event.id,
      affiliate_code: 'zoe',
      lines: [{ ticket_id: seat, quantity: 2 }],
      until: 'offline',
    });
    const soldId = (await affiliateOf(sold.short_id)).id;
    const marked = await as(owner.token, 'POST', `/api/events/${event.event.id}/orders/${soldId}/mark-paid`);
    expect(marked.statusCode).toBe(200);

    const res = await as(owner.token, 'GET', `${base(event.event.id)}/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="affiliates-${event.event.id}.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Affiliate,Affiliate code,E-mail,Status,Orders,Tickets,Gross sales,Currency,Created (UTC)',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Zoë,ZOE,,ACTIVE,1,2,39\.98,EUR,\d{4}-\d\d-\d\dT/);

    const other = await as(owner.token, 'GET', `${base(otherEventId)}/export`);
    expect(other.statusCode).toBe(200);
    const rows = other.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    // A name a spreadsheet would run as a formula is written as text; commas and quotes are quoted.
    expect(rows).toContainEqual(expect.stringMatching(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",EVIL,/));
    expect(rows).toContainEqual(expect.stringMatching(/^"Café, ""Le Port""",CAFE,,ACTIVE,0,0,0\.00,EUR,/));

    const german = await as(owner.token, 'GET', `${base(event.event.id)}/export`, undefined, 'de');
    expect(german.body.split('\r\n')[0]).not.toContain('Gross sales');
    const xlsx = await as(owner.token, 'GET', `${base(event.event.id)}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await as(owner.token, 'GET', `${base()}/export?format=pdf`)).statusCode).toBe(422);
  });
});
