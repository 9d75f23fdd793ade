import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

// Issue #13: taxes on fees are each tax's choice, and every order response, e-mail and export
// carries the same breakdown: each fee and tax with its rate, what it applied to, its amount.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
const taxes: Record<string, number> = {};
const tickets: Record<string, number> = {};

const manage = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  kit.as(owner.token, { method, url, ...(payload ? { payload } : {}) });

/** A completed offline order of one ticket line; answers its public order, as the buyer's page reads it. */
async function buy(ticketId: number, quantity: number, email: string) {
  const order = await makeOrder(kit.app, {
    eventId,
    lines: [{ ticket_id: ticketId, quantity }],
    buyer: 'Ana',
    email,
    until: 'offline',
  });
  const res = await kit.app.inject({
    method: 'GET',
    url: `/api/public/events/${eventId}/orders/${order.short_id}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  // Made over the API: whether a tax applies to fees is what this file is about.
  const add = async (key: string, payload: object) => {
    const res = await manage('POST', '/api/taxes-and-fees', payload);
    expect(res.statusCode, res.body).toBe(201);
    taxes[key] = res.json().id;
  };
  await add('booking', { name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', rate: 250 });
  await add('vat', {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: '23.5',
    applies_to_fees: true,
  });
  await add('sales', { name: 'Sales tax', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '10' });
  const made = await makeLiveEvent(kit.app, owner, {
    title: 'Breakdown',
    start_date: '2031-05-01T20:00:00Z',
    settings: { offline_payments_enabled: true, price_display_mode: 'EXCLUSIVE' },
    tickets: [
      { title: 'General', type: 'PAID', price: 2500, tax_and_fee_ids: [taxes.booking ?? 0, taxes.vat ?? 0] },
      {
        title: 'Balcony',
        type: 'PAID',
        price: 2000,
        tax_and_fee_ids: [taxes.booking ?? 0, taxes.sales ?? 0],
      },
    ],
  });
  eventId = made.event.id;
  for (const ticket of made.tickets) tickets[ticket.title] = ticket.id;
});
afterAll(async () => {
  await kit?.close();
});

describe('a tax on fees', () => {
  it('is off for a new tax, on only when asked, never on a fee, and can be switched', async () => {
    const list = (await manage('GET', '/api/taxes-and-fees')).json().data as {
      name: string;
      applies_to_fees: boolean;
    }[];
    expect(Object.fromEntries(list.map((t) => [t.name, t.applies_to_fees]))).toEqual({
      'Booking fee': false,
      'Sales tax': false,
      VAT: true,
    });
    const fee = await manage('POST', '/api/taxes-and-fees', {
      name: 'Card fee',
      type: 'FEE',
      calculation_type: 'PERCENTAGE',
      rate: '2',
      applies_to_fees: true,
    });
    expect(fee.json().applies_to_fees).toBe(false);
    const switched = await manage('PUT', `/api/taxes-and-fees/${taxes.sales}`, {
      name: 'Sales tax',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '10',
      applies_to_fees: true,
    });
    expect(switched.json().applies_to_fees).toBe(true);
    const back = await manage('PUT', `/api/taxes-and-fees/${taxes.sales}`, {
      name: 'Sales tax',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '10',
    });
    expect(back.json().applies_to_fees).toBe(false);
    const bad = await manage('POST', '/api/taxes-and-fees', {
      name: 'Odd',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '5',
      applies_to_fees: 'sometimes',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['applies_to_fees']);
  });

  it('is charged on price plus fees only when set, and each charge says how it was computed', async () => {
    const general = await buy(tickets.General ?? 0, 1, 'general@example.com');
    // (25.00 + 2.50) × 23.5 % = 6.4625 → 6.46
    expect(general.totals).toMatchObject({ subtotal: 2500, fees: 250, taxes: 646, total: 3396 });
    expect(general.price_display_mode).toBe('EXCLUSIVE');
    expect(general.items[0].charges).toEqual([
      {
        id: taxes.booking,
        name: 'Booking fee',
        kind: 'FEE',
        calculation_type: 'FIXED',
        rate: '250',
        applies_to_fees: false,
        amount: 250,
      },
      {
        id: taxes.vat,
        name: 'VAT',
        kind: 'TAX',
        calculation_type: 'PERCENTAGE',
        rate: '23.5',
        applies_to_fees: true,
        amount: 646,
      },
    ]);

    // 10 % of 2 × 20.00, the 5.00 of fees left out: 4.00, not 4.50.
    const balcony = await buy(tickets.Balcony ?? 0, 2, 'balcony@example.com');
    expect(balcony.totals).toMatchObject({ subtotal: 4000, fees: 500, taxes: 400, total: 4900 });
    expect(balcony.items[0].charges[1]).toMatchObject({
      name: 'Sales tax',
      applies_to_fees: false,
      amount: 400,
    });

    // The organizer's order screen shows the same charges and the display mode.
    const found = (await manage('GET', `/api/events/${eventId}/orders?query=${general.reference}`)).json();
    const detail = (await manage('GET', `/api/events/${eventId}/orders/${found.data[0].id}`)).json();
    expect(detail.price_display_mode).toBe('EXCLUSIVE');
    // The buyer's lines also say whether each is a ticket or a product (decision 051).
    expect(general.items.map((i: { kind: string }) => i.kind)).toEqual(['TICKET']);
    expect(detail.items).toEqual(general.items.map(({ kind: _, ...item }: { kind: string }) => item));
    expect(detail.totals).toMatchObject({ fees: 250, taxes: 646, total: 3396 });
  });

  it('mails and exports the same breakdown', async () => {
    await kit.deliverMail();
    const [mail] = kit.smtp.to('general@example.com').filter((m) => m.subject.startsWith('Your order'));
    expect(mail?.text).toContain(
      [
        '1 × General: €25.00',
        'Booking fee (€2.50 per ticket): €2.50',
        'VAT 23.5 % (on tickets and fees): €6.46',
        'Total: €33.96',
      ].join('\n'),
    );
    const [balconyMail] = kit.smtp
      .to('balcony@example.com')
      .filter((m) => m.subject.startsWith('Your order'));
    expect(balconyMail?.text).toContain('Sales tax 10 % (on tickets): €4.00');

    const csv = await manage('GET', `/api/events/${eventId}/orders/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Order reference,Order status,First name,Last name,E-mail,Currency,Tickets,Ticket prices,Discount,Subtotal,Booking fee,VAT 23.5 %,Sales tax 10 %,Fees,Taxes,Total,Refunded,Payment,Promo code,Created (UTC)',
    );
    const general = rows.find((r) => r.includes('general@example.com'));
    expect(general).toContain(',EUR,1 × General,25.00,0.00,25.00,2.50,6.46,,2.50,6.46,33.96,0.00,OFFLINE,');
    const balcony = rows.find((r) => r.includes('balcony@example.com'));
    expect(balcony).toContain(',EUR,2 × Balcony,40.00,0.00,40.00,5.00,,4.00,5.00,4.00,49.00,0.00,OFFLINE,');
  });
});
