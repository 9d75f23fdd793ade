import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceResponse } from '../../../common/invoices';
import { queryRows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeOrder, type Owner } from '../../test/builders';
import { invoiceKit } from '../../test/invoice-kit';
import { pdfText } from '../../test/pdf';

// Credit notes (issue 38, decision 053): a partial then a full refund, a refund that also
// cancels, an unpaid order cancelled; each in the invoice's sequence, naming it, for exactly
// what went back, their taxes each rate's share; invoices less credit notes equal the money
// kept; and `invoice.issued` / `credit_note.issued` webhooks.

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

const refund = (eventId: number, orderId: number, body: { amount: number; cancel_order?: boolean }) =>
  call('POST', `/api/events/${eventId}/orders/${orderId}/offline-refunds`, {
    note: 'Given back at the box office',
    notify_buyer: false,
    ...body,
  });

/** Invoices less credit notes, for one order's documents. */
const net = (docs: readonly InvoiceResponse[]) =>
  docs.reduce((sum, d) => sum + (d.kind === 'INVOICE' ? d.total : -d.total), 0);

async function moneyKept(orderId: number) {
  const [row] = await queryRows<{ kept: number }>(
    t.app.db,
    sql`select total - refunded_total as kept from orders where id = ${orderId}`,
  );
  return Number(row?.kept);
}

describe('credit notes', () => {
  it('credit a partial then the rest of a refund, each rate its share, in the same sequence', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, seat, book } = await mixedShop();
    const order = await paidOrder({
      eventId: event.id,
      lines: [
        { ticket_id: seat.id, quantity: 2 },
        { ticket_id: book.id, quantity: 1 },
      ],
      promo_code: 'RIVER10',
    });
    // €110.64: net €90.00, fee €3.00, VAT €16.56 + €1.08. A third goes back.
    const part = await refund(event.id, order.id, { amount: 3688 });
    expect(part.statusCode, part.body).toBe(201);
    const [invoice, first, ...none] = await invoicesOf(event.id, order.id);
    expect(none).toEqual([]);
    if (!invoice || !first) throw new Error('documents missing');
    expect(first).toMatchObject({
      kind: 'CREDIT_NOTE',
      status: 'CREDIT',
      invoice_id: invoice.id,
      number: invoice.number + 1,
      reference: `RE-2031-${invoice.number + 1}`,
      total: 3688,
    });
    expect(first.document.credits_invoice).toBe(invoice.reference);
    expect(first.document.totals).toEqual({
      gross: 3000,
      discount: 0,
      subtotal: 3000,
      fees: 100,
      taxes: 588,
      total: 3688,
    });
    expect(first.document.charges).toEqual([
      { name: 'Booking fee', kind: 'FEE', rate: null, base: 2400, amount: 100 },
      { name: 'VAT', kind: 'TAX', rate: '23', base: 2400, amount: 552 },
      { name: 'VAT reduced', kind: 'TAX', rate: '6', base: 600, amount: 36 },
    ]);
    expect(first.document.lines).toEqual([
      expect.objectContaining({ title: `Credit on order ${order.reference}`, total: 3688 }),
    ]);
    expect(net(await invoicesOf(event.id, order.id))).toBe(await moneyKept(order.id));

    const text = (
      await pdfText(
        (
          await call('GET', `/api/events/${event.id}/orders/${order.id}/invoices/${first.id}/pdf`)
        ).rawPayload,
      )
    ).join('\n');
    for (const expected of [
      `Credit note ${first.reference}`,
      `Credits invoice ${invoice.reference}`,
      '€36.88',
    ])
      expect(text).toContain(expected);

    // The rest: the two notes credit the invoice exactly, every rate to the cent.
    const rest = await refund(event.id, order.id, { amount: 11064 - 3688 });
    expect(rest.statusCode, rest.body).toBe(201);
    const docs = await invoicesOf(event.id, order.id);
    expect(docs.map((d) => d.kind)).toEqual(['INVOICE', 'CREDIT_NOTE', 'CREDIT_NOTE']);
    expect(net(docs)).toBe(0);
    expect(await moneyKept(order.id)).toBe(0);
    const notes = docs.slice(1);
    for (const [i, charge] of invoice.document.charges.entries())
      expect(notes.reduce((sum, n) => sum + (n.document.charges[i]?.amount ?? 0), 0)).toBe(charge.amount);
  });

  it('credit what a refund that cancels gives back, and the whole of an unpaid order cancelled', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, book } = await mixedShop();
    const kept = await paidOrder({ eventId: event.id, lines: [{ ticket_id: book.id, quantity: 2 }] });
    const half = await refund(event.id, kept.id, { amount: kept.total / 2, cancel_order: true });
    expect(half.statusCode, half.body).toBe(201);
    const keptDocs = await invoicesOf(event.id, kept.id);
    expect(keptDocs.map((d) => [d.kind, d.total])).toEqual([
      ['INVOICE', kept.total],
      ['CREDIT_NOTE', kept.total / 2],
    ]);
    expect(net(keptDocs)).toBe(await moneyKept(kept.id));

    const unpaid = await placed(
      makeOrder(t.app, { eventId: event.id, lines: [{ ticket_id: book.id, quantity: 1 }], until: 'offline' }),
    );
    const cancelled = await call('POST', `/api/events/${event.id}/orders/${unpaid.id}/cancel`, {
      notify_buyer: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [invoice, note] = await invoicesOf(event.id, unpaid.id);
    expect(invoice).toMatchObject({ kind: 'INVOICE', status: 'UNPAID', total: unpaid.total });
    // The whole invoice: its lines repeated, nothing claimed any more.
    expect(note).toMatchObject({ kind: 'CREDIT_NOTE', total: unpaid.total, invoice_id: invoice?.id });
    expect(note?.document.lines).toEqual(invoice?.document.lines);
    expect(note?.document.charges).toEqual(invoice?.document.charges);
    expect(note?.document.due_date).toBeNull();
  });

  it('are announced by webhooks, and never issued for an order invoiced before invoicing began', async () => {
    const other = await makeAccount(t.app);
    const kit = invoiceKit(() => ({ t, owner: other }));
    const { event, book } = await kit.mixedShop();
    const before = await kit.paidOrder({ eventId: event.id, lines: [{ ticket_id: book.id, quantity: 1 }] });
    const hook = await kit.call('POST', '/api/webhooks', {
      url: 'https://hooks.example.com/tessera',
      event_types: ['invoice.issued', 'credit_note.issued'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    await kit.call('PUT', '/api/accounts/current/invoice-settings', seller);
    const old = await refund(event.id, before.id, { amount: 100 });
    expect(old.statusCode).toBe(404);
    const back = await kit.call('POST', `/api/events/${event.id}/orders/${before.id}/offline-refunds`, {
      amount: 100,
      note: 'Goodwill',
      notify_buyer: false,
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await kit.invoicesOf(event.id, before.id)).toEqual([]);

    const after = await kit.paidOrder({ eventId: event.id, lines: [{ ticket_id: book.id, quantity: 1 }] });
    await kit.call('POST', `/api/events/${event.id}/orders/${after.id}/offline-refunds`, {
      amount: 100,
      note: 'Goodwill',
      notify_buyer: false,
    });
    const [invoice, note] = await kit.invoicesOf(event.id, after.id);
    const sent = await queryRows<{ type: string; id: number }>(
      t.app.db,
      sql`select d.body->>'type' as type, (d.body->'data'->>'id')::int as id
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where e.account_id = ${other.accountId} order by d.id`,
    );
    expect(sent).toEqual([
      { type: 'invoice.issued', id: invoice?.id },
      { type: 'credit_note.issued', id: note?.id },
    ]);
  });
});

describe('an event with its own seller', () => {
  it('names that seller, numbers in its own series with both notes and invoices, and never under the account’s prefix', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, book } = await mixedShop();
    const own = (prefix: string) =>
      call('PUT', `/api/events/${event.id}`, {
        settings: {
          invoice_seller: {
            legal_name: 'Festival do Rio Associação',
            address: 'Cais 2\nPorto',
            tax_id: 'PT509999999',
            prefix,
            own_sequence: true,
            footer: 'Festival do Rio, Porto',
          },
        },
      });
    const clash = await own(seller.prefix ?? '');
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({
      'settings.invoice_seller.prefix': [
        'An event with its own number series needs a prefix of its own, different from the account’s.',
      ],
    });
    expect((await own('FEST-')).statusCode).toBe(200);
    const order = await paidOrder({ eventId: event.id, lines: [{ ticket_id: book.id, quantity: 1 }] });
    expect((await refund(event.id, order.id, { amount: 500 })).statusCode).toBe(201);
    const [invoice, note] = await invoicesOf(event.id, order.id);
    expect([invoice?.reference, note?.reference]).toEqual(['FEST-1', 'FEST-2']);
    expect(invoice?.document.seller).toEqual({
      legal_name: 'Festival do Rio Associação',
      address: 'Cais 2\nPorto',
      tax_id: 'PT509999999',
    });
    // Its own footer; the account's notes, which the event left to it.
    expect([invoice?.document.footer, invoice?.document.notes]).toEqual([
      'Festival do Rio, Porto',
      seller.notes ?? null,
    ]);
    // The account's series goes on where it was.
    const before = (await call('GET', '/api/accounts/current/invoice-settings')).json().next_number;
    const { event: other, book: otherBook } = await mixedShop();
    const elsewhere = await paidOrder({
      eventId: other.id,
      lines: [{ ticket_id: otherBook.id, quantity: 1 }],
    });
    expect((await invoicesOf(other.id, elsewhere.id))[0]?.reference).toBe(`RE-2031-${before}`);
  });
});

describe('cancelling one ticket', () => {
  it('offers its price back, no more than is left, and its refund is credited for exactly that', async () => {
    await call('PUT', '/api/accounts/current/invoice-settings', seller);
    const { event, seat } = await mixedShop();
    const unpaid = await placed(
      makeOrder(t.app, { eventId: event.id, lines: [{ ticket_id: seat.id, quantity: 1 }], until: 'offline' }),
    );
    const attendeesOf = async (orderId: number) =>
      (await call('GET', `/api/events/${event.id}/orders/${orderId}`)).json().attendees as { id: number }[];
    const detail = async (id: number) =>
      (await call('GET', `/api/events/${event.id}/attendees/${id}`)).json();
    // Nothing was paid: nothing to give back.
    const [waiting] = await attendeesOf(unpaid.id);
    expect((await detail(waiting?.id ?? 0)).refund).toBeNull();

    // Two seats at €40 + €1.50 fee + 23 % VAT on €40: €50.70 each.
    const order = await paidOrder({ eventId: event.id, lines: [{ ticket_id: seat.id, quantity: 2 }] });
    const [first, second] = await attendeesOf(order.id);
    expect((await detail(first?.id ?? 0)).refund).toEqual({
      amount: 5070,
      currency: 'EUR',
      method: 'OFFLINE',
    });
    expect((await call('POST', `/api/events/${event.id}/attendees/${first?.id}/cancel`)).statusCode).toBe(
      200,
    );
    expect((await refund(event.id, order.id, { amount: 5070 })).statusCode).toBe(201);
    const [, note] = await invoicesOf(event.id, order.id);
    expect(note).toMatchObject({ kind: 'CREDIT_NOTE', total: 5070 });
    // The other ticket may give back no more than the order has left.
    expect((await refund(event.id, order.id, { amount: 5000 })).statusCode).toBe(201);
    expect((await detail(second?.id ?? 0)).refund).toEqual({
      amount: 70,
      currency: 'EUR',
      method: 'OFFLINE',
    });
  });
});
