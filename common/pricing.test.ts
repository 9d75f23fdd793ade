import { describe, expect, it } from 'vitest';
import { MAX_MINOR } from './money';
import {
  displayUnitPrice,
  isValidRate,
  parseRate,
  percentOf,
  priceLine,
  sumLines,
  type TaxOrFee,
} from './pricing';

const vat: TaxOrFee = {
  id: 1,
  name: 'VAT',
  kind: 'TAX',
  calculation: 'PERCENTAGE',
  rate: '23',
  appliesToFees: true,
};
const service: TaxOrFee = {
  id: 2,
  name: 'Service fee',
  kind: 'FEE',
  calculation: 'PERCENTAGE',
  rate: '2.5',
  appliesToFees: false,
};
const booking: TaxOrFee = {
  id: 3,
  name: 'Booking fee',
  kind: 'FEE',
  calculation: 'FIXED',
  rate: '150',
  appliesToFees: false,
};

describe('percentOf', () => {
  it('computes exactly and rounds half up', () => {
    expect(percentOf(1000, '23.5')).toBe(235);
    expect(percentOf(1, '50')).toBe(1); // 0.5 → 1
    expect(percentOf(3, '50')).toBe(2); // 1.5 → 2
    expect(percentOf(1, '49.999')).toBe(0);
    expect(percentOf(199, '10')).toBe(20); // 19.9 → 20
    expect(percentOf(0, '23')).toBe(0);
    // Large amounts stay exact (no floating point).
    expect(percentOf(9_007_199_254_740_000, '0.000001')).toBe(90_071_993); // 90,071,992.547…
  });

  it('refuses anything but a plain decimal', () => {
    for (const bad of ['', '-5', '1e3', '12,5', 'abc', '1.1234567']) {
      expect(isValidRate(bad)).toBe(false);
      expect(() => parseRate(bad)).toThrow(RangeError);
    }
    expect(parseRate('23.50')).toEqual({ numerator: 2350n, denominator: 100n });
  });
});

describe('priceLine', () => {
  it('applies the discount, then fees on the discounted price, then a tax set so on price plus fees', () => {
    const line = priceLine({
      unitPrice: 2500,
      quantity: 3,
      discountPerUnit: 500,
      taxesAndFees: [vat, service, booking],
    });
    expect(line).toMatchObject({ gross: 7500, discount: 1500, subtotal: 6000, discountedUnitPrice: 2000 });
    expect(line.fees).toEqual([
      // 2.5 % of 6000
      {
        id: 2,
        name: 'Service fee',
        calculation: 'PERCENTAGE',
        rate: '2.5',
        appliesToFees: false,
        amount: 150,
      },
      // 1.50 × 3
      { id: 3, name: 'Booking fee', calculation: 'FIXED', rate: '150', appliesToFees: false, amount: 450 },
    ]);
    // 23 % of 6600
    expect(line.taxes).toEqual([
      { id: 1, name: 'VAT', calculation: 'PERCENTAGE', rate: '23', appliesToFees: true, amount: 1518 },
    ]);
    expect(line.total).toBe(6000 + 600 + 1518);
  });

  it('computes a tax on the price alone unless it is set to apply to fees', () => {
    const onTickets = { ...vat, id: 4, name: 'Sales tax', rate: '10', appliesToFees: false };
    const onBoth = { ...vat, rate: '23.5' };
    const line = priceLine({ unitPrice: 2500, quantity: 1, taxesAndFees: [onTickets, onBoth, booking] });
    expect(line.feesTotal).toBe(150);
    expect(line.taxes).toEqual([
      // 10 % of 25.00, the fee left out
      { id: 4, name: 'Sales tax', calculation: 'PERCENTAGE', rate: '10', appliesToFees: false, amount: 250 },
      // 23.5 % of 26.50 = 6.2275
      { id: 1, name: 'VAT', calculation: 'PERCENTAGE', rate: '23.5', appliesToFees: true, amount: 623 },
    ]);
    expect(line.total).toBe(2500 + 150 + 250 + 623);
    // A fixed tax is per ticket whatever the setting, and says it did not use the fees.
    const fixed = priceLine({
      unitPrice: 2500,
      quantity: 2,
      taxesAndFees: [{ ...vat, calculation: 'FIXED', rate: '100' }, booking],
    });
    expect(fixed.taxes).toEqual([
      { id: 1, name: 'VAT', calculation: 'FIXED', rate: '100', appliesToFees: false, amount: 200 },
    ]);
  });

  it('takes a fixed fee as large as the largest price a ticket may have', () => {
    // 1,000,000 yen per ticket: more whole digits than a percentage rate may have.
    const line = priceLine({
      unitPrice: 5000,
      quantity: 2,
      taxesAndFees: [{ ...booking, rate: String(MAX_MINOR) }],
    });
    expect(line.feesTotal).toBe(2 * MAX_MINOR);
    expect(line.total).toBe(10_000 + 2 * MAX_MINOR);
    expect(() =>
      priceLine({ unitPrice: 1, quantity: 1, taxesAndFees: [{ ...booking, rate: '1.5' }] }),
    ).toThrow(RangeError);
  });

  it('rounds once per line, not per unit', () => {
    // 3 × 33 cents at 10 %: per unit would be 3 × 3 = 9; per line 9.9 → 10.
    expect(priceLine({ unitPrice: 33, quantity: 3, taxesAndFees: [{ ...vat, rate: '10' }] }).taxesTotal).toBe(
      10,
    );
  });

  it('charges nothing on free lines, fully discounted lines included', () => {
    const free = priceLine({ unitPrice: 0, quantity: 2, taxesAndFees: [vat, booking] });
    expect(free).toMatchObject({ total: 0, fees: [], taxes: [] });
    const discounted = priceLine({
      unitPrice: 1000,
      quantity: 1,
      discountPerUnit: 5000,
      taxesAndFees: [vat, booking],
    });
    expect(discounted).toMatchObject({ discount: 1000, subtotal: 0, total: 0 });
  });

  it('refuses fractional or negative amounts', () => {
    expect(() =>
      priceLine({ unitPrice: 100, quantity: 1, taxesAndFees: [{ ...booking, rate: '1.5' }] }),
    ).toThrow(RangeError);
    expect(() => priceLine({ unitPrice: 10.5, quantity: 1 })).toThrow(RangeError);
    expect(() => priceLine({ unitPrice: 100, quantity: -1 })).toThrow(RangeError);
  });
});

describe('totals and display', () => {
  it('add up the rounded lines, whatever the display mode', () => {
    const lines = [
      priceLine({ unitPrice: 1999, quantity: 2, taxesAndFees: [vat, service] }),
      priceLine({ unitPrice: 0, quantity: 1, taxesAndFees: [vat] }),
      priceLine({ unitPrice: 4500, quantity: 1, discountPerUnit: 450, taxesAndFees: [vat] }),
    ];
    const totals = sumLines(lines);
    expect(totals.total).toBe(lines.reduce((s, l) => s + l.total, 0));
    expect(totals.total).toBe(totals.subtotal + totals.fees + totals.taxes);
    expect(totals.gross - totals.discount).toBe(totals.subtotal);
    const first = lines[0];
    if (!first) throw new Error('no line');
    expect(displayUnitPrice(first, 'EXCLUSIVE')).toBe(1999);
    expect(displayUnitPrice(first, 'INCLUSIVE')).toBe(Math.round(first.total / 2));
  });
});
