import { countryName } from '../../../common/countries';
import type { InvoiceDocument, InvoiceDocumentCharge, InvoiceSettings } from '../../../common/invoices';
import type { StoredCharge } from '../../../common/order-breakdown';
import type { orderItems, orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** Everything an invoice says, as it is at the moment of issue. */
export interface DocumentSource {
  order: OrderRow;
  items: readonly ItemRow[];
  event: { title: string; timezone: string; startsAt: Date };
  settings: InvoiceSettings;
  reference: string;
  issuedAt: Date;
  dueDate: string | null;
}

/** A day as YYYY-MM-DD in a time zone. */
export function dayIn(date: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, dateStyle: 'short' }).format(date);
}

/**
 * Each tax and fee over the whole order, one row per name and rate: what it applied to (the
 * lines' subtotals, with their fees for a tax computed on fees too) and what it came to.
 */
export function chargesOf(items: readonly ItemRow[]): InvoiceDocumentCharge[] {
  const rows = new Map<string, InvoiceDocumentCharge>();
  for (const item of items) {
    for (const charge of (item.charges ?? []) as StoredCharge[]) {
      const rate = charge.calculation === 'FIXED' ? null : (charge.rate ?? null);
      const key = `${charge.kind}\u0000${charge.name}\u0000${rate ?? ''}`;
      const base = item.subtotal + (charge.kind === 'TAX' && charge.appliesToFees ? item.fees : 0);
      const row = rows.get(key) ?? { name: charge.name, kind: charge.kind, rate, base: 0, amount: 0 };
      row.base += base;
      row.amount += charge.amount;
      rows.set(key, row);
    }
  }
  // Fees first, then taxes, each in the order they were first met.
  return [...rows.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'FEE' ? -1 : 1));
}

/** A business buyer's postal address as printed: their lines, then the country's name in `locale`. */
function buyerAddress(order: OrderRow, locale: string): string | null {
  const country = order.vatCountry ? countryName(order.vatCountry, locale) : null;
  const lines = [order.companyAddress, country].filter(Boolean);
  return lines.length > 0 ? lines.join('\n') : null;
}

/** The frozen document of an order's invoice (decision 053). */
export function invoiceDocument(source: DocumentSource): InvoiceDocument {
  const { order, items, event, settings } = source;
  const buyerName = [order.firstName, order.lastName].filter(Boolean).join(' ');
  return {
    kind: 'INVOICE',
    reference: source.reference,
    issued_at: source.issuedAt.toISOString(),
    supply_date: dayIn(event.startsAt, event.timezone),
    due_date: source.dueDate,
    locale: order.locale ?? 'en',
    currency: order.currency,
    seller: { legal_name: settings.legal_name, address: settings.address, tax_id: settings.tax_id },
    buyer: {
      name: buyerName,
      company: order.company,
      address: buyerAddress(order, order.locale ?? 'en'),
      tax_id: order.vatId,
      email: order.email,
    },
    event: { title: event.title, timezone: event.timezone },
    order_reference: order.reference,
    credits_invoice: null,
    lines: items.map((item) => ({
      title: item.title,
      variant: item.priceLabel,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      discount: item.discount,
      subtotal: item.subtotal,
      fees: item.fees,
      taxes: item.taxes,
      total: item.total,
    })),
    charges: chargesOf(items),
    totals: {
      gross: order.gross,
      discount: order.discount,
      subtotal: order.subtotal,
      fees: order.fees,
      taxes: order.taxes,
      total: order.total,
    },
    notes: settings.notes,
    footer: settings.footer,
  };
}

/**
 * `amount` split in proportion to `weights`, in whole minor units that add up to it exactly
 * (largest remainders get the units rounding left over). BigInt: weights times amount can
 * pass 2^53.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (BigInt(w) * BigInt(amount)) / BigInt(whole));
  const shares = exact.map(Number);
  const rest = amount - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: (BigInt(w) * BigInt(amount)) % BigInt(whole) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (let k = 0; k < rest; k += 1) {
    const at = byRemainder[k % byRemainder.length]?.i ?? 0;
    shares[at] = (shares[at] ?? 0) + 1;
  }
  return shares;
}

/** A charge row scaled to a share of the document: its amount given, its base in proportion. */
function scaledCharges(charges: readonly InvoiceDocumentCharge[], share: { of: number; part: number }) {
  const scale = (value: number) => Number((BigInt(value) * BigInt(share.part)) / BigInt(share.of || 1));
  return charges.map((charge) => ({ ...charge, base: scale(charge.base) }));
}

/** What a credit note credits and how it is headed. */
export interface CreditSource {
  invoice: InvoiceDocument;
  amount: number;
  reference: string;
  issuedAt: Date;
  /** The line of a credit note for part of the invoice, in the document's language. */
  partLine: string;
}

/**
 * The frozen document of a credit note (decision 053). Crediting the whole invoice repeats its
 * lines; crediting part of it is one line for that amount, whose taxes and fees are each
 * rate's share of the invoice's in proportion, so every rate's VAT is credited exactly once
 * across all the notes.
 */
export function creditNoteDocument(source: CreditSource): InvoiceDocument {
  const { invoice, amount } = source;
  const head = {
    ...invoice,
    kind: 'CREDIT_NOTE' as const,
    reference: source.reference,
    issued_at: source.issuedAt.toISOString(),
    due_date: null,
    credits_invoice: invoice.reference,
  };
  if (amount === invoice.totals.total) return head;
  const [net = 0, fees = 0, taxes = 0] = allocate(amount, [
    invoice.totals.subtotal,
    invoice.totals.fees,
    invoice.totals.taxes,
  ]);
  const feeRows = invoice.charges.filter((c) => c.kind === 'FEE');
  const taxRows = invoice.charges.filter((c) => c.kind === 'TAX');
  const feeAmounts = allocate(
    fees,
    feeRows.map((c) => c.amount),
  );
  const taxAmounts = allocate(
    taxes,
    taxRows.map((c) => c.amount),
  );
  const share = { of: invoice.totals.total, part: amount };
  const charges = [
    ...scaledCharges(feeRows, share).map((c, i) => ({ ...c, amount: feeAmounts[i] ?? 0 })),
    ...scaledCharges(taxRows, share).map((c, i) => ({ ...c, amount: taxAmounts[i] ?? 0 })),
  ];
  return {
    ...head,
    lines: [
      {
        title: source.partLine,
        variant: null,
        quantity: 1,
        unit_price: net,
        discount: 0,
        subtotal: net,
        fees,
        taxes,
        total: amount,
      },
    ],
    charges,
    totals: { gross: net, discount: 0, subtotal: net, fees, taxes, total: amount },
  };
}
