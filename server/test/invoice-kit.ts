import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { InvoiceResponse, InvoiceSettingsRequest } from '../../common/invoices';
import { orders } from '../db/schema';
import type { TestApp } from './app';
import { makeLiveEvent, makeOrder, makePromoCode, makeTaxOrFee, type Owner } from './builders';

/** A seller as the invoice tests set one up. */
export const seller: InvoiceSettingsRequest = {
  enabled: true,
  legal_name: 'Riverside Events Lda',
  address: 'Rua do Rio 1\n1100-001 Lisboa',
  tax_id: 'PT123456789',
  prefix: 'RE-2031-',
  payment_terms_days: 10,
};

/**
 * What the invoice tests share, for the app and owner a file's `beforeAll` makes (read when
 * called): the owner's calls, paid and placed orders, an order's invoices, and a shop whose
 * tickets carry two tax rates and a fee.
 */
export function invoiceKit(current: () => { t: TestApp; owner: Owner }) {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token?: string) =>
    current().t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token ?? current().owner.token}` },
    });

  /** The order as the organizer's API names it (the buyer's answer has no id). */
  async function placed(order: Promise<{ short_id: string; reference: string }>) {
    const { short_id, reference } = await order;
    const [row] = await current().t.app.db.select().from(orders).where(eq(orders.shortId, short_id));
    if (!row) throw new Error('order missing');
    return { id: row.id, total: row.total, reference };
  }

  /** A paid order: placed to pay offline, then marked paid as the organizer does. */
  async function paidOrder(plan: Parameters<typeof makeOrder>[1], token?: string) {
    const order = await placed(makeOrder(current().t.app, { ...plan, until: 'offline' }));
    const paid = await call(
      'POST',
      `/api/events/${plan.eventId}/orders/${order.id}/mark-paid`,
      undefined,
      token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    return order;
  }

  async function invoicesOf(eventId: number, orderId: number, token?: string) {
    const res = await call('GET', `/api/events/${eventId}/orders/${orderId}/invoices`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as InvoiceResponse[];
  }

  /** A concert with two tickets taxed at 23 % and 6 %, a booking fee on one, and a 10 % code. */
  async function mixedShop() {
    const { t, owner } = current();
    const tax = (name: string, rate: number) =>
      makeTaxOrFee(t.app, owner, { name, type: 'TAX', calculation_type: 'PERCENTAGE', rate });
    const vat = await tax('VAT', 23);
    const reduced = await tax('VAT reduced', 6);
    const booking = await makeTaxOrFee(t.app, owner, {
      name: 'Booking fee',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: 150,
    });
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'River Concert',
      start_date: '2031-06-20T19:00:00Z',
      timezone: 'Europe/Lisbon',
      settings: { offline_payments_enabled: true },
      tickets: [
        { title: 'Seat', type: 'PAID', price: 4000, tax_and_fee_ids: [vat.id, booking.id] },
        { title: 'Book', type: 'PAID', price: 2000, tax_and_fee_ids: [reduced.id] },
      ],
    });
    await makePromoCode(t.app, owner, { eventId: event.id, code: 'RIVER10' });
    const [seat, book] = tickets;
    if (!seat || !book) throw new Error('tickets missing');
    return { event, seat, book };
  }

  return { call, seller, placed, paidOrder, invoicesOf, mixedShop };
}
