import { MAX_MINOR } from './money';

/**
 * Prices, fees and taxes of an order line, in integer minor units (cents). All rounding
 * happens here, once per line, half up. Rates are decimal strings ("23.5" means 23.5 %) and
 * are computed exactly with integers — no floating point touches money.
 *
 * Order of work for one line (the rule most VAT and sales-tax jurisdictions use, see
 * docs/decisions/004-money.md): the unit price minus the discount gives the discounted price;
 * fees are computed on the discounted price; each tax is computed on the discounted price, plus
 * the fees when that tax is set to apply to fees too (a fee charged to the buyer is part of the
 * taxable amount in many jurisdictions, not in all). A line whose discounted price is zero
 * carries no fees and no taxes.
 */

export type Calculation = 'PERCENTAGE' | 'FIXED';

export interface TaxOrFee {
  id: number;
  name: string;
  kind: 'TAX' | 'FEE';
  calculation: Calculation;
  /** PERCENTAGE: a decimal string such as "23.5"; FIXED: minor units per ticket, as a string of digits. */
  rate: string;
  /** A PERCENTAGE tax: computed on the price plus the line's fees, not on the price alone. */
  appliesToFees: boolean;
}

export interface LineInput {
  unitPrice: number;
  quantity: number;
  /** Discount per unit (from a promo code), never more than the unit price. */
  discountPerUnit?: number;
  taxesAndFees?: readonly TaxOrFee[];
}

/** One fee or tax of a line as charged, with how it was worked out (kept with the order). */
export interface Charge {
  id: number;
  name: string;
  calculation: Calculation;
  rate: string;
  /** A percentage tax set to be computed on the fees as well (false for fees and fixed taxes). */
  appliesToFees: boolean;
  amount: number;
}

export interface LineResult {
  unitPrice: number;
  discountedUnitPrice: number;
  quantity: number;
  /** unitPrice × quantity */
  gross: number;
  /** discount × quantity */
  discount: number;
  /** discountedUnitPrice × quantity */
  subtotal: number;
  fees: Charge[];
  taxes: Charge[];
  feesTotal: number;
  taxesTotal: number;
  /** subtotal + fees + taxes */
  total: number;
}

const DECIMAL = /^(\d{1,6})(?:\.(\d{1,6}))?$/;

/** Parses "23.5" into 235 / 10 (as integers), refusing anything that is not a plain decimal. */
export function parseRate(rate: string): { numerator: bigint; denominator: bigint } {
  const match = DECIMAL.exec(rate.trim());
  if (!match) throw new RangeError(`not a decimal rate: ${rate}`);
  const [, whole = '0', fraction = ''] = match;
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

export function isValidRate(rate: string): boolean {
  return DECIMAL.test(rate.trim());
}

/** numerator / denominator rounded half up, for non-negative values. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** `percent` % of `amount` minor units, rounded half up. */
export function percentOf(amount: number, percent: string): number {
  const { numerator, denominator } = parseRate(percent);
  return Number(divideHalfUp(BigInt(amount) * numerator, denominator * 100n));
}

function assertMinorUnits(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer`);
}

/**
 * A FIXED rate is whole minor units per ticket ("250" is 2.50), up to MAX_MINOR like a price:
 * more whole digits than a percentage may have (a fee of 1,000,000 yen).
 */
function fixedAmount(rate: string): number {
  const text = rate.trim();
  const amount = Number(text);
  if (!/^\d{1,15}$/.test(text) || amount > MAX_MINOR) {
    throw new RangeError(`a fixed amount is whole minor units: ${rate}`);
  }
  return amount;
}

function charge(
  item: TaxOrFee,
  { base, quantity, onFees }: { base: number; quantity: number; onFees: boolean },
): Charge {
  const amount =
    item.calculation === 'PERCENTAGE' ? percentOf(base, item.rate) : fixedAmount(item.rate) * quantity;
  return {
    id: item.id,
    name: item.name,
    calculation: item.calculation,
    rate: item.rate,
    appliesToFees: onFees,
    amount,
  };
}

/** Whether a tax is computed on the fees too: only a percentage tax set so. */
const taxedOnFees = (tax: TaxOrFee) =>
  tax.kind === 'TAX' && tax.calculation === 'PERCENTAGE' && tax.appliesToFees;

/** Everything a buyer pays for one line of an order. */
export function priceLine(input: LineInput): LineResult {
  const { unitPrice, quantity } = input;
  const discountPerUnit = Math.min(input.discountPerUnit ?? 0, unitPrice);
  assertMinorUnits('unitPrice', unitPrice);
  assertMinorUnits('quantity', quantity);
  assertMinorUnits('discountPerUnit', discountPerUnit);
  const discountedUnitPrice = unitPrice - discountPerUnit;
  const subtotal = discountedUnitPrice * quantity;
  const free = subtotal === 0;
  const items = input.taxesAndFees ?? [];
  const fees = free
    ? []
    : items
        .filter((i) => i.kind === 'FEE')
        .map((fee) => charge(fee, { base: subtotal, quantity, onFees: false }));
  const feesTotal = fees.reduce((sum, f) => sum + f.amount, 0);
  const taxes = free
    ? []
    : items
        .filter((i) => i.kind === 'TAX')
        .map((tax) => {
          const onFees = taxedOnFees(tax);
          return charge(tax, { base: onFees ? subtotal + feesTotal : subtotal, quantity, onFees });
        });
  const taxesTotal = taxes.reduce((sum, t) => sum + t.amount, 0);
  return {
    unitPrice,
    discountedUnitPrice,
    quantity,
    gross: unitPrice * quantity,
    discount: discountPerUnit * quantity,
    subtotal,
    fees,
    taxes,
    feesTotal,
    taxesTotal,
    total: subtotal + feesTotal + taxesTotal,
  };
}

export interface OrderTotals {
  gross: number;
  discount: number;
  subtotal: number;
  fees: number;
  taxes: number;
  total: number;
}

/** Order totals are sums of the already rounded lines, so they always add up. */
export function sumLines(lines: readonly LineResult[]): OrderTotals {
  return lines.reduce<OrderTotals>(
    (t, l) => ({
      gross: t.gross + l.gross,
      discount: t.discount + l.discount,
      subtotal: t.subtotal + l.subtotal,
      fees: t.fees + l.feesTotal,
      taxes: t.taxes + l.taxesTotal,
      total: t.total + l.total,
    }),
    { gross: 0, discount: 0, subtotal: 0, fees: 0, taxes: 0, total: 0 },
  );
}

/**
 * The price shown for one unit: what the line costs per ticket, including taxes and fees
 * (INCLUSIVE) or without them (EXCLUSIVE). Only the display changes; the total never does.
 */
export function displayUnitPrice(line: LineResult, mode: 'INCLUSIVE' | 'EXCLUSIVE'): number {
  if (mode === 'EXCLUSIVE' || line.quantity === 0) return line.discountedUnitPrice;
  return Math.round(line.total / line.quantity);
}
