import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as de } from './locales/de/messages';
import { messages as en } from './locales/en/messages';
import {
  type BreakdownSource,
  chargeResponses,
  type LineSource,
  orderBreakdown,
  type PriceDisplayMode,
  storedCharges,
  ticketShares,
} from './order-breakdown';
import { describeBreakdown } from './order-breakdown-text';
import { type LineInput, priceLine, type TaxOrFee } from './pricing';

const english = setupI18n({ locale: 'en', messages: { en } });
const german = setupI18n({ locale: 'de', messages: { de } });

const vat: TaxOrFee = {
  id: 1,
  name: 'VAT',
  kind: 'TAX',
  calculation: 'PERCENTAGE',
  rate: '23.5',
  appliesToFees: true,
};
const salesTax: TaxOrFee = { ...vat, id: 2, name: 'Sales tax', rate: '8.875', appliesToFees: false };
const cityTax: TaxOrFee = { ...vat, id: 3, name: 'City tax', calculation: 'FIXED', rate: '100' };
const booking: TaxOrFee = {
  id: 4,
  name: 'Booking fee',
  kind: 'FEE',
  calculation: 'FIXED',
  rate: '250',
  appliesToFees: false,
};
const service: TaxOrFee = { ...booking, id: 5, name: 'Service fee', calculation: 'PERCENTAGE', rate: '2.5' };

/** An order line as the order APIs show it, priced by the one pricing function. */
function item(id: number, title: string, input: LineInput, priceLabel: string | null = null): LineSource {
  const line = priceLine(input);
  return {
    id,
    title,
    price_label: priceLabel,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    discount: line.discount,
    fees: line.feesTotal,
    taxes: line.taxesTotal,
    total: line.total,
    charges: chargeResponses(storedCharges(line)),
  };
}

const order = (
  items: LineSource[],
  mode: PriceDisplayMode = 'EXCLUSIVE',
  promo: string | null = null,
): BreakdownSource => ({ items, promo_code: promo, price_display_mode: mode });

const rowsSum = (source: BreakdownSource) =>
  orderBreakdown(source).rows.reduce((total, row) => total + row.amount, 0);
const lineTotal = (source: BreakdownSource) => source.items.reduce((total, i) => total + i.total, 0);

const general = () => item(10, 'General', { unitPrice: 2500, quantity: 1, taxesAndFees: [booking, vat] });

describe('the price breakdown of an order', () => {
  it('lists the line at its base price, the fee, the tax with its rate and base, and adds up (issue #13)', () => {
    const source = order([general()]);
    const breakdown = orderBreakdown(source);
    // (25.00 + 2.50) × 23.5 % = 6.4625 → 6.46
    expect(breakdown.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['LINE', 2500],
      ['FEE', 250],
      ['TAX', 646],
    ]);
    expect(breakdown.total).toBe(3396);
    expect(breakdown.included).toEqual([]);
    const text = describeBreakdown(breakdown, { i18n: english, currency: 'USD' });
    expect(text.rows.map((r) => r.text)).toEqual([
      '1 × General: $25.00',
      'Booking fee ($2.50 per ticket): $2.50',
      'VAT 23.5 % (on tickets and fees): $6.46',
    ]);
    expect(text.rows[2]).toMatchObject({
      label: 'VAT 23.5 %',
      detail: 'on tickets and fees',
      amount: '$6.46',
    });
    expect(text.total.text).toBe('Total: $33.96');
  });

  it('says what an inclusive price includes, with lines at what they cost', () => {
    const source = order([general()], 'INCLUSIVE');
    const breakdown = orderBreakdown(source);
    expect(breakdown.rows.map((r) => [r.kind, r.amount])).toEqual([['LINE', 3396]]);
    expect(rowsSum(source)).toBe(breakdown.total);
    const text = describeBreakdown(breakdown, { i18n: english, currency: 'EUR' });
    expect(text.rows.map((r) => r.text)).toEqual(['1 × General: €33.96']);
    expect(text.included).toEqual([
      'includes Booking fee (€2.50 per ticket): €2.50',
      'includes VAT 23.5 % (on tickets and fees): €6.46',
    ]);
    const inGerman = describeBreakdown(breakdown, { i18n: german, currency: 'EUR' });
    expect(inGerman.included[1]).toMatch(/23,5 %.*6,46\s€/);
  });

  it('shows a tax that leaves the fees out as charged on the tickets only', () => {
    const source = order([
      item(10, 'General', { unitPrice: 2500, quantity: 2, taxesAndFees: [booking, salesTax] }),
    ]);
    const breakdown = orderBreakdown(source);
    // 8.875 % of 50.00 = 4.4375 → 4.44; the 5.00 of fees left out.
    expect(breakdown.rows.at(-1)).toMatchObject({ kind: 'TAX', appliesTo: 'TICKETS', amount: 444 });
    expect(describeBreakdown(breakdown, { i18n: english, currency: 'USD' }).rows.at(-1)?.text).toBe(
      'Sales tax 8.875 % (on tickets): $4.44',
    );
    expect(rowsSum(source)).toBe(breakdown.total);
  });

  it('adds up for several lines, both kinds of discount, fixed and percentage charges and free lines', () => {
    const charges = [booking, service, vat, salesTax, cityTax];
    const items = [
      item(1, 'Standard', { unitPrice: 1999, quantity: 3, discountPerUnit: 300, taxesAndFees: charges }),
      item(
        2,
        'Tiered',
        { unitPrice: 4500, quantity: 2, discountPerUnit: 675, taxesAndFees: charges },
        'Late',
      ),
      item(3, 'Free', { unitPrice: 0, quantity: 2, taxesAndFees: charges }),
      item(4, 'Comp', { unitPrice: 1000, quantity: 1, discountPerUnit: 1000, taxesAndFees: charges }),
      item(5, 'No taxes', { unitPrice: 777, quantity: 1 }),
    ];
    for (const mode of ['EXCLUSIVE', 'INCLUSIVE'] as const) {
      const source = order(items, mode, 'SPRING');
      const breakdown = orderBreakdown(source);
      expect(breakdown.total).toBe(lineTotal(source));
      expect(rowsSum(source), mode).toBe(breakdown.total);
      const parts = mode === 'EXCLUSIVE' ? breakdown.rows : breakdown.included;
      // One row per fee and per tax across the lines; the discount once.
      expect(parts.filter((r) => r.kind !== 'LINE').map((r) => r.kind)).toEqual([
        'DISCOUNT',
        'FEE',
        'FEE',
        'TAX',
        'TAX',
        'TAX',
      ]);
      expect(parts.find((r) => r.kind === 'DISCOUNT')?.amount).toBe(-(3 * 300 + 2 * 675 + 1000));
    }
    const text = describeBreakdown(orderBreakdown(order(items, 'EXCLUSIVE', 'SPRING')), {
      i18n: english,
      currency: 'EUR',
    });
    expect(text.rows.map((r) => r.label)).toEqual([
      '3 × Standard',
      '2 × Tiered – Late',
      '2 × Free',
      '1 × Comp',
      '1 × No taxes',
      'Discount (SPRING)',
      'Booking fee',
      'Service fee 2.5 %',
      'VAT 23.5 %',
      'Sales tax 8.875 %',
      'City tax',
    ]);
    expect(text.rows.map((r) => r.amount).slice(2, 6)).toEqual(['Free', '€10.00', '€7.77', '−€32.50']);
    expect(
      describeBreakdown(orderBreakdown(order(items, 'INCLUSIVE', 'SPRING')), {
        i18n: english,
        currency: 'EUR',
      }).included[0],
    ).toBe('with the discount of code SPRING: −€32.50');
  });

  it('adds up on any order the pricing can make', () => {
    const menu = [booking, service, vat, salesTax, cityTax];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 300; round += 1) {
      const items = Array.from({ length: 1 + next(4) }, (_, i) => {
        const unitPrice = next(3) === 0 ? 0 : 1 + next(20_000);
        return item(i, `T${i}`, {
          unitPrice,
          quantity: 1 + next(5),
          discountPerUnit: next(2) === 0 ? 0 : next(unitPrice + 1),
          taxesAndFees: menu.filter(() => next(2) === 0),
        });
      });
      for (const mode of ['EXCLUSIVE', 'INCLUSIVE'] as const) {
        const source = order(items, mode);
        expect(rowsSum(source)).toBe(lineTotal(source));
      }
    }
  });

  it('still adds up for lines priced before the rates were kept', () => {
    const legacy: LineSource = {
      id: 1,
      title: 'General',
      price_label: null,
      quantity: 1,
      unit_price: 2500,
      discount: 0,
      fees: 250,
      taxes: 646,
      total: 3396,
      charges: chargeResponses([
        { id: 4, name: 'Booking fee', kind: 'FEE', amount: 250 },
        { id: 1, name: 'VAT', kind: 'TAX', amount: 646 },
      ]),
    };
    const nameless: LineSource = { ...legacy, id: 2, charges: [] };
    const source = order([legacy, nameless]);
    const text = describeBreakdown(orderBreakdown(source), { i18n: english, currency: 'EUR' });
    expect(text.rows.map((r) => r.text)).toEqual([
      '1 × General: €25.00',
      '1 × General: €25.00',
      'Booking fee: €2.50',
      'Fees: €2.50',
      'VAT: €6.46',
      'Taxes: €6.46',
    ]);
    expect(rowsSum(source)).toBe(6792);
  });
});

describe('what each ticket of a line cost', () => {
  it('shares out the line’s total, discount, fees and taxes in, adding up to it exactly', () => {
    expect(ticketShares({ quantity: 1, total: 3029 })).toEqual([3029]);
    expect(ticketShares({ quantity: 3, total: 10000 })).toEqual([3334, 3333, 3333]);
    expect(ticketShares({ quantity: 4, total: 6 })).toEqual([2, 2, 1, 1]);
    expect(ticketShares({ quantity: 2, total: 0 })).toEqual([0, 0]);
    expect(ticketShares({ quantity: 0, total: 0 })).toEqual([]);
    for (const [quantity, total] of [
      [7, 12345],
      [50, 99],
      [3, 1],
    ] as const) {
      const shares = ticketShares({ quantity, total });
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });
});
