import { describe, expect, it } from 'vitest';
import type { TaxOrFee } from './pricing';
import { type PromoSource, type TicketSource, type TierSource, toPublicTickets } from './public-tickets';

const now = new Date('2030-06-01T12:00:00Z');
const later = new Date('2030-07-01T00:00:00Z');
const earlier = new Date('2030-05-01T00:00:00Z');
const vat: TaxOrFee = {
  id: 1,
  name: 'VAT',
  kind: 'TAX',
  calculation: 'PERCENTAGE',
  rate: '20',
  appliesToFees: true,
};
const booking: TaxOrFee = {
  id: 2,
  name: 'Booking fee',
  kind: 'FEE',
  calculation: 'FIXED',
  rate: '100',
  appliesToFees: false,
};

let nextId = 1;
function ticket(fields: Partial<TicketSource> = {}): TicketSource {
  nextId += 1;
  return {
    id: nextId,
    title: `Ticket ${nextId}`,
    description: null,
    type: 'PAID',
    price: 1000,
    saleStart: null,
    saleEnd: null,
    quantity: null,
    quantitySold: 0,
    quantityReserved: 0,
    minPerOrder: 1,
    maxPerOrder: 10,
    showQuantityRemaining: false,
    hideWhenSoldOut: false,
    hideBeforeSaleStart: false,
    hideAfterSaleEnd: false,
    isHidden: false,
    hideWithoutPromoCode: false,
    isPaused: false,
    sortOrder: nextId,
    tiers: [],
    taxesAndFees: [],
    ...fields,
  };
}

function tier(fields: Partial<TierSource> = {}): TierSource {
  nextId += 1;
  return {
    id: nextId,
    label: `Tier ${nextId}`,
    price: 1000,
    quantity: null,
    quantitySold: 0,
    quantityReserved: 0,
    saleStart: null,
    saleEnd: null,
    isHidden: false,
    sortOrder: nextId,
    ...fields,
  };
}

function promo(fields: Partial<PromoSource> = {}): PromoSource {
  return {
    code: 'SAVE',
    discountType: 'PERCENTAGE',
    discount: '10',
    expiresAt: null,
    usageLimit: null,
    timesUsed: 0,
    ticketIds: [],
    ...fields,
  };
}

function run(
  tickets: TicketSource[],
  options: { promo?: PromoSource | null; code?: string; mode?: 'INCLUSIVE' | 'EXCLUSIVE' } = {},
) {
  return toPublicTickets({
    tickets,
    promo: options.promo ?? null,
    requestedCode: options.code ?? (options.promo ? options.promo.code : undefined),
    priceDisplayMode: options.mode ?? 'INCLUSIVE',
    currency: 'EUR',
    dateId: 1,
    now,
  });
}
const ids = (result: ReturnType<typeof run>) => result.data.map((t) => t.id);

describe('toPublicTickets visibility', () => {
  it('keeps the organizer’s order and drops hidden tickets', () => {
    const a = ticket({ sortOrder: 2 });
    const b = ticket({ sortOrder: 1 });
    const hidden = ticket({ isHidden: true });
    expect(ids(run([a, hidden, b]))).toEqual([b.id, a.id]);
    // A promo code never reveals a ticket hidden outright.
    expect(ids(run([hidden], { promo: promo() }))).toEqual([]);
  });

  it('shows tickets hidden without a promo code only with a valid code for them', () => {
    const locked = ticket({ hideWithoutPromoCode: true });
    const other = ticket();
    expect(ids(run([locked, other]))).toEqual([other.id]);
    expect(ids(run([locked, other], { promo: promo() }))).toEqual([locked.id, other.id]);
    expect(ids(run([locked], { promo: promo({ ticketIds: [locked.id] }) }))).toEqual([locked.id]);
    // A code for other tickets, an expired code and a used-up code unlock nothing.
    expect(ids(run([locked], { promo: promo({ ticketIds: [other.id] }) }))).toEqual([]);
    expect(ids(run([locked], { promo: promo({ expiresAt: earlier }) }))).toEqual([]);
    expect(ids(run([locked], { promo: promo({ usageLimit: 2, timesUsed: 2 }) }))).toEqual([]);
  });

  it('hides sold-out tickets only when asked to', () => {
    const soldOut = { quantity: 5, quantitySold: 3, quantityReserved: 2 };
    const shown = ticket(soldOut);
    const gone = ticket({ ...soldOut, hideWhenSoldOut: true });
    const result = run([shown, gone]);
    expect(ids(result)).toEqual([shown.id]);
    expect(result.data[0]?.sale_state).toBe('SOLD_OUT');
  });

  it('hides tickets before their sale starts or after it ends only when asked to', () => {
    const upcoming = ticket({ saleStart: later });
    const upcomingHidden = ticket({ saleStart: later, hideBeforeSaleStart: true });
    const ended = ticket({ saleEnd: earlier });
    const endedHidden = ticket({ saleEnd: earlier, hideAfterSaleEnd: true });
    const onSale = ticket({
      saleStart: earlier,
      saleEnd: later,
      hideBeforeSaleStart: true,
      hideAfterSaleEnd: true,
    });
    const result = run([upcoming, upcomingHidden, ended, endedHidden, onSale]);
    expect(ids(result)).toEqual([upcoming.id, ended.id, onSale.id]);
    expect(result.data.map((t) => t.sale_state)).toEqual(['NOT_ON_SALE', 'SALE_ENDED', 'ON_SALE']);
    // Pausing does not reveal a ticket whose sale has not started.
    expect(ids(run([ticket({ saleStart: later, hideBeforeSaleStart: true, isPaused: true })]))).toEqual([]);
  });

  it('lists the visible tiers of a tiered ticket and drops one with none', () => {
    const early = tier({ label: 'Early bird', price: 800, sortOrder: 1, saleEnd: earlier });
    const regular = tier({ label: 'Regular', price: 1200, sortOrder: 2 });
    const secret = tier({ label: 'Secret', price: 100, sortOrder: 3, isHidden: true });
    const tiered = ticket({ type: 'TIERED', price: null, tiers: [regular, secret, early] });
    const allHidden = ticket({ type: 'TIERED', price: null, tiers: [tier({ isHidden: true })] });
    const [result] = run([tiered, allHidden]).data;
    expect(run([tiered, allHidden]).data).toHaveLength(1);
    expect(result?.sale_state).toBe('ON_SALE');
    expect(result?.prices.map((p) => [p.price_id, p.label, p.price, p.sale_state])).toEqual([
      [early.id, 'Early bird', 800, 'SALE_ENDED'],
      [regular.id, 'Regular', 1200, 'ON_SALE'],
    ]);
  });

  it('gives every tier the ticket’s state while the ticket itself is not on sale', () => {
    const tiered = ticket({ type: 'TIERED', price: null, isPaused: true, tiers: [tier(), tier()] });
    const [result] = run([tiered]).data;
    expect(result?.sale_state).toBe('PAUSED');
    expect(result?.prices.map((p) => p.sale_state)).toEqual(['PAUSED', 'PAUSED']);
  });
});

describe('toPublicTickets quantities', () => {
  it('shows what is left only when the organizer asks, never below zero', () => {
    const stock = { quantity: 10, quantitySold: 6, quantityReserved: 1 };
    expect(run([ticket(stock)]).data[0]?.quantity_remaining).toBeNull();
    expect(run([ticket({ ...stock, showQuantityRemaining: true })]).data[0]?.quantity_remaining).toBe(3);
    expect(run([ticket({ showQuantityRemaining: true })]).data[0]?.quantity_remaining).toBeNull();
    const over = ticket({ quantity: 2, quantitySold: 3, showQuantityRemaining: true });
    expect(run([over]).data[0]?.quantity_remaining).toBe(0);
  });

  it('adds up the visible tiers of a tiered ticket within its own stock', () => {
    const tiers = [
      tier({ quantity: 5, quantitySold: 1 }),
      tier({ quantity: 3 }),
      tier({ quantity: 50, isHidden: true }),
    ];
    const tiered = ticket({ type: 'TIERED', price: null, showQuantityRemaining: true, tiers });
    expect(run([tiered]).data[0]?.quantity_remaining).toBe(7);
    expect(run([{ ...tiered, quantity: 6 }]).data[0]?.quantity_remaining).toBe(6);
    const unlimitedTier = { ...tiered, tiers: [...tiers, tier()] };
    expect(run([unlimitedTier]).data[0]?.quantity_remaining).toBeNull();
  });
});

describe('toPublicTickets prices', () => {
  it('shows a price with taxes and fees (INCLUSIVE) or without them (EXCLUSIVE)', () => {
    const paid = ticket({ price: 1000, taxesAndFees: [vat] });
    const inclusive = run([paid]).data[0]?.prices[0];
    expect(inclusive).toEqual({
      price_id: null,
      label: null,
      price: 1000,
      discounted_price: 1000,
      fees: 0,
      taxes: 200,
      display_price: 1200,
      original_display_price: 1200,
      sale_state: 'ON_SALE',
    });
    expect(run([paid], { mode: 'EXCLUSIVE' }).data[0]?.prices[0]?.display_price).toBe(1000);
    // A tax set to apply to fees is computed on them too: (1000 + 100) × 1.2.
    const withFee = ticket({ price: 1000, taxesAndFees: [vat, booking] });
    expect(run([withFee]).data[0]?.prices[0]).toMatchObject({ fees: 100, taxes: 220, display_price: 1320 });
  });

  it('prices free tickets at zero with no taxes, and donations at their minimum', () => {
    const free = ticket({ type: 'FREE', price: null, taxesAndFees: [vat, booking] });
    expect(run([free]).data[0]?.prices[0]).toMatchObject({ price: 0, fees: 0, taxes: 0, display_price: 0 });
    const donation = ticket({ type: 'DONATION', price: 500, taxesAndFees: [vat] });
    expect(run([donation]).data[0]?.prices[0]).toMatchObject({ price: 500, display_price: 600 });
  });

  it('takes a valid code’s discount off the tickets it applies to, before taxes', () => {
    const paid = ticket({ price: 1000, taxesAndFees: [vat] });
    const other = ticket({ price: 2000 });
    const code = promo({ discountType: 'PERCENTAGE', discount: '25', ticketIds: [paid.id] });
    const result = run([paid, other], { promo: code });
    expect(result.data[0]?.prices[0]).toMatchObject({
      price: 1000,
      discounted_price: 750,
      taxes: 150,
      display_price: 900,
      original_display_price: 1200,
    });
    expect(result.data[1]?.prices[0]).toMatchObject({ price: 2000, discounted_price: 2000 });
    expect(result.promo_code).toEqual({ code: 'SAVE', valid: true, discount_type: 'PERCENTAGE' });
  });

  it('discounts each tier, but never donations, and a fixed discount never goes below zero', () => {
    const tiered = ticket({
      type: 'TIERED',
      price: null,
      tiers: [tier({ price: 300 }), tier({ price: 900 })],
    });
    const donation = ticket({ type: 'DONATION', price: 500 });
    const code = promo({ discountType: 'FIXED', discount: '500' });
    const [t, d] = run([tiered, donation], { promo: code }).data;
    expect(t?.prices.map((p) => p.discounted_price)).toEqual([0, 400]);
    expect(d?.prices[0]?.discounted_price).toBe(500);
  });

  it('gives no discount for an invalid code and reports it', () => {
    const paid = ticket({ price: 1000 });
    const expired = run([paid], { promo: promo({ expiresAt: earlier }) });
    expect(expired.data[0]?.prices[0]?.discounted_price).toBe(1000);
    expect(expired.promo_code).toEqual({ code: 'SAVE', valid: false, discount_type: null });
    const unknown = run([paid], { code: ' nope ' });
    expect(unknown.promo_code).toEqual({ code: 'NOPE', valid: false, discount_type: null });
    expect(run([paid]).promo_code).toBeNull();
    const noDiscount = run([paid], { promo: promo({ discountType: 'NONE', discount: '0' }) });
    expect(noDiscount.data[0]?.prices[0]?.discounted_price).toBe(1000);
    expect(noDiscount.promo_code?.valid).toBe(true);
  });
});
