import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTicketsResponse } from '../../../common/public-tickets';
import type { TicketRequest } from '../../../common/tickets';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeEvent,
  makePromoCode,
  makeTaxOrFee,
  makeTicket,
  type Owner,
  setEventStatus,
} from '../../test/builders';
import { hallPlan, seatEvent } from '../../test/seating';
import { setTicketCounts } from '../../test/stock';

let t: TestApp;
let owner: Owner;
let event: { id: number; organizerId: number };
const ids: Record<string, number> = {};

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

const addTicket = async (name: string, fields: Partial<TicketRequest>) => {
  ids[name] = (await makeTicket(t.app, owner, { eventId: event.id, title: name, ...fields })).id;
};

const publicTickets = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/tickets${query}` });

async function visible(query = ''): Promise<PublicTicketsResponse> {
  const res = await publicTickets(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const titles = (body: PublicTicketsResponse) => body.data.map((t) => t.title);
const ticketNamed = (body: PublicTicketsResponse, title: string) => body.data.find((t) => t.title === title);

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  event = await makeEvent(t.app, owner, {
    title: 'Harbour Nights',
    start_date: inDays(30),
    settings: { offline_payments_enabled: true },
  });
  const vat = await makeTaxOrFee(t.app, owner, {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: '20',
  });
  await addTicket('Standard', { type: 'PAID', price: 1000, tax_and_fee_ids: [vat.id] });
  await addTicket('Community', { type: 'FREE', tax_and_fee_ids: [] });
  await addTicket('Friends', {
    type: 'PAID',
    price: 500,
    is_hidden_without_promo_code: true,
    tax_and_fee_ids: [],
  });
  await addTicket('Staff', { type: 'FREE', is_hidden: true });
  await addTicket('Gone', { type: 'FREE', quantity_available: 5, hide_when_sold_out: true });
  await addTicket('Last few', {
    type: 'FREE',
    quantity_available: 5,
    show_quantity_remaining: true,
  });
  await addTicket('Later', { type: 'FREE', sale_start_date: inDays(7), hide_before_sale_start_date: true });
  await addTicket('Soon', { type: 'FREE', sale_start_date: inDays(7) });
  await addTicket('Tiers', {
    type: 'TIERED',
    tax_and_fee_ids: [],
    prices: [
      { label: 'Early', price: 800 },
      { label: 'Hidden tier', price: 1, is_hidden: true },
      { label: 'Door', price: 1500 },
    ],
  });
  await setTicketCounts(t.app.db, ids.Gone ?? 0, { quantitySold: 5 });
  await setTicketCounts(t.app.db, ids['Last few'] ?? 0, { quantitySold: 2, quantityReserved: 1 });
  await makePromoCode(t.app, owner, {
    eventId: event.id,
    code: 'FRIENDS',
    discount_type: 'PERCENTAGE',
    discount: '50',
    applicable_ticket_ids: [ids.Standard ?? 0, ids.Friends ?? 0],
  });
  await makePromoCode(t.app, owner, {
    eventId: event.id,
    code: 'OLD',
    discount_type: 'FIXED',
    discount: '100',
    expiry_date: inDays(-1),
  });
});
afterAll(async () => {
  await t?.close();
});

async function setDisplayMode(mode: 'INCLUSIVE' | 'EXCLUSIVE') {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/events/${event.id}`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      title: 'Harbour Nights',
      organizer_id: event.organizerId,
      start_date: inDays(30),
      settings: { price_display_mode: mode },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('public tickets', () => {
  it('are a 404 until the event is live, and need no login', async () => {
    const draft = await publicTickets();
    expect(draft.statusCode).toBe(404);
    expect(draft.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/api/public/events/999999/tickets' })).statusCode).toBe(
      404,
    );
    await setEventStatus(t.app, owner, { id: event.id });
    expect((await publicTickets()).statusCode).toBe(200);
  });

  it('show only what buyers may see, in order, with their sale state', async () => {
    const body = await visible();
    expect(titles(body)).toEqual(['Standard', 'Community', 'Last few', 'Soon', 'Tiers']);
    expect(body.promo_code).toBeNull();
    expect(body.currency).toBe('EUR');
    expect(ticketNamed(body, 'Soon')).toMatchObject({ sale_state: 'NOT_ON_SALE', quantity_remaining: null });
    expect(ticketNamed(body, 'Last few')?.quantity_remaining).toBe(2);
    expect(ticketNamed(body, 'Tiers')?.prices.map((p) => [p.label, p.price])).toEqual([
      ['Early', 800],
      ['Door', 1500],
    ]);
    // Nothing the organizer keeps to itself leaks into the public answer.
    expect(Object.keys(body.data[0] ?? {})).not.toContain('is_hidden');
    expect(Object.keys(body.data[0] ?? {})).not.toContain('quantity_sold');
  });

  it('show prices with taxes in INCLUSIVE mode and without them in EXCLUSIVE mode', async () => {
    const inclusive = await visible();
    expect(inclusive.price_display_mode).toBe('INCLUSIVE');
    expect(ticketNamed(inclusive, 'Standard')?.prices).toEqual([
      {
        price_id: null,
        label: null,
        price: 1000,
        discounted_price: 1000,
        fees: 0,
        taxes: 200,
        display_price: 1200,
        original_display_price: 1200,
        sale_state: 'ON_SALE',
      },
    ]);
    expect(ticketNamed(inclusive, 'Community')?.prices[0]).toMatchObject({ price: 0, display_price: 0 });

    await setDisplayMode('EXCLUSIVE');
    const exclusive = await visible();
    expect(exclusive.price_display_mode).toBe('EXCLUSIVE');
    expect(ticketNamed(exclusive, 'Standard')?.prices[0]).toMatchObject({ taxes: 200, display_price: 1000 });
    const discounted = await visible('?promo_code=FRIENDS');
    expect(ticketNamed(discounted, 'Standard')?.prices[0]).toMatchObject({
      display_price: 500,
      original_display_price: 1000,
    });
    await setDisplayMode('INCLUSIVE');
  });

  it('unlock hidden tickets and take the discount off with a valid promo code, in any case', async () => {
    const body = await visible('?promo_code=friends');
    expect(body.promo_code).toEqual({ code: 'FRIENDS', valid: true, discount_type: 'PERCENTAGE' });
    expect(titles(body)).toEqual(['Standard', 'Community', 'Friends', 'Last few', 'Soon', 'Tiers']);
    expect(ticketNamed(body, 'Standard')?.prices[0]).toMatchObject({
      price: 1000,
      discounted_price: 500,
      taxes: 100,
      display_price: 600,
      original_display_price: 1200,
    });
    expect(ticketNamed(body, 'Friends')?.prices[0]).toMatchObject({ price: 500, discounted_price: 250 });
    // The code is only for some tickets.
    expect(ticketNamed(body, 'Tiers')?.prices.map((p) => p.discounted_price)).toEqual([800, 1500]);
  });

  it('ignore unknown and expired codes, and report them as invalid', async () => {
    for (const [query, code] of [
      ['?promo_code=NOPE', 'NOPE'],
      ['?promo_code=old', 'OLD'],
    ] as const) {
      const body = await visible(query);
      expect(body.promo_code).toEqual({ code, valid: false, discount_type: null });
      expect(titles(body)).not.toContain('Friends');
      expect(ticketNamed(body, 'Standard')?.prices[0]?.discounted_price).toBe(1000);
    }
    expect((await visible('?promo_code=')).promo_code).toBeNull();
  });

  it('refuse query parameters they do not declare', async () => {
    const res = await publicTickets('?foo=1');
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().code).toBeTruthy();
  });

  it('say which tickets sell seats of the plan, so the page offers seats instead of a quantity', async () => {
    expect(ticketNamed(await visible(), 'Standard')?.seated).toBe(false);
    await seatEvent(t.app, owner, { eventId: event.id, plan: hallPlan(), ticketIds: [ids.Standard ?? 0] });
    // The plan was put on by the service, not over HTTP: the public read kept before is dropped.
    t.app.publicReads.forget();
    const body = await visible();
    expect(ticketNamed(body, 'Standard')?.seated).toBe(true);
    expect(ticketNamed(body, 'Community')?.seated).toBe(false);
  });
});
