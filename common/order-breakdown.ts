import type { Calculation, LineResult } from './pricing';

/**
 * The one price breakdown of an order, shown the same on every surface (checkout, the order
 * and print pages, the organizer's order screen, the confirmation e-mail, the export). It is
 * worked out from the order's stored lines, never priced again.
 *
 * EXCLUSIVE display: each line at its base price (quantity × unit price), the discount as its
 * own row, each fee, each tax with its rate and what it applied to, then the total.
 * INCLUSIVE display (prices shown with taxes and fees): each line at what it costs with its
 * fees and taxes, then the total, followed by what that includes ("includes VAT 23.5 %: €6.46").
 * Either way the `rows` add up to `total` exactly (decision 004).
 */

export type PriceDisplayMode = 'INCLUSIVE' | 'EXCLUSIVE';

/**
 * A fee or tax of an order line as kept in `order_items.charges`. Lines priced before
 * migration 0020 have only id, name, kind and amount.
 */
export interface StoredCharge {
  id: number;
  name: string;
  kind: 'TAX' | 'FEE';
  amount: number;
  calculation?: Calculation;
  rate?: string;
  /** A percentage tax set to be computed on the fees too. */
  appliesToFees?: boolean;
}

/** A charge as the order APIs show it (`OrderChargeResponse`); null where an old line did not keep it. */
export interface ChargeSource {
  id: number;
  name: string;
  kind: 'TAX' | 'FEE';
  calculation_type: Calculation | null;
  rate: string | null;
  applies_to_fees: boolean | null;
  amount: number;
}

export interface LineSource {
  id: number;
  title: string;
  price_label: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  fees: number;
  taxes: number;
  total: number;
  charges: readonly ChargeSource[];
  addon_for?: { seat: number; attendee_name: string | null; attendee_number?: number | null } | null;
}

/** What the breakdown needs of an order: the public and the organizer's order responses both fit. */
export interface BreakdownSource {
  items: readonly LineSource[];
  promo_code: string | null;
  price_display_mode: PriceDisplayMode;
}

/** What a tax was computed on: the ticket prices, or the prices plus the fees. */
export type TaxBase = 'TICKETS' | 'TICKETS_AND_FEES';

export interface LineRow {
  kind: 'LINE';
  id: number;
  title: string;
  priceLabel: string | null;
  quantity: number;
  unitPrice: number;
  /** EXCLUSIVE: quantity × unit price; INCLUSIVE: what the line costs, fees, taxes and discount in. */
  amount: number;
  /**
   * An add-on's line (decision 052): the attendee it is for, by name once named, else by number
   * in the order (within its ticket line where the order's numbers are not known).
   */
  holder: { name: string | null; seat: number } | null;
}

export interface DiscountRow {
  kind: 'DISCOUNT';
  code: string | null;
  /** Negative: it comes off. */
  amount: number;
}

export interface ChargeRow {
  kind: 'FEE' | 'TAX';
  /** Null for the part of an old line's fees or taxes that was not kept by name. */
  id: number | null;
  name: string | null;
  calculation: Calculation | null;
  /** PERCENTAGE: "23.5"; FIXED: minor units per ticket ("250"). */
  rate: string | null;
  /** Taxes at a percentage only: what the rate was applied to; null when not known. */
  appliesTo: TaxBase | null;
  amount: number;
}

export type BreakdownRow = LineRow | DiscountRow | ChargeRow;

export interface OrderBreakdown {
  mode: PriceDisplayMode;
  /** Shown one under the other; they add up to `total`. */
  rows: BreakdownRow[];
  /** INCLUSIVE only: what the line amounts include (discount, fees, taxes); empty when EXCLUSIVE. */
  included: (DiscountRow | ChargeRow)[];
  total: number;
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

function appliesTo(charge: ChargeSource, orderHasFees: boolean): TaxBase | null {
  if (charge.kind !== 'TAX' || charge.calculation_type !== 'PERCENTAGE') return null;
  if (charge.applies_to_fees === null) return null;
  return charge.applies_to_fees && orderHasFees ? 'TICKETS_AND_FEES' : 'TICKETS';
}

/** The order's fees or taxes, one row per charge across its lines, in the order they first appear. */
function chargeRows(items: readonly LineSource[], kind: 'FEE' | 'TAX'): ChargeRow[] {
  const orderHasFees = items.some((i) => i.fees > 0);
  const rows = new Map<string, ChargeRow>();
  for (const item of items) {
    for (const charge of item.charges) {
      if (charge.kind !== kind) continue;
      const row: ChargeRow = {
        kind,
        id: charge.id,
        name: charge.name,
        calculation: charge.calculation_type,
        rate: charge.rate,
        appliesTo: appliesTo(charge, orderHasFees),
        amount: charge.amount,
      };
      const key = JSON.stringify([row.id, row.name, row.calculation, row.rate, row.appliesTo]);
      const seen = rows.get(key);
      if (seen) seen.amount += row.amount;
      else rows.set(key, row);
    }
  }
  const named = [...rows.values()].filter((r) => r.amount !== 0);
  // Whatever the lines charged that is not kept by name (lines from before the names were kept).
  const charged = sum(items.map((i) => (kind === 'FEE' ? i.fees : i.taxes)));
  const unnamed = charged - sum(named.map((r) => r.amount));
  if (unnamed !== 0)
    named.push({
      kind,
      id: null,
      name: null,
      calculation: null,
      rate: null,
      appliesTo: null,
      amount: unnamed,
    });
  return named;
}

/** The breakdown of an order (see the top of this file). */
export function orderBreakdown(order: BreakdownSource): OrderBreakdown {
  const { items } = order;
  const inclusive = order.price_display_mode === 'INCLUSIVE';
  const discount = sum(items.map((i) => i.discount));
  const discountRows: DiscountRow[] =
    discount > 0 ? [{ kind: 'DISCOUNT', code: order.promo_code, amount: -discount }] : [];
  const charges = [...chargeRows(items, 'FEE'), ...chargeRows(items, 'TAX')];
  const lines: LineRow[] = items.map((i) => ({
    kind: 'LINE',
    id: i.id,
    title: i.title,
    priceLabel: i.price_label,
    quantity: i.quantity,
    unitPrice: i.unit_price,
    amount: inclusive ? i.total : i.quantity * i.unit_price,
    holder: i.addon_for
      ? { name: i.addon_for.attendee_name, seat: i.addon_for.attendee_number ?? i.addon_for.seat }
      : null,
  }));
  const total = sum(items.map((i) => i.total));
  return inclusive
    ? { mode: 'INCLUSIVE', rows: lines, included: [...discountRows, ...charges], total }
    : { mode: 'EXCLUSIVE', rows: [...lines, ...discountRows, ...charges], included: [], total };
}

/**
 * What each ticket of a line cost: its share of the line's total, discount, fees and taxes in.
 * The total is divided among the tickets and what is left over goes one minor unit at a time to
 * the first ones, so the tickets of an order add up to its breakdown's `total` exactly. A
 * ticket's own document (the PDF) shows its share, never the bare unit price.
 */
export function ticketShares(line: Pick<LineSource, 'quantity' | 'total'>): number[] {
  if (line.quantity <= 0) return [];
  const base = Math.floor(line.total / line.quantity);
  const left = line.total - base * line.quantity;
  return Array.from({ length: line.quantity }, (_, i) => base + (i < left ? 1 : 0));
}

/** What is kept of a priced line's fees and taxes (`order_items.charges`). */
export function storedCharges(line: Pick<LineResult, 'fees' | 'taxes'>): StoredCharge[] {
  return [
    ...line.fees.map((c) => ({ ...c, kind: 'FEE' as const })),
    ...line.taxes.map((c) => ({ ...c, kind: 'TAX' as const })),
  ];
}

/** The stored charges of a line as the order APIs show them; an old line's missing details are null. */
export function chargeResponses(charges: readonly StoredCharge[] | null): ChargeSource[] {
  return (charges ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    kind: c.kind,
    calculation_type: c.calculation ?? null,
    rate: c.rate ?? null,
    applies_to_fees: c.appliesToFees ?? null,
    amount: c.amount,
  }));
}
