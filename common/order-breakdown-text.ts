import type { I18n } from '@lingui/core';
import { translate } from './i18n/translate';
import { formatMoney, formatPercent } from './money';
import type { BreakdownRow, ChargeRow, DiscountRow, LineRow, OrderBreakdown } from './order-breakdown';

/**
 * The words of an order's price breakdown, the same on every surface: the web pages render
 * `label`, `detail` and `amount` in columns, e-mails and exports use `text` (one line each).
 */

const M = {
  line: /*i18n*/ { id: 'breakdown.line', message: '{quantity} × {title}' },
  free: /*i18n*/ { id: 'breakdown.free', message: 'Free' },
  discount: /*i18n*/ { id: 'breakdown.discount', message: 'Discount' },
  discountCode: /*i18n*/ { id: 'breakdown.discount_code', message: 'Discount ({code})' },
  fees: /*i18n*/ { id: 'breakdown.fees', message: 'Fees' },
  taxes: /*i18n*/ { id: 'breakdown.taxes', message: 'Taxes' },
  nameAndRate: /*i18n*/ { id: 'breakdown.name_rate', message: '{name} {rate}' },
  onTickets: /*i18n*/ { id: 'breakdown.on_tickets', message: 'on tickets' },
  onTicketsAndFees: /*i18n*/ { id: 'breakdown.on_tickets_and_fees', message: 'on tickets and fees' },
  perTicket: /*i18n*/ { id: 'breakdown.per_ticket', message: '{amount} per ticket' },
  total: /*i18n*/ { id: 'breakdown.total', message: 'Total' },
  forAttendee: /*i18n*/ { id: 'breakdown.for_attendee', message: 'for {name}' },
  forSeat: /*i18n*/ { id: 'breakdown.for_seat', message: 'for attendee {seat}' },
  withDetail: /*i18n*/ { id: 'breakdown.with_detail', message: '{label} ({detail})' },
  row: /*i18n*/ { id: 'breakdown.row', message: '{label}: {amount}' },
  includes: /*i18n*/ { id: 'breakdown.includes', message: 'includes {what}: {amount}' },
  withDiscount: /*i18n*/ { id: 'breakdown.with_discount', message: 'with a discount: {amount}' },
  withDiscountCode: /*i18n*/ {
    id: 'breakdown.with_discount_code',
    message: 'with the discount of code {code}: {amount}',
  },
};

export interface BreakdownRowText {
  kind: BreakdownRow['kind'];
  /** Unique within the breakdown (a React key). */
  key: string;
  /** "1 × General – Early", "Discount (SUMMER)", "Booking fee", "VAT 23.5 %" */
  label: string;
  /** What a fee or tax was worked out on: "on tickets and fees", "€1.00 per ticket"; else null. */
  detail: string | null;
  /** "€25.00", "−€5.00", "Free" */
  amount: string;
  /** The amount in minor units (negative for a discount). */
  minor: number;
  /** The row on one line: "VAT 23.5 % (on tickets and fees): €6.46" */
  text: string;
}

export interface BreakdownText {
  rows: BreakdownRowText[];
  total: { label: string; amount: string; minor: number; text: string };
  /**
   * INCLUSIVE: one sentence per part of the total, "with the discount of code SPRING: −€5.00",
   * "includes VAT 23.5 % (on tickets and fees): €6.46".
   */
  included: string[];
}

/** "Booking fee", "VAT 23.5 %": a fee or tax by name, with its rate when it is a percentage. */
export function chargeLabel(
  row: Pick<ChargeRow, 'kind' | 'name' | 'calculation' | 'rate'>,
  i18n: I18n,
): string {
  if (row.name === null) return translate(i18n, row.kind === 'FEE' ? M.fees : M.taxes);
  if (row.calculation !== 'PERCENTAGE' || row.rate === null) return row.name;
  return translate(i18n, M.nameAndRate, { name: row.name, rate: formatPercent(row.rate, i18n.locale) });
}

function chargeDetail(row: ChargeRow, i18n: I18n, money: (minor: number) => string): string | null {
  if (row.calculation === 'FIXED' && row.rate !== null)
    return translate(i18n, M.perTicket, { amount: money(Number(row.rate)) });
  if (row.appliesTo === 'TICKETS_AND_FEES') return translate(i18n, M.onTicketsAndFees);
  if (row.appliesTo === 'TICKETS') return translate(i18n, M.onTickets);
  return null;
}

function rowKey(row: BreakdownRow): string {
  if (row.kind === 'LINE') return `LINE:${row.id}`;
  if (row.kind === 'DISCOUNT') return 'DISCOUNT';
  return JSON.stringify([row.kind, row.id, row.name, row.calculation, row.rate, row.appliesTo]);
}

/** An add-on line's attendee: "for Ana Silva", or "for attendee 2" before they are named. */
function holderText({ holder }: LineRow, i18n: I18n): string | null {
  if (!holder) return null;
  if (holder.name) return translate(i18n, M.forAttendee, { name: holder.name });
  return translate(i18n, M.forSeat, { seat: holder.seat });
}

function discountLabel(row: DiscountRow, i18n: I18n): string {
  return row.code ? translate(i18n, M.discountCode, { code: row.code }) : translate(i18n, M.discount);
}

/** Labels and formatted amounts of a breakdown, in the language and currency given. */
export function describeBreakdown(
  breakdown: OrderBreakdown,
  options: { i18n: I18n; currency: string },
): BreakdownText {
  const { i18n, currency } = options;
  const money = (minor: number) =>
    minor < 0 ? `−${formatMoney(-minor, currency, i18n.locale)}` : formatMoney(minor, currency, i18n.locale);
  const describe = (row: BreakdownRow): Omit<BreakdownRowText, 'text' | 'key'> => {
    if (row.kind === 'LINE') {
      const title = row.priceLabel ? `${row.title} – ${row.priceLabel}` : row.title;
      return {
        kind: row.kind,
        label: translate(i18n, M.line, { quantity: row.quantity, title }),
        detail: holderText(row, i18n),
        amount: row.unitPrice === 0 && row.amount === 0 ? translate(i18n, M.free) : money(row.amount),
        minor: row.amount,
      };
    }
    if (row.kind === 'DISCOUNT')
      return {
        kind: row.kind,
        label: discountLabel(row, i18n),
        detail: null,
        amount: money(row.amount),
        minor: row.amount,
      };
    return {
      kind: row.kind,
      label: chargeLabel(row, i18n),
      detail: chargeDetail(row, i18n, money),
      amount: money(row.amount),
      minor: row.amount,
    };
  };
  const full = (r: Pick<BreakdownRowText, 'label' | 'detail'>) =>
    r.detail ? translate(i18n, M.withDetail, { label: r.label, detail: r.detail }) : r.label;
  const rows = breakdown.rows.map((row) => {
    const r = describe(row);
    return { ...r, key: rowKey(row), text: translate(i18n, M.row, { label: full(r), amount: r.amount }) };
  });
  const totalLabel = translate(i18n, M.total);
  const totalAmount = money(breakdown.total);
  return {
    rows,
    total: {
      label: totalLabel,
      amount: totalAmount,
      minor: breakdown.total,
      text: translate(i18n, M.row, { label: totalLabel, amount: totalAmount }),
    },
    included: breakdown.included.map((row) => {
      const r = describe(row);
      if (row.kind !== 'DISCOUNT') return translate(i18n, M.includes, { what: full(r), amount: r.amount });
      return row.code
        ? translate(i18n, M.withDiscountCode, { code: row.code, amount: r.amount })
        : translate(i18n, M.withDiscount, { amount: r.amount });
    }),
  };
}
