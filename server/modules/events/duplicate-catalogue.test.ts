import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateResponse } from '../../../common/affiliates';
import {
  affiliates,
  capacityAssignments,
  capacityAssignmentTickets,
  events,
  promoCodes,
  promoCodeTickets,
  questions,
  questionTickets,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeAffiliate,
  makeCapacityAssignment,
  makeEvent,
  makePromoCode,
  makeQuestion,
  makeTaxOrFee,
  makeTicket,
  type Owner,
} from '../../test/builders';
import { setTicketCounts } from '../../test/stock';

let t: TestApp;
let owner: Owner;
let sourceId: number;
let vip: number;
let sourceAffiliates: AffiliateResponse[];

const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  sourceId = (await makeEvent(t.app, owner, { title: 'Original', start_date: '2031-05-01T20:00:00Z' })).id;
  const vat = await makeTaxOrFee(t.app, owner, {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: '23',
  });
  const standard = await makeTicket(t.app, owner, {
    eventId: sourceId,
    title: 'Standard',
    type: 'PAID',
    price: 2000,
    quantity_available: 100,
    sale_end_date: '2031-04-30T20:00:00Z',
    tax_and_fee_ids: [vat.id],
  });
  vip = (
    await makeTicket(t.app, owner, {
      eventId: sourceId,
      title: 'VIP',
      type: 'TIERED',
      prices: [
        { label: 'Early', price: 5000, quantity_available: 10 },
        { label: 'Late', price: 6000 },
      ],
    })
  ).id;
  await makeQuestion(t.app, owner, {
    eventId: sourceId,
    title: 'Diet',
    type: 'RADIO',
    options: ['Meat', 'Veg'],
    ticket_ids: [vip],
  });
  await makePromoCode(t.app, owner, {
    eventId: sourceId,
    code: 'ALL10',
    discount_type: 'PERCENTAGE',
    discount: 10,
  });
  await makePromoCode(t.app, owner, {
    eventId: sourceId,
    code: 'VIPONLY',
    discount_type: 'FIXED',
    discount: 500,
    applicable_ticket_ids: [vip],
    expiry_date: '2031-04-01T00:00:00Z',
  });
  await makeCapacityAssignment(t.app, owner, {
    eventId: sourceId,
    name: 'Hall',
    capacity: 80,
    ticket_ids: [standard.id, vip],
  });
  sourceAffiliates = [
    await makeAffiliate(t.app, owner, {
      eventId: sourceId,
      name: 'Radio Harbour',
      code: 'radio',
      email: 'radio@example.com',
    }),
    await makeAffiliate(t.app, owner, {
      eventId: sourceId,
      name: 'Old blog',
      code: 'BLOG-2030',
      status: 'INACTIVE',
    }),
  ];
  // Something was sold: the copy must not inherit it.
  await setTicketCounts(t.app.db, standard.id, { quantitySold: 7 });
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const duplicate = async (payload: object) => {
  const res = await as(owner.token, {
    method: 'POST',
    url: `/api/events/${sourceId}/duplicate`,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const get = async (path: string) =>
    (await as(owner.token, { method: 'GET', url: `/api/events/${id}${path}` })).json().data;
  return { id, get };
};

describe('duplicating an event', () => {
  it('copies tickets, tiers, taxes, questions, promo codes and capacity, nothing sold, dates moved', async () => {
    const copy = await duplicate({ start_date: '2031-06-01T20:00:00Z' });
    const copied = await copy.get('/tickets');
    expect(copied.map((t: { title: string }) => t.title)).toEqual(['Standard', 'VIP']);
    const [standard, tiered] = copied;
    expect(standard).toMatchObject({ price: 2000, quantity_available: 100, quantity_sold: 0 });
    // The start moved 31 days; the sale end moves with it.
    expect(standard.sale_end_date).toBe(
      new Date(Date.parse('2031-04-30T20:00:00Z') + 31 * DAY).toISOString(),
    );
    expect(standard.tax_and_fee_ids).toHaveLength(1);
    expect(tiered.prices.map((p: { label: string; price: number }) => [p.label, p.price])).toEqual([
      ['Early', 5000],
      ['Late', 6000],
    ]);
    expect(tiered.id).not.toBe(vip);

    const questions = await copy.get('/questions');
    expect(questions.map((q: { title: string }) => q.title)).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Diet',
    ]);
    expect(questions[3].ticket_ids).toEqual([tiered.id]);

    const codes = await copy.get('/promo-codes');
    expect(codes.map((c: { code: string }) => c.code).sort()).toEqual(['ALL10', 'VIPONLY']);
    const vipOnly = codes.find((c: { code: string }) => c.code === 'VIPONLY');
    expect(vipOnly).toMatchObject({ applicable_ticket_ids: [tiered.id], times_used: 0 });

    const capacity = await copy.get('/capacity-assignments');
    expect(capacity).toMatchObject([{ name: 'Hall', capacity: 80, used_capacity: 0 }]);
    expect(capacity[0].ticket_ids).toEqual([standard.id, tiered.id].sort((a, b) => a - b));
  });

  it('copies only what was asked, and never widens a code limited to tickets left behind', async () => {
    const copy = await duplicate({
      copy_tickets: false,
      copy_questions: true,
      copy_promo_codes: true,
      copy_capacity_assignments: true,
    });
    expect(await copy.get('/tickets')).toEqual([]);
    expect((await copy.get('/promo-codes')).map((c: { code: string }) => c.code)).toEqual(['ALL10']);
    expect(await copy.get('/capacity-assignments')).toEqual([]);
    const nothing = await duplicate({
      copy_tickets: false,
      copy_questions: false,
      copy_promo_codes: false,
      copy_capacity_assignments: false,
      copy_affiliates: false,
    });
    expect((await nothing.get('/questions')).every((q: { is_default: boolean }) => q.is_default)).toBe(true);
    expect(await nothing.get('/promo-codes')).toEqual([]);
    expect(await nothing.get('/affiliates')).toEqual([]);
    // Affiliates need no tickets: they come along by default even when the tickets stay behind.
    expect((await copy.get('/affiliates')).map((a: AffiliateResponse) => a.code)).toEqual([
      'BLOG-2030',
      'RADIO',
    ]);
  });

  it('copies the affiliates with new ids and their codes, and leaves the original ones alone', async () => {
    const before = await as(owner.token, { method: 'GET', url: `/api/events/${sourceId}/affiliates` });
    const copy = await duplicate({ title: 'With partners' });
    const copied = (await copy.get('/affiliates')) as AffiliateResponse[];
    const fields = (list: AffiliateResponse[]) =>
      list.map(({ name, code, email, status }) => ({ name, code, email, status }));
    // Listed by name.
    expect(fields(copied)).toEqual([
      { name: 'Old blog', code: 'BLOG-2030', email: null, status: 'INACTIVE' },
      { name: 'Radio Harbour', code: 'RADIO', email: 'radio@example.com', status: 'ACTIVE' },
    ]);
    expect(copied.every((a) => a.orders === 0 && a.gross_sales === 0)).toBe(true);
    const ids = sourceAffiliates.map((a) => a.id);
    expect(copied.some((a) => ids.includes(a.id))).toBe(false);
    // The original keeps exactly its two affiliates, unchanged.
    const after = await as(owner.token, { method: 'GET', url: `/api/events/${sourceId}/affiliates` });
    expect(after.json().data).toEqual(before.json().data);
    expect((after.json().data as AffiliateResponse[]).map((a) => a.id).sort()).toEqual([...ids].sort());
    // A code edited in the copy does not touch the original's.
    const radio = copied.find((a) => a.code === 'RADIO');
    const edited = await as(owner.token, {
      method: 'PUT',
      url: `/api/events/${copy.id}/affiliates/${radio?.id}`,
      payload: { name: 'Radio Harbour', code: 'RADIO-2031' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await as(owner.token, { method: 'GET', url: `/api/events/${sourceId}/affiliates` });
    expect((again.json().data as AffiliateResponse[]).map((a) => a.code)).toEqual(['BLOG-2030', 'RADIO']);
  });

  it('leaves nothing behind when the copy fails half-way, and answers an error', async () => {
    const copied = [
      events,
      tickets,
      ticketPrices,
      ticketTaxesAndFees,
      questions,
      questionTickets,
      promoCodes,
      promoCodeTickets,
      affiliates,
      capacityAssignments,
      capacityAssignmentTickets,
    ];
    const counts = () => Promise.all(copied.map((table) => t.app.db.$count(table)));
    const before = await counts();
    // The last thing a copy writes is which tickets its capacity covers: refuse exactly that,
    // after the event, tickets, tiers, taxes, questions, promo codes, affiliates and capacity are
    // written.
    await t.app.db.execute(sql`
      create function refuse_copy() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await t.app.db.execute(sql`
      create trigger refuse_copy before insert on capacity_assignment_tickets
      for each row execute function refuse_copy()`);
    try {
      const res = await as(owner.token, {
        method: 'POST',
        url: `/api/events/${sourceId}/duplicate`,
        payload: { title: 'Half copy' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_copy on capacity_assignment_tickets`);
      await t.app.db.execute(sql`drop function refuse_copy()`);
    }
    expect(await counts()).toEqual(before);
    const listed = await as(owner.token, { method: 'GET', url: '/api/events?query=Half' });
    expect(listed.json().data).toEqual([]);
  });
});
