import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeTaxOrFee, type Owner } from '../../test/builders';
import { setTicketCounts, setTierCounts } from '../../test/stock';

let t: TestApp;
let owner: Owner;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  eventId = (await makeEvent(t.app, owner, { title: 'Ticketed', start_date: '2031-04-01T20:00:00Z' })).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const url = (suffix = '') => `/api/events/${eventId}/tickets${suffix}`;
const create = (payload: object, token = owner.token) => as(token, { method: 'POST', url: url(), payload });

describe('tickets', () => {
  it('are created of every type, in order, with the account’s default taxes', async () => {
    const vat = await makeTaxOrFee(t.app, owner, {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '23',
      is_default: true,
    });
    const free = await create({ title: 'Free entry', type: 'FREE' });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({
      type: 'FREE',
      price: null,
      sale_state: 'ON_SALE',
      quantity_available: null,
      tax_and_fee_ids: [vat.id],
    });
    const paid = await create({
      title: 'Standard',
      type: 'PAID',
      price: 2500,
      quantity_available: 100,
      tax_and_fee_ids: [],
    });
    expect(paid.json()).toMatchObject({
      price: 2500,
      quantity_available: 100,
      tax_and_fee_ids: [],
      sort_order: 1,
    });
    const donation = await create({ title: 'Pay what you like', type: 'DONATION', price: 500 });
    expect(donation.json().price).toBe(500);
    const tiered = await create({
      title: 'Festival pass',
      type: 'TIERED',
      prices: [
        { label: 'Early bird', price: 4000, quantity_available: 50, sale_end_date: '2020-01-01T00:00:00Z' },
        { label: 'Regular', price: 5500 },
      ],
    });
    expect(
      tiered.json().prices.map((p: { label: string; sale_state: string }) => [p.label, p.sale_state]),
    ).toEqual([
      ['Early bird', 'SALE_ENDED'],
      ['Regular', 'ON_SALE'],
    ]);
    expect(tiered.json().sale_state).toBe('ON_SALE');

    const list = await as(owner.token, { method: 'GET', url: url() });
    expect(list.json().data.map((t: { title: string }) => t.title)).toEqual([
      'Free entry',
      'Standard',
      'Pay what you like',
      'Festival pass',
    ]);
  });

  it('refuse bad input field by field, and taxes of another account', async () => {
    const bad = await create({
      title: '',
      type: 'PAID',
      min_per_order: 3,
      max_per_order: 1,
      quantity_available: -1,
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'max_per_order',
      'price',
      'quantity_available',
      'title',
    ]);
    const other = await makeAccount(t.app);
    const foreignTax = await makeTaxOrFee(t.app, other, {
      name: 'Theirs',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '5',
    });
    const res = await create({ title: 'X', type: 'FREE', tax_and_fee_ids: [foreignTax.id] });
    expect(res.json().errors).toEqual({ tax_and_fee_ids: ['Choose taxes and fees of this account.'] });
    expect((await create({ title: 'X', type: 'FREE' }, other.token)).statusCode).toBe(404);
  });

  it('reorder, and refuse an order that leaves a ticket out', async () => {
    const ids = (await as(owner.token, { method: 'GET', url: url() }))
      .json()
      .data.map((t: { id: number }) => t.id);
    const reversed = [...ids].reverse();
    const sorted = await as(owner.token, {
      method: 'POST',
      url: url('/sort'),
      payload: { ticket_ids: reversed },
    });
    expect(sorted.json().data.map((t: { id: number }) => t.id)).toEqual(reversed);
    const partial = await as(owner.token, {
      method: 'POST',
      url: url('/sort'),
      payload: { ticket_ids: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(422);
  });

  it('protect what was sold: no delete, no type change, no tier removal, no quantity below it', async () => {
    const ticket = (
      await create({ title: 'Sold', type: 'PAID', price: 1000, quantity_available: 10 })
    ).json();
    await setTicketCounts(t.app.db, ticket.id, { quantitySold: 4, quantityReserved: 2 });
    const body = { title: 'Sold', type: 'PAID', price: 1000, quantity_available: 10 };

    const del = await as(owner.token, { method: 'DELETE', url: url(`/${ticket.id}`) });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(
      'This ticket has been ordered, so it cannot be deleted. Hide it instead.',
    );
    const retype = await as(owner.token, {
      method: 'PUT',
      url: url(`/${ticket.id}`),
      payload: { ...body, type: 'FREE' },
    });
    expect(retype.json().code).toBe('TICKET_TYPE_LOCKED');
    const shrink = await as(owner.token, {
      method: 'PUT',
      url: url(`/${ticket.id}`),
      payload: { ...body, quantity_available: 5 },
    });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().errors).toEqual({
      quantity_available: ['The quantity cannot be lower than what is already sold or reserved.'],
    });
    const hidden = await as(owner.token, {
      method: 'PUT',
      url: url(`/${ticket.id}`),
      payload: { ...body, quantity_available: 6, is_hidden: true },
    });
    expect(hidden.json()).toMatchObject({ quantity_available: 6, is_hidden: true, sale_state: 'SOLD_OUT' });

    const tiered = (
      await create({
        title: 'Tiers',
        type: 'TIERED',
        prices: [
          { label: 'A', price: 100 },
          { label: 'B', price: 200 },
        ],
      })
    ).json();
    const [a, b] = tiered.prices;
    await setTierCounts(t.app.db, a.id, { quantitySold: 1 });
    const dropSold = await as(owner.token, {
      method: 'PUT',
      url: url(`/${tiered.id}`),
      payload: { title: 'Tiers', type: 'TIERED', prices: [{ id: b.id, label: 'B', price: 200 }] },
    });
    expect(dropSold.json().code).toBe('TIER_HAS_SALES');
    const dropUnsold = await as(owner.token, {
      method: 'PUT',
      url: url(`/${tiered.id}`),
      payload: {
        title: 'Tiers',
        type: 'TIERED',
        prices: [
          { id: a.id, label: 'A (renamed)', price: 150 },
          { label: 'C', price: 300 },
        ],
      },
    });
    expect(dropUnsold.json().prices.map((p: { label: string }) => p.label)).toEqual(['A (renamed)', 'C']);

    const fresh = (await create({ title: 'Unsold', type: 'FREE' })).json();
    expect((await as(owner.token, { method: 'DELETE', url: url(`/${fresh.id}`) })).statusCode).toBe(204);
  });
});
