import { describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../../common/categories';
import type { TicketResponse } from '../../../common/tickets';
import { stockLeft } from '../tickets/stock';
import { groupByCategory } from './groups';

const category = (id: number, name: string): CategoryResponse => ({
  id,
  event_id: 1,
  name,
  description: null,
  is_hidden: false,
  sort_order: id,
  items: 0,
});

const variant = (id: number, remaining: number | null) => ({
  id,
  label: `V${id}`,
  price: 1000,
  quantity_available: remaining,
  quantity_sold: 0,
  quantity_reserved: 0,
  quantity_remaining: remaining,
  sale_start_date: null,
  sale_end_date: null,
  is_hidden: false,
  sale_state: 'ON_SALE' as const,
});

/** Only what grouping and stock read; the rest of a product does not matter here. */
const product = (id: number, extra: Partial<TicketResponse> = {}): TicketResponse =>
  ({
    id,
    kind: 'PRODUCT',
    category_id: null,
    type: 'PAID',
    prices: [],
    quantity_remaining: null,
    ...extra,
  }) as unknown as TicketResponse;

describe('groupByCategory', () => {
  it('lists the uncategorised first, then each category in its order, empty ones too', () => {
    const merch = category(10, 'Merchandise');
    const food = category(11, 'Food');
    const groups = groupByCategory(
      [
        product(1, { category_id: 11 }),
        product(2),
        product(3, { category_id: 10 }),
        product(4, { category_id: 99 }),
      ],
      [merch, food, category(12, 'Parking')],
    );
    expect(groups.map((g) => [g.category?.name ?? null, g.products.map((p) => p.id)])).toEqual([
      [null, [2, 4]],
      ['Merchandise', [3]],
      ['Food', [1]],
      ['Parking', []],
    ]);
  });

  it('has no uncategorised group when every product has a category', () => {
    const groups = groupByCategory([product(1, { category_id: 10 })], [category(10, 'Merchandise')]);
    expect(groups.map((g) => g.category?.id)).toEqual([10]);
  });
});

describe('stockLeft', () => {
  it('sums the variants', () => {
    const tshirt = product(1, { type: 'TIERED', prices: [variant(1, 10), variant(2, 7)] });
    expect(stockLeft(tshirt)).toBe(17);
  });

  it('is unlimited when a variant is', () => {
    expect(stockLeft(product(1, { type: 'TIERED', prices: [variant(1, 10), variant(2, null)] }))).toBeNull();
  });

  it('is the product own remaining without variants', () => {
    expect(stockLeft(product(1, { quantity_remaining: 4 }))).toBe(4);
  });
});
