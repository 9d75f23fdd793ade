import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderResponse } from '../../../common/orders';
import { attendees, orders } from '../../db/schema';
import {
  makeAccount,
  makeLiveEvent,
  makeOrder,
  makePromoCode,
  makeTaxOrFee,
  type OrderPlan,
  type Owner,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { pdfQrCodes, pdfText } from '../../test/pdf';
import { ticketsPdf } from './service';

// PDF tickets (decision 031): one page per valid ticket with its QR code, in the order's
// language and fonts that print Chinese, offered by link and attached to the order mails by the
// job that sends them; the calendar file beside them, in the event's time zone.

let kit: IdentityKit;
let owner: Owner;

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
});
afterAll(async () => {
  await kit?.close();
});

/** A live event in New York with a paid ticket with two tiers and a free one. */
async function show(settings: Record<string, unknown> = {}) {
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Harbour Lights Festival',
    start_date: '2031-07-04T23:00:00Z',
    end_date: '2031-07-05T03:00:00Z',
    timezone: 'America/New_York',
    currency: 'USD',
    location: { venue_name: 'Pier 17', address_line_1: '89 South Street', city: 'New York' },
    settings: {
      ticket_page_message: 'Gates open one hour early.',
      offline_payments_enabled: true,
      ...settings,
    },
    tickets: [
      { title: 'Deck pass', type: 'PAID', price: 4500, tax_and_fee_ids: [] },
      { title: 'Kids go free', type: 'FREE', max_per_order: 50 },
    ],
  });
  return { eventId: event.id, paid: tickets[0]?.id ?? 0, free: tickets[1]?.id ?? 0 };
}

const get = (url: string) => kit.app.inject({ method: 'GET', url });

/** An order paid offline and marked paid by the organizer: completed, its mails queued. */
async function paidOrder(plan: Omit<OrderPlan, 'until'>): Promise<PublicOrderResponse> {
  const placed = await makeOrder(kit.app, { ...plan, until: 'offline' });
  const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/events/${plan.eventId}/orders/${row?.id}/mark-paid`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...placed, status: 'COMPLETED' };
}
const codesOf = (order: PublicOrderResponse) =>
  order.attendees.map((a) => (a as { ticket_code: string }).ticket_code);

describe('the PDF of an order', () => {
  it('has one page per ticket with its holder, the event, the price and a QR code that scans', async () => {
    const { eventId, paid, free } = await show();
    const order = await paidOrder({
      eventId,
      lines: [
        { ticket_id: paid, quantity: 2 },
        { ticket_id: free, quantity: 1 },
      ],
      attendees: ['Zoë', 'Łukasz', 'Mia'],
    });
    const res = await get(`/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tickets-${order.reference}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfText(pdf);
    expect(pages).toHaveLength(3);
    ['Zoë Silva', 'Łukasz Silva', 'Mia Silva'].forEach((name, index) => {
      const page = pages[index] ?? '';
      expect(page).toContain(name);
      expect(page).toContain('Harbour Lights Festival');
      expect(page).toContain(order.reference);
      expect(page).toContain('Pier 17');
      expect(page).toContain('Gates open one hour early.');
      expect(page).toContain(`Ticket ${index + 1} of 3`);
      // 23:00 UTC is 7 p.m. in New York in July.
      expect(page).toMatch(/Friday, July 4, 2031 at 7:00\sPM – 11:00\sPM \(EDT\)/);
    });
    expect(pages[0]).toContain('Deck pass');
    expect(pages[0]).toContain('$45.00');
    expect(pages[2]).toContain('Kids go free');
    expect(pages[2]).toContain('Free');

    expect(await pdfQrCodes(pdf)).toEqual(codesOf(order));
  });

  it('prints what each ticket cost, its discount, fees and taxes in, adding up to the order’s total', async () => {
    const fee = await makeTaxOrFee(kit.app, owner, {
      name: 'Booking fee',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: 150,
    });
    const tax = await makeTaxOrFee(kit.app, owner, {
      name: 'Sales tax',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '8.875',
      applies_to_fees: true,
    });
    const { event, tickets } = await makeLiveEvent(kit.app, owner, {
      title: 'Rooftop Jazz',
      currency: 'USD',
      timezone: 'America/New_York',
      settings: { offline_payments_enabled: true },
      tickets: [{ title: 'Floor', type: 'PAID', price: 2500, tax_and_fee_ids: [fee.id, tax.id] }],
    });
    const promo = await makePromoCode(kit.app, owner, {
      eventId: event.id,
      discount_type: 'FIXED',
      discount: 100,
    });
    const order = await paidOrder({
      eventId: event.id,
      promo_code: promo.code,
      lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 3 }],
      attendees: ['Ana', 'Rui', 'Eva'],
    });
    // 3 × (25.00 − 1.00) = 72.00, fees 3 × 1.50 = 4.50, tax 8.875 % of 76.50 = 6.79: 83.29.
    expect(order.totals.total).toBe(8329);
    const res = await get(`/api/public/events/${event.id}/orders/${order.short_id}/tickets.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfText(res.rawPayload);
    const prices = pages.map((page) => page.match(/\$\d+\.\d\d, taxes and fees included/)?.[0]);
    expect(prices).toEqual([
      '$27.77, taxes and fees included',
      '$27.76, taxes and fees included',
      '$27.76, taxes and fees included',
    ]);
    for (const page of pages) expect(page).not.toContain('$25.00');
    // One ticket's own PDF prints the same amount as the order's.
    const third = await get(
      `/api/public/events/${event.id}/attendees/${order.attendees[2]?.short_id}/ticket.pdf`,
    );
    expect((await pdfText(third.rawPayload))[0]).toContain('$27.76, taxes and fees included');
  });

  it('prints a Chinese order in Chinese, with the glyphs in the file', async () => {
    const { eventId, paid } = await show();
    const order = await paidOrder({
      eventId,
      locale: 'zh-CN',
      lines: [{ ticket_id: paid, quantity: 1 }],
      attendees: ['王小明'],
    });
    const res = await get(`/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const [page] = await pdfText(res.rawPayload);
    expect(page).toContain('王小明');
    expect(page).toContain('参会者');
    expect(page).toContain('2031年7月4日');
  });

  it('is one ticket by its own link, and nothing for a cancelled ticket or an unpaid order', async () => {
    const { eventId, paid } = await show();
    const order = await paidOrder({
      eventId,
      lines: [{ ticket_id: paid, quantity: 2 }],
      attendees: ['Ana', 'Rui'],
    });
    const [first, second] = order.attendees;
    const one = await get(`/api/public/events/${eventId}/attendees/${second?.short_id}/ticket.pdf`);
    expect(one.statusCode, one.body).toBe(200);
    const pages = await pdfText(one.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Rui Silva');
    expect(pages[0]).not.toContain('Ana Silva');
    expect(await pdfQrCodes(one.rawPayload)).toEqual([codesOf(order)[1]]);

    await kit.app.db
      .update(attendees)
      .set({ status: 'CANCELLED' })
      .where(eq(attendees.shortId, first?.short_id ?? ''));
    const cancelled = await get(`/api/public/events/${eventId}/attendees/${first?.short_id}/ticket.pdf`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('TICKETS_NOT_ISSUED');
    const rest = await get(`/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`);
    expect(await pdfText(rest.rawPayload)).toHaveLength(1);

    const unpaid = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: paid, quantity: 1 }],
      until: 'offline',
    });
    const waiting = await get(`/api/public/events/${eventId}/orders/${unpaid.short_id}/tickets.pdf`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('TICKETS_NOT_ISSUED');

    // Another event's id, or a link that names nothing: 404.
    const other = await show();
    const elsewhere = await get(`/api/public/events/${other.eventId}/orders/${order.short_id}/tickets.pdf`);
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await get(`/api/public/events/${eventId}/attendees/${'x'.repeat(22)}/ticket.pdf`);
    expect(unknown.statusCode).toBe(404);
  });

  it('follows the one rule of a ticket’s documents: no QR code either for a cancelled ticket', async () => {
    const { eventId, paid } = await show();
    const order = await paidOrder({
      eventId,
      lines: [{ ticket_id: paid, quantity: 2 }],
      attendees: ['Ana', 'Rui'],
    });
    const [first, second] = order.attendees;
    const documents = (shortId: string) => [
      `/api/public/events/${eventId}/attendees/${shortId}/qr.svg`,
      `/api/public/events/${eventId}/attendees/${shortId}/ticket.pdf`,
    ];
    for (const url of documents(first?.short_id ?? '')) expect((await get(url)).statusCode, url).toBe(200);

    // The organizer cancels Ana's ticket: neither its code nor its PDF is served any more.
    const listed = await kit.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/attendees?query=${encodeURIComponent(order.email ?? '')}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const ana = listed.json().data.find((a: { first_name: string }) => a.first_name === 'Ana');
    const cancel = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/attendees/${ana.id}/cancel`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    for (const url of documents(first?.short_id ?? '')) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 409]);
      expect(res.json().code).toBe('TICKETS_NOT_ISSUED');
    }
    for (const url of documents(second?.short_id ?? '')) expect((await get(url)).statusCode, url).toBe(200);

    // A ticket of an order still awaiting its offline payment has neither.
    const unpaid = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: paid, quantity: 1 }],
      until: 'offline',
    });
    for (const url of documents(unpaid.attendees[0]?.short_id ?? ''))
      expect((await get(url)).statusCode, url).toBe(409);
  });

  it('takes well under two seconds for 50 tickets', async () => {
    const { eventId, free } = await show();
    const order = await makeOrder(kit.app, { eventId, lines: [{ ticket_id: free, quantity: 50 }] });
    const of = { eventId, orderShortId: order.short_id };
    await ticketsPdf(kit.app.db, of, { appUrl: 'http://tessera.test', storage: kit.app.storage }); // the fonts are read once per process
    // The work it costs, as CPU time of this process (the database is in it too): a wall clock
    // also counts the time the other test files running beside this one hold both cores.
    const started = process.cpuUsage();
    const pdf = await ticketsPdf(kit.app.db, of, { appUrl: 'http://tessera.test', storage: kit.app.storage });
    const used = process.cpuUsage(started);
    expect(await pdfText(pdf.body)).toHaveLength(50);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });
});

describe('the order mails', () => {
  it('attach the PDF and a calendar file in the event’s zone that links to the order', async () => {
    const { eventId, paid } = await show();
    const order = await paidOrder({
      eventId,
      email: 'pdf.buyer@example.com',
      emails: ['pdf.buyer@example.com', 'guest@example.com'],
      lines: [{ ticket_id: paid, quantity: 2 }],
      attendees: ['Nora', 'Omar'],
    });
    await kit.deliverMail();
    const mails = kit.smtp.to('pdf.buyer@example.com');
    // The order was placed awaiting payment, then paid: the second confirmation has the tickets.
    const confirmation = mails.filter((m) => m.subject.startsWith('Your order')).at(-1);
    const files = confirmation?.attachments.map((a) => [a.filename, a.mimeType]);
    // Nora, the buyer, holds a ticket: its QR code is in her confirmation (decision 035).
    expect(files).toEqual([
      ['ticket-qr.png', 'image/png'],
      ['event.ics', 'text/calendar'],
      [`tickets-${order.reference}.pdf`, 'application/pdf'],
    ]);
    const pdf = confirmation?.attachments.find((a) => a.mimeType === 'application/pdf')?.content;
    expect(await pdfText(pdf ?? Buffer.alloc(0))).toHaveLength(2);

    const ics = confirmation?.attachments.find((a) => a.filename === 'event.ics')?.content.toString('utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics ?? ''));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect(event.startDate.toJSDate().toISOString()).toBe('2031-07-04T23:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2031-07-05T03:00:00.000Z');
    expect(event.location).toContain('Pier 17');
    // The same UID as the event page's file: the event, at the host of APP_URL.
    expect(event.uid).toBe(`event-${eventId}@tessera.test`);
    expect(String(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('url'))).toContain(
      `/checkout/${eventId}/${order.short_id}/summary`,
    );

    // The guest's own ticket mail carries just their ticket.
    const [guest] = kit.smtp.to('guest@example.com');
    const guestPdf = guest?.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(guestPdf?.filename).toBe(`ticket-${order.reference}-2.pdf`);
    const [page] = await pdfText(guestPdf?.content ?? Buffer.alloc(0));
    expect(page).toContain('Omar Silva');
  });

  it('leave the PDF out when the event says so', async () => {
    const { eventId, paid } = await show({ attach_ticket_pdf: false });
    await paidOrder({ eventId, email: 'no.pdf@example.com', lines: [{ ticket_id: paid, quantity: 1 }] });
    await kit.deliverMail();
    const mails = kit.smtp.to('no.pdf@example.com');
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails)
      expect(mail.attachments.map((a) => a.mimeType)).not.toContain('application/pdf');
    expect(mails.flatMap((m) => m.attachments.map((a) => a.filename))).toContain('event.ics');
  });
});
