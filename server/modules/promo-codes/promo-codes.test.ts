import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeTicket, type Owner, setEventStatus } from '../../test/builders';
import { setPromoUses } from '../../test/stock';

let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  eventId = (
    await makeEvent(t.app, owner, {
      title: 'Discounts',
      start_date: '2031-05-01T20:00:00Z',
      settings: { offline_payments_enabled: true },
    })
  ).id;
  ticketId = (await makeTicket(t.app, owner, { eventId, title: 'T', type: 'PAID', price: 2000 })).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const url = (suffix = '') => `/api/events/${eventId}/promo-codes${suffix}`;
const create = (payload: object) => as(owner.token, { method: 'POST', url: url(), payload });
const check = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/promo-codes/${code}` });

describe('promo codes', () => {
  it('are created per event, upper-cased, for all or some tickets', async () => {
    const pct = await create({ code: 'summer-15', discount_type: 'PERCENTAGE', discount: 15 });
    expect(pct.statusCode, pct.body).toBe(201);
    expect(pct.json()).toMatchObject({
      code: 'SUMMER-15',
      discount: '15',
      max_allowed_usages: null,
      times_used: 0,
      applicable_ticket_ids: [],
    });
    const fixed = await create({
      code: 'FIVEOFF',
      discount_type: 'FIXED',
      discount: '500',
      max_allowed_usages: 2,
      applicable_ticket_ids: [ticketId],
    });
    expect(fixed.json()).toMatchObject({
      discount: '500',
      max_allowed_usages: 2,
      applicable_ticket_ids: [ticketId],
    });
    const list = await as(owner.token, { method: 'GET', url: url() });
    expect(list.json().data.map((c: { code: string }) => c.code)).toEqual(['FIVEOFF', 'SUMMER-15']);
  });

  it('refuse bad codes and discounts, duplicates, and other events’ tickets', async () => {
    const errors = async (payload: object) => Object.keys((await create(payload)).json().errors ?? {}).sort();
    expect(await errors({ code: 'ab', discount_type: 'PERCENTAGE', discount: 10 })).toEqual(['code']);
    expect(await errors({ code: 'x'.repeat(51), discount_type: 'PERCENTAGE', discount: 10 })).toEqual([
      'code',
    ]);
    expect(await errors({ code: 'HAS SPACE', discount_type: 'PERCENTAGE', discount: 10 })).toEqual(['code']);
    expect(await errors({ code: 'TOOMUCH', discount_type: 'PERCENTAGE', discount: 120 })).toEqual([
      'discount',
    ]);
    expect(await errors({ code: 'CENTS', discount_type: 'FIXED', discount: '2.50' })).toEqual(['discount']);
    expect(await errors({ code: 'summer-15', discount_type: 'PERCENTAGE', discount: 5 })).toEqual(['code']);
    expect(
      await errors({
        code: 'OTHERTIX',
        discount_type: 'PERCENTAGE',
        discount: 5,
        applicable_ticket_ids: [999_999],
      }),
    ).toEqual(['applicable_ticket_ids']);
  });

  it('answer the public check: valid while live, unexpired and with uses left', async () => {
    expect((await check('summer-15')).json()).toEqual({ valid: false }); // the event is still a draft
    await setEventStatus(t.app, owner, { id: eventId });
    expect((await check('summer-15')).json()).toEqual({ valid: true });
    expect((await check('SUMMER-15')).json()).toEqual({ valid: true });
    expect((await check('nope')).json()).toEqual({ valid: false });

    const [fiveOff] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.code, 'FIVEOFF'));
    await setPromoUses(t.app.db, fiveOff?.id ?? 0, 2);
    expect((await check('FIVEOFF')).json()).toEqual({ valid: false });
    const expired = (
      await create({
        code: 'OLD',
        discount_type: 'PERCENTAGE',
        discount: 5,
        expiry_date: '2020-01-01T00:00:00Z',
      })
    ).json();
    expect((await check('OLD')).json()).toEqual({ valid: false });

    const lowered = await as(owner.token, {
      method: 'PUT',
      url: url(`/${expired.id}`),
      payload: { code: 'OLD', discount_type: 'PERCENTAGE', discount: 5, expiry_date: null },
    });
    expect(lowered.json().expiry_date).toBeNull();
    expect((await check('OLD')).json()).toEqual({ valid: true });
  });

  it('keep the usage limit above what was used, delete, and stay in their account', async () => {
    const fiveOff = (await as(owner.token, { method: 'GET', url: url() }))
      .json()
      .data.find((c: { code: string }) => c.code === 'FIVEOFF');
    const under = await as(owner.token, {
      method: 'PUT',
      url: url(`/${fiveOff.id}`),
      payload: { code: 'FIVEOFF', discount_type: 'FIXED', discount: 500, max_allowed_usages: 1 },
    });
    expect(Object.keys(under.json().errors)).toEqual(['max_allowed_usages']);
    const other = await makeAccount(t.app);
    expect((await as(other.token, { method: 'GET', url: url(`/${fiveOff.id}`) })).statusCode).toBe(404);
    expect((await as(owner.token, { method: 'DELETE', url: url(`/${fiveOff.id}`) })).statusCode).toBe(204);
    expect((await as(owner.token, { method: 'GET', url: url(`/${fiveOff.id}`) })).statusCode).toBe(404);
  });
});
