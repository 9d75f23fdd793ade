import { describe, expect, it } from 'vitest';
import type { PublicTicket } from '../../../common/public-tickets';
import { catalogueGroups, sellsProducts } from './catalogue';
import { donationProblem, errorsByLine, lineKey, lineMax, step, toOrderRequest } from './selection';

const price = (price_id: number | null, more = {}) => ({
  price_id,
  label: price_id ? `Tier ${price_id}` : null,
  price: 1000,
  discounted_price: 1000,
  fees: 0,
  taxes: 0,
  display_price: 1000,
  original_display_price: 1000,
  sale_state: 'ON_SALE' as const,
  ...more,
});
const ticket = (more: Partial<PublicTicket> = {}): PublicTicket => ({
  id: 1,
  kind: 'TICKET',
  category_id: null,
  addon: null,
  title: 'General',
  description: null,
  type: 'PAID',
  sale_state: 'ON_SALE',
  sale_start_date: null,
  sale_end_date: null,
  min_per_order: 1,
  max_per_order: 5,
  quantity_remaining: null,
  waitlist: false,
  seated: false,
  prices: [price(null)],
  ...more,
});

const at = (t: PublicTicket, i: number) => t.prices[i] ?? price(null);

describe('the ticket selection', () => {
  it('steps from none to the minimum per order and back', () => {
    const t = ticket({ min_per_order: 2 });
    const p = at(t, 0);
    expect(step({}, { ticket: t, price: p }, 1)).toBe(2);
    expect(step({ [lineKey(1, null)]: { quantity: 2 } }, { ticket: t, price: p }, 1)).toBe(3);
    expect(step({ [lineKey(1, null)]: { quantity: 2 } }, { ticket: t, price: p }, -1)).toBe(0);
    expect(step({}, { ticket: t, price: p }, -1)).toBe(0);
  });

  it('stops at the max per order across tiers and at what is left', () => {
    const tiered = ticket({ type: 'TIERED', max_per_order: 4, prices: [price(7), price(8)] });
    const picked = { [lineKey(1, 7)]: { quantity: 3 } };
    expect(lineMax(picked, tiered, at(tiered, 1))).toBe(1);
    expect(
      step({ [lineKey(1, 8)]: { quantity: 1 }, ...picked }, { ticket: tiered, price: at(tiered, 1) }, 1),
    ).toBe(1);
    const few = ticket({ quantity_remaining: 2 });
    expect(lineMax({}, few, at(few, 0))).toBe(2);
    const ended = ticket({ sale_state: 'SALE_ENDED' });
    expect(lineMax({}, ended, at(ended, 0))).toBe(0);
    expect(step({}, { ticket: ended, price: at(ended, 0) }, 1)).toBe(0);
  });

  it('builds the order with tiers, donation amounts and the promo code', () => {
    const tiered = ticket({ id: 2, type: 'TIERED', prices: [price(7), price(8)] });
    const gift = ticket({ id: 3, type: 'DONATION', prices: [price(null, { price: 500 })] });
    const selection = {
      [lineKey(2, 8)]: { quantity: 2 },
      [lineKey(3, null)]: { quantity: 1, amount: 1500 },
      [lineKey(1, null)]: { quantity: 0 },
    };
    expect(toOrderRequest(selection, [ticket(), tiered, gift], 'SPRING')).toEqual({
      tickets: [
        { ticket_id: 2, price_id: 8, quantity: 2 },
        { ticket_id: 3, quantity: 1, price: 1500 },
      ],
      promo_code: 'SPRING',
    });
  });

  it('wants a donation of at least the minimum', () => {
    const p = price(null, { price: 500 });
    expect(donationProblem({ quantity: 1, amount: null }, p)).toBe('missing');
    expect(donationProblem({ quantity: 1, amount: 400 }, p)).toBe('too_low');
    expect(donationProblem({ quantity: 1, amount: 500 }, p)).toBeNull();
    expect(donationProblem({ quantity: 0, amount: null }, p)).toBeNull();
  });

  it('puts the server’s per-line reasons back on the lines', () => {
    const request = {
      tickets: [
        { ticket_id: 2, price_id: 8, quantity: 9 },
        { ticket_id: 3, quantity: 1 },
      ],
    };
    expect(
      errorsByLine(request, {
        'tickets.0.quantity': ['At most 5.'],
        'tickets.1.price': ['Too low.'],
        tickets: ['x'],
      }),
    ).toEqual({ [lineKey(2, 8)]: 'At most 5.', [lineKey(3, null)]: 'Too low.' });
  });
});

describe('the catalogue’s groups (decision 051)', () => {
  const item = (id: number, more: Partial<PublicTicket> = {}) => ticket({ id, title: `Item ${id}`, ...more });

  it('keep a list without categories as one group without a heading', () => {
    const groups = catalogueGroups({ data: [item(1), item(2)], categories: [] });
    expect(groups).toEqual([{ category: null, items: [item(1), item(2)] }]);
  });

  it('put what has no category first, then each category in its order, leaving out empty ones', () => {
    const merch = { id: 7, name: 'Merchandise', description: 'Wear it' };
    const food = { id: 3, name: 'Food', description: null };
    const empty = { id: 9, name: 'Empty', description: null };
    const shirt = item(2, { kind: 'PRODUCT', category_id: 7 });
    const meal = item(3, { kind: 'PRODUCT', category_id: 3 });
    const groups = catalogueGroups({ data: [item(1), shirt, meal], categories: [merch, empty, food] });
    expect(groups.map((g) => [g.category?.name ?? null, g.items.map((i) => i.id)])).toEqual([
      [null, [1]],
      ['Merchandise', [2]],
      ['Food', [3]],
    ]);
  });

  it('read an item of a category the answer does not list as uncategorised', () => {
    const lost = item(1, { category_id: 42 });
    expect(catalogueGroups({ data: [lost], categories: [] })).toEqual([{ category: null, items: [lost] }]);
  });

  it('tell a list with a product from one of tickets only', () => {
    expect(sellsProducts([item(1)])).toBe(false);
    expect(sellsProducts([item(1), item(2, { kind: 'PRODUCT' })])).toBe(true);
  });
});
