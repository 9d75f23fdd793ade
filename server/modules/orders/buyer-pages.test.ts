import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeQuestion, makeTicket, setEventStatus } from '../../test/builders';

// What the buyer's pages read: the questions checkout asks, the order with its event and
// messages, extensions of the reservation, and a ticket with its QR code.

let t: TestApp;
let eventId: number;
let ticketId: number;
let asked: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeAccount(t.app);
  const event = await makeEvent(t.app, owner, {
    title: 'Buyer pages',
    start_date: '2031-05-01T18:00:00Z',
    online_event_details: 'Join at https://stream.example.com/room-42',
    settings: {
      pre_checkout_message: 'Bring a headset.',
      post_checkout_message: 'See you online!',
      ticket_page_message: 'Show this at the virtual door.',
      order_timeout_minutes: 10,
      offline_payments_enabled: true,
      offline_payment_instructions: 'Pay at the door.',
    },
  });
  eventId = event.id;
  ticketId = (await makeTicket(t.app, owner, { eventId, title: 'Stream pass', type: 'FREE' })).id;
  asked = (
    await makeQuestion(t.app, owner, { eventId, title: 'Country', type: 'SINGLE_LINE', required: true })
  ).id;
  await makeQuestion(t.app, owner, {
    eventId,
    title: 'Notes for staff',
    type: 'SINGLE_LINE',
    is_hidden: true,
  });
  await setEventStatus(t.app, owner, { id: eventId, status: 'LIVE' });
});
afterAll(async () => {
  await t?.close();
});

const base = () => `/api/public/events/${eventId}`;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `${base()}${url}`, ...(payload ? { payload } : {}) });
const reserve = async () => {
  const res = await inject('POST', '/orders', { tickets: [{ ticket_id: ticketId, quantity: 1 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const details = (shortId: string) =>
  inject('PUT', `/orders/${shortId}`, {
    first_name: 'Ana',
    last_name: 'Lima',
    email: 'ana@example.com',
    attendees: [
      {
        ticket_id: ticketId,
        first_name: 'Ana',
        last_name: 'Lima',
        email: 'ana@example.com',
        answers: [{ question_id: asked, answer: 'Portugal' }],
      },
    ],
  });

describe('the buyer’s pages', () => {
  it('ask the event’s own visible questions, not the hidden or default ones', async () => {
    const res = await inject('GET', '/questions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: asked,
        title: 'Country',
        description: null,
        type: 'SINGLE_LINE',
        options: [],
        required: true,
        scope: 'PER_ATTENDEE',
        ticket_ids: [],
      },
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/events/999999/questions' })).statusCode,
    ).toBe(404);
  });

  it('show the order with its event, a reference and the messages meant for each moment', async () => {
    const order = await reserve();
    expect(order.reference).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(order).toMatchObject({
      pre_checkout_message: 'Bring a headset.',
      post_checkout_message: null,
      order_timeout_minutes: 10,
      extension_available: true,
      // The payment step offers what the event allows: offline here, no card (Stripe not connected).
      payment_methods: { offline: true, offline_instructions: 'Pay at the door.', card: false },
      event: {
        id: eventId,
        title: 'Buyer pages',
        timezone: expect.any(String),
        is_online: true,
        // Only for those who checked out.
        online_event_details: null,
      },
    });
    await details(order.short_id);
    const done = (await inject('POST', `/orders/${order.short_id}/complete`, {})).json();
    expect(done).toMatchObject({
      status: 'COMPLETED',
      reference: order.reference,
      post_checkout_message: 'See you online!',
      extension_available: false,
      event: { online_event_details: 'Join at https://stream.example.com/room-42' },
    });
  });

  it('extend a reservation ten times, each time by the order timeout from its end, and not an eleventh', async () => {
    const order = await reserve();
    const soon = new Date(Date.now() + 60_000);
    await t.app.db.update(orders).set({ reservedUntil: soon }).where(eq(orders.shortId, order.short_id));
    let end = soon.getTime();
    for (let i = 1; i <= 10; i += 1) {
      const extended = await inject('POST', `/orders/${order.short_id}/extend`);
      expect(extended.statusCode, extended.body).toBe(200);
      // Ten more minutes (the event's timeout) on the end it had, not on now.
      const until = new Date(extended.json().reserved_until).getTime();
      expect(until - end, `extension ${i}`).toBe(10 * 60_000);
      end = until;
      expect(extended.json().extension_available, `extension ${i}`).toBe(i < 10);
    }
    // Held eleven timeouts at most: the minute it had left and ten extensions.
    expect(end).toBe(soon.getTime() + 100 * 60_000);
    const again = await inject('POST', `/orders/${order.short_id}/extend`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ORDER_EXTENSION_USED',
      message:
        'This reservation has been extended as often as it can be. Please complete your order in the time left.',
    });
    expect((await inject('GET', `/orders/${order.short_id}`)).json().reserved_until).toBe(
      new Date(end).toISOString(),
    );

    const late = await reserve();
    await t.app.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.shortId, late.short_id));
    expect((await inject('POST', `/orders/${late.short_id}/extend`)).statusCode).toBe(410);
  });

  it('offer more time after a declined card, while the reservation still holds the seats', async () => {
    const order = await reserve();
    await t.app.db
      .update(orders)
      .set({ status: 'PAYMENT_FAILED', reservedUntil: new Date(Date.now() + 60_000) })
      .where(eq(orders.shortId, order.short_id));
    const failed = await inject('GET', `/orders/${order.short_id}`);
    expect(failed.json()).toMatchObject({ status: 'PAYMENT_FAILED', extension_available: true });
    const extended = await inject('POST', `/orders/${order.short_id}/extend`);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({ status: 'PAYMENT_FAILED', extension_available: true });
    expect(new Date(extended.json().reserved_until).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('count extensions asked for at once one by one, never past the tenth, holding the same seat', async () => {
    const order = await reserve();
    const [before] = await t.app.db.select().from(orders).where(eq(orders.shortId, order.short_id));
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => inject('POST', `/orders/${order.short_id}/extend`)),
    );
    const codes = answers.map((res) => (res.statusCode === 200 ? 'EXTENDED' : res.json().code));
    expect(codes.filter((code) => code === 'EXTENDED')).toHaveLength(10);
    expect(codes.filter((code) => code === 'ORDER_EXTENSION_USED')).toHaveLength(5);
    const [after] = await t.app.db.select().from(orders).where(eq(orders.shortId, order.short_id));
    expect(after?.extensions).toBe(10);
    expect(after?.reservedUntil?.getTime()).toBe((before?.reservedUntil?.getTime() ?? 0) + 100 * 60_000);
    // Still the one seat it reserved.
    const held = (await inject('GET', `/orders/${order.short_id}`)).json();
    expect(held.items).toMatchObject([{ quantity: 1 }]);
  });

  it('show a ticket to whoever holds its link, with a QR code that reads back its code', async () => {
    const order = await reserve();
    const saved = (await details(order.short_id)).json();
    const attendee = saved.attendees[0];
    // Not a ticket until checkout is done.
    const early = await inject('GET', `/attendees/${attendee.short_id}`);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({
      code: 'ATTENDEE_NOT_FOUND',
      message: 'This ticket does not exist.',
    });

    const done = (await inject('POST', `/orders/${order.short_id}/complete`, {})).json();
    const holder = done.attendees[0];
    const res = await inject('GET', `/attendees/${holder.short_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      short_id: holder.short_id,
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'ana@example.com',
      status: 'ACTIVE',
      ticket_code: holder.ticket_code,
      qr_code_url: `/api/public/events/${eventId}/attendees/${holder.short_id}/qr.svg`,
      ticket_title: 'Stream pass',
      price_label: null,
      seat: null,
      addons: [],
      order_status: 'COMPLETED',
      order_reference: order.reference,
      event: expect.objectContaining({ online_event_details: 'Join at https://stream.example.com/room-42' }),
      ticket_page_message: 'Show this at the virtual door.',
      wallet: { apple: false, google: false },
      // The event's ticket design (decision 059): the defaults, the page's own accent.
      design: {
        accent_color: '#3b3fb6',
        on_accent_color: '#ffffff',
        buyer_name: null,
        answers: [],
        free_text: null,
        footer: null,
      },
    });
    expect(JSON.stringify(res.json())).not.toContain(order.short_id);

    const qr = await t.app.inject({ method: 'GET', url: res.json().qr_code_url });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    const { data, info } = await sharp(Buffer.from(qr.body), { density: 300 })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(holder.ticket_code);

    const madeUp = await inject('GET', `/attendees/${'A'.repeat(22)}/qr.svg`);
    expect(madeUp.statusCode).toBe(404);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId + 1000}/attendees/${holder.short_id}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
