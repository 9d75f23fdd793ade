import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { invoiceKit } from '../../test/invoice-kit';
import { pdfText } from '../../test/pdf';

// Invoices (issue 38, decision 053): the seller's settings, the invoice of a mixed order with
// two tax rates, a fee and a discount (in the API and its PDF), frozen after the seller moves, unpaid then paid for an
// offline order, numbers that never go back, and nothing for another account.

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const { call, seller, paidOrder, placed, invoicesOf, mixedShop } = invoiceKit(() => ({ t, owner }));

describe('invoice settings', () => {
  it('start off, and refuse a seller without a name or a prefix accountants cannot read', async () => {
    const first = (await call('GET', '/api/accounts/current/invoice-settings')).json();
    expect(first).toMatchObject({ enabled: false, next_number: 1, buyer_business: 'OPTIONAL' });
    const bad = await call('PUT', '/api/accounts/current/invoice-settings', {
      ...seller,
      legal_name: ' ',
      prefix: 'INV 2031',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['legal_name', 'prefix']);
    const saved = await call('PUT', '/api/accounts/current/invoice-settings', seller);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...seller, next_number: 1, notes: null });
  });
});

describe('an order’s invoice', () => {
  it('holds every line, each tax rate with its base, the fee, the discount and the totals', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, seat, book } = await mixedShop();
    const order = await paidOrder({
      eventId: event.id,
      lines: [
        { ticket_id: seat.id, quantity: 2 },
        { ticket_id: book.id, quantity: 1 },
      ],
      promo_code: 'RIVER10',
      buyer: 'Marta',
    });
    const [invoice, ...more] = await invoicesOf(event.id, order.id);
    expect(more).toEqual([]);
    if (!invoice) throw new Error('no invoice');
    expect(invoice).toMatchObject({ kind: 'INVOICE', status: 'PAID', currency: 'EUR' });
    expect(invoice.reference).toBe(`RE-2031-${invoice.number}`);
    const doc = invoice.document;
    expect(doc.seller).toEqual({
      legal_name: seller.legal_name,
      address: seller.address,
      tax_id: 'PT123456789',
    });
    expect(doc.buyer).toMatchObject({ name: 'Marta Silva', email: 'marta@example.com' });
    expect(doc.supply_date).toBe('2031-06-20');
    expect(doc.order_reference).toBe(order.reference);
    // 2 × €40 less 10 % = €72; 1 × €20 less 10 % = €18. A €1.50 fee per seat; VAT on the seats' €72.
    expect(
      doc.lines.map((l) => [l.title, l.quantity, l.unit_price, l.discount, l.subtotal, l.fees, l.taxes]),
    ).toEqual([
      ['Seat', 2, 4000, 800, 7200, 300, 1656],
      ['Book', 1, 2000, 200, 1800, 0, 108],
    ]);
    expect(doc.charges).toEqual([
      { name: 'Booking fee', kind: 'FEE', rate: null, base: 7200, amount: 300 },
      { name: 'VAT', kind: 'TAX', rate: '23', base: 7200, amount: 1656 },
      { name: 'VAT reduced', kind: 'TAX', rate: '6', base: 1800, amount: 108 },
    ]);
    expect(doc.totals).toEqual({
      gross: 10000,
      discount: 1000,
      subtotal: 9000,
      fees: 300,
      taxes: 1764,
      total: 11064,
    });
    expect(invoice.total).toBe(order.total);
    const linesTotal = doc.lines.reduce((sum, l) => sum + l.total, 0);
    expect(linesTotal).toBe(doc.totals.total);

    // The PDF says the same, read back from its text.
    const pdf = await call('GET', `/api/events/${event.id}/orders/${order.id}/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.reference}.pdf"`);
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const expected of [
      `Invoice ${invoice.reference}`,
      'Riverside Events Lda',
      'VAT number: PT123456789',
      'Marta Silva',
      'June 20, 2031',
      'Seat',
      '€72.00',
      'VAT 23 % on €72.00',
      '€16.56',
      'VAT reduced 6 % on €18.00',
      'Booking fee',
      '€110.64',
    ])
      expect(text).toContain(expected);
    const foreign = await call(
      'GET',
      `/api/events/${event.id}/orders/${order.id}/invoices/${invoice.id}/pdf`,
      undefined,
      (await makeAccount(t.app)).token,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('stays as issued when the seller moves, and the database refuses to change it', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, book } = await mixedShop();
    const before = await paidOrder({
      eventId: event.id,
      lines: [{ ticket_id: book.id, quantity: 1 }],
    });
    const [issued] = await invoicesOf(event.id, before.id);
    await call('PUT', '/api/accounts/current/invoice-settings', {
      ...seller,
      address: 'Avenida Nova 9, Porto',
    });
    const after = await paidOrder({ eventId: event.id, lines: [{ ticket_id: book.id, quantity: 1 }] });
    const [again] = await invoicesOf(event.id, before.id);
    const [later] = await invoicesOf(event.id, after.id);
    expect(again).toEqual(issued);
    expect(again?.document.seller.address).toBe(seller.address);
    expect(later?.document.seller.address).toBe('Avenida Nova 9, Porto');
    expect(later?.number).toBe((issued?.number ?? 0) + 1);
    await expect(
      t.app.db.execute(sql`update invoices set total = total + 1 where id = ${issued?.id ?? 0}`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(
        sql`update invoices set document = jsonb_set(document, '{buyer,name}', '"Someone else"') where id = ${issued?.id ?? 0}`,
      ),
    ).rejects.toThrow();
  });

  it('is unpaid with its due date while an offline payment waits, and paid once it is marked', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, book } = await mixedShop();
    const order = await placed(
      makeOrder(t.app, {
        eventId: event.id,
        lines: [{ ticket_id: book.id, quantity: 1 }],
        until: 'offline',
      }),
    );
    const [unpaid] = await invoicesOf(event.id, order.id);
    expect(unpaid).toMatchObject({ status: 'UNPAID' });
    expect(unpaid?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(unpaid?.document.due_date).toBe(unpaid?.due_date);
    const paid = await call('POST', `/api/events/${event.id}/orders/${order.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [after] = await invoicesOf(event.id, order.id);
    expect(after).toMatchObject({ id: unpaid?.id, number: unpaid?.number, status: 'PAID' });
    expect(after?.document).toEqual(unpaid?.document);
  });

  it('never takes a number back, and is not issued while invoicing is off', async () => {
    const other = await makeAccount(t.app);
    const as = (method: 'GET' | 'PUT', url: string, body?: object) => call(method, url, body, other.token);
    const { event, tickets } = await makeLiveEvent(t.app, other, {
      tickets: [{ title: 'Seat', type: 'PAID', price: 1000 }],
      settings: { offline_payments_enabled: true },
    });
    const seat = tickets[0]?.id ?? 0;
    const off = await paidOrder(
      { eventId: event.id, lines: [{ ticket_id: seat, quantity: 1 }] },
      other.token,
    );
    expect(await invoicesOf(event.id, off.id, other.token)).toEqual([]);

    // Before any number is given the start may be set anywhere; after, only above the last.
    expect(
      (await as('PUT', '/api/accounts/current/invoice-settings', { ...seller, next_number: 100 })).json(),
    ).toMatchObject({ next_number: 100 });
    const on = await paidOrder({ eventId: event.id, lines: [{ ticket_id: seat, quantity: 1 }] }, other.token);
    expect((await invoicesOf(event.id, on.id, other.token))[0]?.number).toBe(100);
    const back = await as('PUT', '/api/accounts/current/invoice-settings', { ...seller, next_number: 100 });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({
      next_number: ['Numbers up to 100 have been given. The next number must be 101 or higher.'],
    });
    const ahead = await as('PUT', '/api/accounts/current/invoice-settings', { ...seller, next_number: 500 });
    expect(ahead.json()).toMatchObject({ next_number: 500 });

    // Another account sees neither the order's invoices nor anything of them.
    const foreign = await call('GET', `/api/events/${event.id}/orders/${on.id}/invoices`);
    expect(foreign.statusCode).toBe(404);
  });
});
