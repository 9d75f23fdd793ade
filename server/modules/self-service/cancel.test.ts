import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_SERVICE_DEFAULTS, type SelfServiceSettings } from '../../../common/self-service';
import { orders, refunds } from '../../db/schema';
import { makeLiveEvent, makeOrder } from '../../test/builders';
import { seller } from '../../test/invoice-kit';
import { ticketCounts } from '../../test/stock';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';
import type { StripeEvent } from '../../test/stripe-server/state';

// A buyer cancels their own order (decision 057): through the organizer's refund and cancel
// paths, refunded once however often they click, less the fee, credited on the invoice, the
// seat offered to the waiting list.

let k: StripeKit;
let stripeAccount: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  k = await createStripeKit({ price: 2000, quantity: 20 });
  stripeAccount = await k.connect();
  const invoices = await k.kit.as(k.owner.token, {
    method: 'PUT',
    url: '/api/accounts/current/invoice-settings',
    payload: seller,
  });
  expect(invoices.statusCode, invoices.body).toBe(200);
});
afterAll(async () => {
  await k?.close();
});

const rules = (r: Partial<SelfServiceSettings>): SelfServiceSettings => ({
  ...SELF_SERVICE_DEFAULTS,
  cancel_mode: 'PAID_TOO',
  ...r,
});

/** A show of one seat at €20.00, sold by card, its waiting list on, starting in `hours`. */
async function show(selfService: SelfServiceSettings, hours = 24 * 30) {
  const { event, tickets } = await makeLiveEvent(k.kit.app, k.owner, {
    title: 'Last Seat',
    start_date: new Date(Date.now() + hours * HOUR).toISOString(),
    settings: { self_service: selfService, waitlist_enabled: true, offline_payments_enabled: true },
    tickets: [{ title: 'Seat', type: 'PAID', price: 2000, quantity_available: 1, tax_and_fee_ids: [] }],
  });
  return { eventId: event.id, ticketId: tickets[0]?.id ?? 0 };
}

const base = (eventId: number, shortId: string) => `/api/public/events/${eventId}/orders/${shortId}`;
const cancel = (eventId: number, shortId: string) =>
  k.kit.app.inject({ method: 'POST', url: `${base(eventId, shortId)}/cancel` });

const rowOf = async (shortId: string) =>
  (await k.kit.app.db.select().from(orders).where(eq(orders.shortId, shortId)))[0];

/** The one seat, paid by card. */
async function paidByCard(s: { eventId: number; ticketId: number }, email: string) {
  const order = await makeOrder(k.kit.app, {
    eventId: s.eventId,
    lines: [{ ticket_id: s.ticketId, quantity: 1 }],
    buyer: 'Ana',
    email,
    until: 'details',
  });
  const intent = await k.kit.app.inject({
    method: 'POST',
    url: `${base(s.eventId, order.short_id)}/stripe/payment-intent`,
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const intentId = intent.json().client_secret.split('_secret_')[0] as string;
  await k.stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' }, { stripeAccount });
  for (const event of k.eventsFor(intentId)) await k.deliver(event);
  expect((await rowOf(order.short_id))?.status).toBe('COMPLETED');
  return order.short_id;
}

async function settleRefunds() {
  await new Promise((resolve) => setTimeout(resolve, 150));
  for (const event of k.stripeServer.events.filter((e) => e.type.startsWith('refund.')))
    await k.deliver(event as StripeEvent);
}

describe('a buyer cancels their order', () => {
  it('refunds a card payment once, less the fee, under two requests at once; credit note; seat to the waiting list', async () => {
    // €1.00 plus 10 %: €3.00 kept of €20.00.
    const s = await show(rules({ cancel_fee_fixed: 100, cancel_fee_bps: 1000 }));
    const shortId = await paidByCard(s, 'ana.cancels@example.com');
    const joined = await k.kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${s.eventId}/waitlist`,
      payload: { ticket_id: s.ticketId, first_name: 'Next', last_name: 'Inline', email: 'next@example.com' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const quote = await k.kit.app.inject({ method: 'GET', url: `${base(s.eventId, shortId)}/self-service` });
    expect(quote.json().cancel).toMatchObject({ allowed: true, refund: 1700, fee: 300 });

    const [one, two] = await Promise.all([cancel(s.eventId, shortId), cancel(s.eventId, shortId)]);
    for (const res of [one, two]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refund: 1700, fee: 300 });
    }
    await settleRefunds();
    const row = await rowOf(shortId);
    expect(row?.status).toBe('CANCELLED');
    const made = await k.kit.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, row?.id ?? 0));
    expect(made.map((r) => [r.amount, r.status])).toEqual([[1700, 'SUCCEEDED']]);
    expect(
      k.stripeServer.events.filter(
        (e) =>
          e.type === 'refund.created' &&
          (e.data.object as { payment_intent?: string }).payment_intent === row?.paymentIntentId,
      ),
    ).toHaveLength(1);
    expect(row?.refundedTotal).toBe(1700);
    // A third click, later, changes nothing.
    expect((await cancel(s.eventId, shortId)).json()).toMatchObject({ status: 'CANCELLED', refund: 1700 });

    // The invoice, and its credit note for what was given back.
    const invoices = await k.kit.as(k.owner.token, {
      method: 'GET',
      url: `/api/events/${s.eventId}/orders/${row?.id}/invoices`,
    });
    expect(invoices.json().data.map((d: { kind: string; total: number }) => [d.kind, d.total])).toEqual([
      ['INVOICE', 2000],
      ['CREDIT_NOTE', 1700],
    ]);
    // The seat went back and was offered to the next person on the list.
    const counts = await ticketCounts(k.kit.app.db, s.ticketId);
    expect(counts?.quantitySold).toBe(0);
    await k.kit.deliverMail();
    expect(
      k.kit.smtp
        .to('next@example.com')
        .map((m) => m.subject)
        .join('|'),
    ).toContain('A ticket for Last Seat is waiting for you');
    expect(k.kit.smtp.to('ana.cancels@example.com').some((m) => m.text.includes('€17.00'))).toBe(true);
  });

  it('refuses when not allowed, past the deadline, paid offline; an unpaid order cancels without refund', async () => {
    const never = await show(rules({ cancel_mode: 'NEVER' }));
    const a = await paidByCard(never, 'never@example.com');
    expect((await cancel(never.eventId, a)).json().code).toBe('SELF_CANCEL_DISABLED');

    const freeOnly = await show(rules({ cancel_mode: 'FREE_ONLY' }));
    const b = await paidByCard(freeOnly, 'freeonly@example.com');
    expect((await cancel(freeOnly.eventId, b)).json().code).toBe('SELF_CANCEL_FREE_ONLY');

    const late = await show(rules({ cancel_until_hours: 48 }), 24);
    const c = await paidByCard(late, 'late@example.com');
    const closed = await cancel(late.eventId, c);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('SELF_CANCEL_CLOSED');

    const offline = await show(rules({}));
    const placed = await makeOrder(k.kit.app, {
      eventId: offline.eventId,
      lines: [{ ticket_id: offline.ticketId, quantity: 1 }],
      until: 'offline',
    });
    const row = await rowOf(placed.short_id);
    const paid = await k.kit.as(k.owner.token, {
      method: 'POST',
      url: `/api/events/${offline.eventId}/orders/${row?.id}/mark-paid`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await cancel(offline.eventId, placed.short_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SELF_CANCEL_PAID_OFFLINE' });
    expect(refused.json().message).toContain('contact the organizer');
    for (const shortId of [a, b, c, placed.short_id])
      expect((await rowOf(shortId))?.status).toBe('COMPLETED');

    const unpaidShow = await show(rules({}));
    const unpaid = await makeOrder(k.kit.app, {
      eventId: unpaidShow.eventId,
      lines: [{ ticket_id: unpaidShow.ticketId, quantity: 1 }],
      until: 'offline',
    });
    const done = await cancel(unpaidShow.eventId, unpaid.short_id);
    expect(done.json()).toMatchObject({ status: 'CANCELLED', refund: 0, fee: 0 });
    expect(await ticketCounts(k.kit.app.db, unpaidShow.ticketId)).toMatchObject({ quantityReserved: 0 });
  });
});
