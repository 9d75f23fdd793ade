import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../../test/identity';
import { lastLink } from '../../test/smtp';

let kit: IdentityKit;
let admin: Awaited<ReturnType<IdentityKit['register']>>;
beforeAll(async () => {
  kit = await createIdentityKit();
  admin = await kit.register();
});
afterAll(async () => {
  await kit?.close();
});

const create = (token: string, payload: object) =>
  kit.as(token, { method: 'POST', url: '/api/taxes-and-fees', payload });

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

    const list = await kit.as(admin.token, { method: 'GET', url: '/api/taxes-and-fees' });
    expect(list.json().data.map((t: { name: string }) => t.name)).toEqual([
      'Booking fee',
      'City tax',
      'Regional',
      'VAT',
    ]);

    const updated = await kit.as(admin.token, {
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
    const org = (
      await kit.as(admin.token, { method: 'POST', url: '/api/organizers', payload: { name: 'Org' } })
    ).json();
    const event = (
      await kit.as(admin.token, {
        method: 'POST',
        url: '/api/events',
        payload: { title: 'Taxed', organizer_id: org.id, start_date: '2031-08-01T20:00:00Z' },
      })
    ).json();
    const ticket = (
      await kit.as(admin.token, {
        method: 'POST',
        url: `/api/events/${event.id}/tickets`,
        payload: { title: 'T', type: 'PAID', price: 1000, tax_and_fee_ids: [fee.json().id, vat.json().id] },
      })
    ).json();
    const removed = await kit.as(admin.token, {
      method: 'DELETE',
      url: `/api/taxes-and-fees/${fee.json().id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      detached_tickets: 1,
      message: 'Deleted. It was removed from 1 ticket.',
    });
    const after = await kit.as(admin.token, {
      method: 'GET',
      url: `/api/events/${event.id}/tickets/${ticket.id}`,
    });
    expect(after.json().tax_and_fee_ids).toEqual([vat.json().id]);
    expect(
      (await kit.as(admin.token, { method: 'DELETE', url: `/api/taxes-and-fees/${fee.json().id}` }))
        .statusCode,
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
    const email = `org.${Date.now()}@example.com`;
    await kit.as(admin.token, { method: 'POST', url: '/api/users', payload: { email, role: 'ORGANIZER' } });
    await kit.deliverMail();
    const link = lastLink(kit.smtp.to(email).at(-1), '/auth/accept-invitation/');
    const organizer = (
      await kit.app.inject({
        method: 'POST',
        url: `/api/auth/invitations/${link.token}`,
        payload: { first_name: 'O', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
      })
    ).json().token;
    const refused = await create(organizer, {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '20',
    });
    expect(refused.statusCode).toBe(403);
    expect((await kit.as(organizer, { method: 'GET', url: '/api/taxes-and-fees' })).statusCode).toBe(200);

    const mine = (
      await create(admin.token, { name: 'Mine', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '5' })
    ).json();
    const other = await kit.register();
    const foreign = await kit.as(other.token, {
      method: 'PUT',
      url: `/api/taxes-and-fees/${mine.id}`,
      payload: { name: 'Stolen', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '1' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await kit.as(other.token, { method: 'DELETE', url: `/api/taxes-and-fees/${mine.id}` })).statusCode,
    ).toBe(404);
    expect((await kit.as(other.token, { method: 'GET', url: '/api/taxes-and-fees' })).json().data).toEqual(
      [],
    );
  });
});
