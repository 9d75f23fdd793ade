import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedWebhookResponse } from '../../../common/webhooks';
import { orders, refunds, webhookDeliveries } from '../../db/schema';
import { makeAccount, makeLiveEvent, makeMember, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { ticketCounts } from '../../test/stock';

// Refunds of offline payments (decision 037): the organizer gives the money back themselves and
// records it, with why. The same rules as a card refund (paid, never more than what is left,
// one at a time), and the same consequences: the order's status, the seats when it cancels, the
// order.refunded webhook, the buyer's mail, the history, and the dashboard's net sales.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let seat: number;
let free: number;

const api = (method: 'GET' | 'POST', url: string, payload?: object, token = owner.token) =>
  kit.as(token, { method, url: `/api/events/${eventId}${url}`, ...(payload ? { payload } : {}) });
const record = (orderId: number, payload: object, token?: string) =>
  api('POST', `/orders/${orderId}/offline-refunds`, payload, token);
const rowOf = async (id: number) => (await kit.app.db.select().from(orders).where(eq(orders.id, id)))[0];

/** An order of `quantity` seats at 20 € paid offline; marked paid by the organizer unless `unpaid`. */
async function offlineOrder(quantity: number, email: string, unpaid = false) {
  const placed = await makeOrder(kit.app, {
    eventId,
    email,
    lines: [{ ticket_id: seat, quantity }],
    until: 'offline',
  });
  const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
  const id = row?.id ?? 0;
  if (!unpaid) expect((await api('POST', `/orders/${id}/mark-paid`)).statusCode).toBe(200);
  return { id, shortId: placed.short_id, reference: placed.reference };
}

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  const { event, tickets: made } = await makeLiveEvent(kit.app, owner, {
    title: 'Village hall quiz',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Seat', type: 'PAID', price: 2000, quantity_available: 50, tax_and_fee_ids: [] },
      { title: 'Helper', type: 'FREE' },
    ],
  });
  eventId = event.id;
  seat = made[0]?.id ?? 0;
  free = made[1]?.id ?? 0;
});
afterAll(async () => {
  await kit?.close();
});

describe('recorded refunds of offline payments', () => {
  it('record part, then the rest: the order follows, the history keeps why, the buyer is told', async () => {
    const hook = (
      await kit.as(owner.token, {
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'https://hooks.example.com/tessera', event_types: ['order.refunded'] },
      })
    ).json<CreatedWebhookResponse>();
    const order = await offlineOrder(2, 'cash.buyer@example.com');
    expect((await api('GET', `/orders/${order.id}`)).json().actions).toEqual([
      'RECORD_REFUND',
      'RESEND_CONFIRMATION',
      'CANCEL',
    ]);

    const part = await record(order.id, {
      amount: 1500,
      note: 'Cash back at the box office: one guest cannot come.',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_total: 1500,
      totals: { refunded: 1500, remaining: 2500 },
      refunds: [
        {
          amount: 1500,
          status: 'SUCCEEDED',
          method: 'OFFLINE',
          note: 'Cash back at the box office: one guest cannot come.',
          fees: null,
        },
      ],
      actions: ['RECORD_REFUND', 'CANCEL'],
    });
    expect(part.json().activity[0]).toMatchObject({
      kind: 'REFUND_RECORDED',
      note: 'Cash back at the box office: one guest cannot come.',
      by: 'Ada Lovelace',
      data: { amount: 1500, cancel_order: false },
    });
    // The tickets stay valid: only money went back.
    const ticket = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${order.shortId}/tickets.pdf`,
    });
    expect(ticket.statusCode).toBe(200);

    await kit.deliverMail();
    const [mail] = kit.smtp.to('cash.buyer@example.com').filter((m) => m.subject.startsWith('Refund'));
    expect(mail?.subject).toBe(`Refund for your order ${order.reference}`);
    expect(mail?.text).toContain(
      `The organizer of Village hall quiz has given back €15.00 of your order ${order.reference}.`,
    );
    expect(mail?.text).not.toContain('card');

    // Never more than what is left, refused as a field of the form, with nothing written.
    const tooMuch = await record(order.id, { amount: 2501, note: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({
      amount: ['This is more than what is left to refund on this order.'],
    });
    expect(await rowOf(order.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedTotal: 1500 });

    const rest = await record(order.id, {
      amount: 2500,
      note: 'Bank transfer of the rest',
      notify_buyer: false,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ status: 'REFUNDED', totals: { refunded: 4000, remaining: 0 } });
    const again = await record(order.id, { amount: 1, note: 'Once more' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_ALREADY_REFUNDED']);

    const queued = await kit.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id))
      .orderBy(asc(webhookDeliveries.id));
    expect(queued.map((d) => d.type)).toEqual(['order.refunded', 'order.refunded']);
    expect(queued.map((d) => (d.body.data as { totals: { refunded: number } }).totals.refunded)).toEqual([
      1500, 4000,
    ]);
  });

  it('cancel the order with its refund when asked: the tickets stop working and the seats go back', async () => {
    const order = await offlineOrder(3, 'cancel.cash@example.com');
    const before = await ticketCounts(kit.app.db, seat);
    const res = await record(order.id, {
      amount: 6000,
      note: 'Event clashes with a wedding',
      cancel_order: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', refunded_total: 6000, actions: [] });
    expect(res.json().attendees.map((a: { status: string }) => a.status)).toEqual([
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
    const after = await ticketCounts(kit.app.db, seat);
    expect(after?.quantitySold).toBe((before?.quantitySold ?? 0) - 3);
  });

  it('take the refunds off the dashboard’s net sales', async () => {
    const stats = async () => (await api('GET', '/stats')).json();
    const before = await stats();
    const order = await offlineOrder(1, 'stats.cash@example.com');
    const paid = await stats();
    expect(paid.gross_sales - before.gross_sales).toBe(2000);
    expect(paid.net_sales - before.net_sales).toBe(2000);
    expect((await record(order.id, { amount: 500, note: 'Half price for a child' })).statusCode).toBe(201);
    const after = await stats();
    expect(after.gross_sales).toBe(paid.gross_sales);
    expect(after.refunds - paid.refunds).toBe(500);
    expect(after.net_sales).toBe(paid.net_sales - 500);
  });

  it('refuse what is not an offline payment with money left, bad input, and other accounts', async () => {
    const unpaid = await offlineOrder(1, 'not.yet@example.com', true);
    const waiting = await record(unpaid.id, { amount: 100, note: 'Not paid yet' });
    expect([waiting.statusCode, waiting.json().code]).toEqual([409, 'ORDER_NOT_PAID']);

    const gift = await makeOrder(kit.app, { eventId, lines: [{ ticket_id: free, quantity: 1 }] });
    const [giftRow] = await kit.app.db.select().from(orders).where(eq(orders.shortId, gift.short_id));
    const nothing = await record(giftRow?.id ?? 0, { amount: 100, note: 'Free ticket' });
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'ORDER_NOT_PAID']);

    // A card payment goes back through Stripe, to the card; recording one would not move money.
    const card = await offlineOrder(1, 'card.buyer@example.com');
    await kit.app.db.update(orders).set({ paymentProvider: 'STRIPE' }).where(eq(orders.id, card.id));
    const byCard = await record(card.id, { amount: 100, note: 'Card' });
    expect([byCard.statusCode, byCard.json().code]).toEqual([409, 'ORDER_PAID_BY_CARD']);
    expect((await api('GET', `/orders/${card.id}`)).json().actions).not.toContain('RECORD_REFUND');

    const order = await offlineOrder(1, 'input@example.com');
    for (const [payload, field] of [
      [{ amount: 100 }, 'note'],
      [{ amount: 100, note: '   ' }, 'note'],
      [{ amount: 0, note: 'Zero' }, 'amount'],
      [{ amount: 10.5, note: 'A float' }, 'amount'],
      [{ amount: '100', note: 'Text' }, 'amount'],
    ] as const) {
      const res = await record(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const german = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/orders/${order.id}/offline-refunds`,
      payload: { amount: 100000, note: 'Zu viel' },
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'de' },
    });
    expect(german.statusCode).toBe(422);
    expect(german.json().errors.amount[0]).not.toBe(
      'This is more than what is left to refund on this order.',
    );
    expect(await kit.app.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await rowOf(order.id)).toMatchObject({ status: 'COMPLETED', refundedTotal: 0 });

    const stranger = await makeAccount(kit.app);
    expect((await record(order.id, { amount: 100, note: 'Theirs' }, stranger.token)).statusCode).toBe(404);
    // Organizers handle orders, refunds included, as for card refunds.
    const organizer = await makeMember(kit.app, owner, { role: 'ORGANIZER' });
    expect(
      (await record(order.id, { amount: 100, note: 'By an organizer' }, organizer.token)).statusCode,
    ).toBe(201);
  });

  it('record one refund at a time: of concurrent ones, never more than was paid goes back', async () => {
    const order = await offlineOrder(1, 'race@example.com');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => record(order.id, { amount: 800, note: `Desk ${i}` })),
    );
    const recorded = answers.filter((a) => a.statusCode === 201).length;
    expect(recorded).toBe(2);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(4);
    expect(await rowOf(order.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedTotal: 1600 });
  });
});
