import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeMember, makeTicket, type Owner } from '../../test/builders';

let t: TestApp;
let admin: Owner;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const create = (token: string, payload: object) =>
  as(token, { method: 'POST', url: '/api/taxes-and-fees', payload });

describe('taxes and fees', () => {
  it('keep percentages exact and fixed amounts in minor units', async () => {
    const vat = await create(admin.token, {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '23.5',
      is_default: true,
    });
    expect(vat.statusCode).toBe(201);
    expect(vat.json()).toMatchObject({
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '23.5',
      is_default: true,
    });
    const asNumber = await create(admin.token, {
      name: 'City tax',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 7.25,
    });
    expect(asNumber.json().rate).toBe('7.25');
    const withComma = await create(admin.token, {
      name: 'Regional',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '6,5',
    });
    expect(withComma.json().rate).toBe('6.5');
    const fee = await create(admin.token, {
      name: 'Booking fee',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: 250,
    });
    expect(fee.json()).toMatchObject({ rate: '250', is_default: false });

    const list = await as(admin.token, { method: 'GET', url: '/api/taxes-and-fees' });
    expect(list.json().data.map((t: { name: string }) => t.name)).toEqual([
      'Booking fee',
      'City tax',
      'Regional',
      'VAT',
    ]);

    const updated = await as(admin.token, {
      method: 'PUT',
      url: `/api/taxes-and-fees/${fee.json().id}`,
      payload: { name: 'Service fee', type: 'FEE', calculation_type: 'PERCENTAGE', rate: '2.5' },
    });
    expect(updated.json()).toMatchObject({
      name: 'Service fee',
      calculation_type: 'PERCENTAGE',
      rate: '2.5',
    });
    // A fee in use: deleting it detaches it from the tickets that applied it, and says so.
    const event = await makeEvent(t.app, admin, { title: 'Taxed', start_date: '2031-08-01T20:00:00Z' });
    const ticket = await makeTicket(t.app, admin, {
      eventId: event.id,
      title: 'T',
      type: 'PAID',
      price: 1000,
      tax_and_fee_ids: [fee.json().id, vat.json().id],
    });
    const removed = await as(admin.token, {
      method: 'DELETE',
      url: `/api/taxes-and-fees/${fee.json().id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      detached_tickets: 1,
      message: 'Deleted. It was removed from 1 ticket.',
    });
    const after = await as(admin.token, {
      method: 'GET',
      url: `/api/events/${event.id}/tickets/${ticket.id}`,
    });
    expect(after.json().tax_and_fee_ids).toEqual([vat.json().id]);
    expect(
      (await as(admin.token, { method: 'DELETE', url: `/api/taxes-and-fees/${fee.json().id}` })).statusCode,
    ).toBe(404);
  });

  it('refuse rates that are not a percentage and amounts that are not whole minor units', async () => {
    for (const rate of ['abc', '-5', '101', '1e2', '12,5,1']) {
      const res = await create(admin.token, { name: 'X', type: 'TAX', calculation_type: 'PERCENTAGE', rate });
      expect(res.statusCode, rate).toBe(422);
      expect(res.json().errors).toEqual({ rate: ['Enter a percentage between 0 and 100, such as 23.5.'] });
    }
    const fractional = await create(admin.token, {
      name: 'X',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: 2.5,
    });
    expect(Object.keys(fractional.json().errors)).toEqual(['rate']);
    const mixed = await create(admin.token, {
      name: 'X',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: '2.5',
    });
    expect(mixed.statusCode).toBe(422);
  });

  it('are managed by admins only and stay inside their account', async () => {
    const organizer = (await makeMember(t.app, admin, { role: 'ORGANIZER' })).token;
    const refused = await create(organizer, {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '20',
    });
    expect(refused.statusCode).toBe(403);
    expect((await as(organizer, { method: 'GET', url: '/api/taxes-and-fees' })).statusCode).toBe(200);

    const mine = (
      await create(admin.token, { name: 'Mine', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '5' })
    ).json();
    const other = await makeAccount(t.app);
    const foreign = await as(other.token, {
      method: 'PUT',
      url: `/api/taxes-and-fees/${mine.id}`,
      payload: { name: 'Stolen', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '1' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await as(other.token, { method: 'DELETE', url: `/api/taxes-and-fees/${mine.id}` })).statusCode,
    ).toBe(404);
    expect((await as(other.token, { method: 'GET', url: '/api/taxes-and-fees' })).json().data).toEqual([]);
  });
});
