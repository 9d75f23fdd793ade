import { describe, expect, it } from 'vitest';
import { type QuoteTicket, quoteOrder } from './checkout';
import { displayUnitPrice } from './pricing';

const now = new Date('2031-01-01T12:00:00Z');
const vat = {
  id: 1,
  name: 'VAT',
  kind: 'TAX' as const,
  calculation: 'PERCENTAGE' as const,
  rate: '23',
  appliesToFees: true,
};
const fee = {
  id: 2,
  name: 'Service',
  kind: 'FEE' as const,
  calculation: 'FIXED' as const,
  rate: '150',
  appliesToFees: false,
};
const ticket = (change: Partial<QuoteTicket>): QuoteTicket => ({
  id: 1,
  kind: 'TICKET',
  title: 'Standard',
  type: 'PAID',
  price: 2000,
  saleStart: null,
  saleEnd: null,
  isPaused: false,
  isHidden: false,
  hideWithoutPromoCode: false,
  minPerOrder: 1,
  maxPerOrder: 10,
  taxesAndFees: [],
  tiers: [],
  ...change,
});
const ids = (errors: Record<string, { id: string }[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((d) => d.id)]));

describe('quoting an order', () => {
  it('adds discount, fees and taxes per line and totals that add up', () => {
    const quote = quoteOrder({
      lines: [{ ticket_id: 1, quantity: 3 }],
      tickets: [ticket({ taxesAndFees: [vat, fee] })],
      promo: { id: 9, code: 'HALF', discountType: 'PERCENTAGE', discount: '12.5', ticketIds: [] },
      now,
    });
    if (!quote.ok) throw new Error('refused');
    // 20.00 − 12.5 % = 17.50; fee 1.50 each; VAT 23 % of (52.50 + 4.50) = 13.11.
    expect(quote.totals).toEqual({
      gross: 6000,
      discount: 750,
      subtotal: 5250,
      fees: 450,
      taxes: 1311,
      total: 7011,
    });
    const [line] = quote.lines;
    if (!line) throw new Error('no line');
    // Both display modes show what the line costs per ticket; the total never changes.
    expect(displayUnitPrice(line, 'EXCLUSIVE')).toBe(1750);
    expect(displayUnitPrice(line, 'INCLUSIVE')).toBe(2337);
  });

  it('refuses per line: min and max per ticket over several lines, sale window, code-only, donation minimum', () => {
    const tiered = ticket({
      id: 2,
      type: 'TIERED',
      maxPerOrder: 3,
      tiers: [
        { id: 20, label: 'A', price: 1000, saleStart: null, saleEnd: null, isHidden: false },
        { id: 21, label: 'B', price: 1500, saleStart: null, saleEnd: null, isHidden: false },
      ],
    });
    const quote = quoteOrder({
      lines: [
        { ticket_id: 2, price_id: 20, quantity: 2 },
        { ticket_id: 2, price_id: 21, quantity: 2 },
        { ticket_id: 3, quantity: 1 },
        { ticket_id: 4, quantity: 1 },
        { ticket_id: 5, quantity: 1, price: 100 },
      ],
      tickets: [
        tiered,
        ticket({ id: 3, saleEnd: new Date('2030-12-31T00:00:00Z') }),
        ticket({ id: 4, hideWithoutPromoCode: true }),
        ticket({ id: 5, type: 'DONATION', price: 500 }),
      ],
      promo: null,
      now,
    });
    expect(quote.ok).toBe(false);
    if (quote.ok) return;
    expect(ids(quote.errors)).toEqual({
      'tickets.0.quantity': ['validation.above_max_per_order'],
      'tickets.2.ticket_id': ['validation.ticket_not_on_sale'],
      'tickets.3.ticket_id': ['validation.ticket_needs_promo_code'],
      'tickets.4.price': ['validation.donation_below_minimum'],
    });
  });

  it('gives no discount on free and donation tickets, and never goes below zero', () => {
    const quote = quoteOrder({
      lines: [
        { ticket_id: 1, quantity: 1 },
        { ticket_id: 5, quantity: 1, price: 800 },
      ],
      tickets: [ticket({ price: 300 }), ticket({ id: 5, type: 'DONATION', price: 500 })],
      promo: { id: 9, code: 'BIG', discountType: 'FIXED', discount: '1000', ticketIds: [] },
      now,
    });
    if (!quote.ok) throw new Error('refused');
    expect(quote.lines.map((l) => [l.unitPrice, l.discountedUnitPrice])).toEqual([
      [300, 0],
      [800, 800],
    ]);
    expect(quote.totals.total).toBe(800);
  });

  it('counts an add-on’s limits per order over every attendee’s lines, and prices its donation as sent', () => {
    const trees = ticket({
      id: 7,
      kind: 'PRODUCT',
      type: 'DONATION',
      price: 500,
      minPerOrder: 2,
      maxPerOrder: 3,
      addon: { ticketIds: [1], min: 0, max: 2 },
    });
    const order = (quantities: number[], price = 1250) =>
      quoteOrder({
        lines: [
          { ticket_id: 1, quantity: 2 },
          ...quantities.map((quantity, n) => ({
            ticket_id: 7,
            quantity,
            price,
            addon_for: { ticket_id: 1, seat: n + 1 },
          })),
        ],
        tickets: [ticket({}), trees],
        promo: null,
        now,
      });
    const refused = (quote: ReturnType<typeof order>) => (quote.ok ? {} : ids(quote.errors));
    expect(refused(order([2, 2]))).toEqual({ 'tickets.1.quantity': ['validation.above_max_per_order'] });
    expect(refused(order([1]))).toEqual({ 'tickets.1.quantity': ['validation.below_min_per_order'] });
    expect(refused(order([2, 1], 499))).toEqual({
      'tickets.1.price': ['validation.donation_below_minimum'],
      'tickets.2.price': ['validation.donation_below_minimum'],
    });
    const quote = order([2, 1]);
    if (!quote.ok) throw new Error('refused');
    expect(quote.totals.total).toBe(4000 + 3 * 1250);
  });
});
