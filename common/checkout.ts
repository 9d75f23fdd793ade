import type { MessageDescriptor } from '@lingui/core';
import { type AddonSeat, addonLineProblem, addonSeatProblems, type QuoteAddon } from './checkout-addons';
import { VALIDATION } from './i18n/validation';
import { perOrderProblem } from './per-order';
import { type LineResult, type OrderTotals, priceLine, sumLines, type TaxOrFee } from './pricing';
import { type DiscountType, discountPerUnit } from './promo-codes';
import { saleState, type TicketKind, type TicketType } from './tickets';

/**
 * Checking and pricing what a buyer asked for, before any stock is taken: which lines are
 * allowed (min and max per ticket, on sale, not hidden, donation minimum, a promo
 * code for tickets hidden without one) and what each costs. Stock itself is left to the
 * database counters (server/modules/orders/inventory.ts).
 */
export interface QuoteTier {
  id: number;
  label: string;
  price: number;
  saleStart: Date | null;
  saleEnd: Date | null;
  isHidden: boolean;
}

export interface QuoteTicket {
  id: number;
  /** A ticket or a product (decision 051). */
  kind: TicketKind;
  title: string;
  type: TicketType;
  /** PAID: the price; DONATION: the minimum. */
  price: number | null;
  saleStart: Date | null;
  saleEnd: Date | null;
  isPaused: boolean;
  isHidden: boolean;
  hideWithoutPromoCode: boolean;
  minPerOrder: number;
  maxPerOrder: number;
  taxesAndFees: TaxOrFee[];
  tiers: QuoteTier[];
  /** Set for a product sold only as an add-on of these tickets, per attendee (decision 052). */
  addon?: QuoteAddon | null;
}

export interface QuotePromo {
  id: number;
  code: string;
  discountType: DiscountType;
  discount: string;
  /** Empty: every ticket. */
  ticketIds: number[];
}

export interface QuoteLineInput {
  ticket_id: number;
  price_id?: number | undefined;
  quantity: number;
  price?: number | undefined;
  addon_for?: AddonSeat | undefined;
}

export interface QuotedLine extends LineResult {
  ticketId: number;
  priceId: number | null;
  title: string;
  priceLabel: string | null;
  /** An add-on's line: the attendee it is for. */
  forSeat: { ticketId: number; priceId: number | null; seat: number } | null;
}

export type FieldErrors = Record<string, MessageDescriptor[]>;

export type Quote =
  | { ok: true; lines: QuotedLine[]; totals: OrderTotals }
  | { ok: false; errors: FieldErrors };

const withValues = (d: MessageDescriptor, values: Record<string, unknown>): MessageDescriptor => ({
  ...d,
  values,
});

const onSale = (item: { saleStart: Date | null; saleEnd: Date | null; isPaused?: boolean }, now: Date) =>
  saleState({ ...item, quantity: null, quantitySold: 0, quantityReserved: 0 }, now) === 'ON_SALE';

export function promoAppliesTo(promo: QuotePromo | null, ticketId: number): boolean {
  return promo !== null && (promo.ticketIds.length === 0 || promo.ticketIds.includes(ticketId));
}

export function quoteOrder(input: {
  lines: readonly QuoteLineInput[];
  tickets: readonly QuoteTicket[];
  /** A usable code of this event, or null (an unknown code is refused before this). */
  promo: QuotePromo | null;
  now?: Date;
}): Quote {
  const now = input.now ?? new Date();
  const errors: FieldErrors = {};
  const fail = (field: string, d: MessageDescriptor) => {
    errors[field] = [...(errors[field] ?? []), d];
  };
  const byId = new Map(input.tickets.map((t) => [t.id, t]));
  const chosen = input.lines.map((line, index) => ({ line, index })).filter((x) => x.line.quantity > 0);
  if (chosen.length === 0) return { ok: false, errors: { tickets: [VALIDATION.noTicketSelected] } };

  const perTicket = new Map<number, { count: number; firstIndex: number }>();
  const lines: QuotedLine[] = [];
  for (const { line, index } of chosen) {
    const at = (field: string) => `tickets.${index}.${field}`;
    const ticket = byId.get(line.ticket_id);
    if (!ticket || ticket.isHidden) {
      fail(at('ticket_id'), VALIDATION.unknownTicket);
      continue;
    }
    const addonProblem = addonLineProblem(ticket, line);
    if (addonProblem) {
      fail(at('addon_for'), addonProblem);
      continue;
    }
    const seen = perTicket.get(ticket.id);
    perTicket.set(ticket.id, {
      count: (seen?.count ?? 0) + line.quantity,
      firstIndex: seen?.firstIndex ?? index,
    });
    const promoApplies = promoAppliesTo(input.promo, ticket.id);
    if (ticket.hideWithoutPromoCode && !promoApplies) {
      fail(at('ticket_id'), VALIDATION.ticketNeedsPromoCode);
      continue;
    }
    if (!onSale(ticket, now)) {
      fail(at('ticket_id'), VALIDATION.ticketNotOnSale);
      continue;
    }
    let unitPrice = ticket.type === 'PAID' ? (ticket.price ?? 0) : 0;
    let tier: QuoteTier | undefined;
    if (ticket.type === 'TIERED') {
      tier = ticket.tiers.find((t) => t.id === line.price_id);
      if (!tier || tier.isHidden) {
        fail(
          at('price_id'),
          line.price_id === undefined ? VALIDATION.tierChoiceRequired : VALIDATION.unknownTier,
        );
        continue;
      }
      if (!onSale(tier, now)) {
        fail(at('price_id'), VALIDATION.ticketNotOnSale);
        continue;
      }
      unitPrice = tier.price;
    } else if (line.price_id !== undefined) {
      fail(at('price_id'), VALIDATION.unknownTier);
      continue;
    }
    if (ticket.type === 'DONATION') {
      if (line.price === undefined || line.price < (ticket.price ?? 0)) {
        fail(at('price'), VALIDATION.donationBelowMinimum);
        continue;
      }
      unitPrice = line.price;
    }
    const discount =
      promoApplies && input.promo ? discountPerUnit(input.promo, { type: ticket.type, unitPrice }) : 0;
    lines.push({
      ...priceLine({
        unitPrice,
        quantity: line.quantity,
        discountPerUnit: discount,
        taxesAndFees: ticket.taxesAndFees,
      }),
      ticketId: ticket.id,
      priceId: tier?.id ?? null,
      title: ticket.title,
      priceLabel: tier?.label ?? null,
      forSeat: line.addon_for
        ? {
            ticketId: line.addon_for.ticket_id,
            priceId: line.addon_for.price_id ?? null,
            seat: line.addon_for.seat,
          }
        : null,
    });
  }
  for (const [field, problem] of addonSeatProblems({ chosen, byId })) fail(field, problem);
  for (const [ticketId, { count, firstIndex }] of perTicket) {
    const ticket = byId.get(ticketId);
    if (!ticket) continue;
    const field = `tickets.${firstIndex}.quantity`;
    const problem = perOrderProblem({ min: ticket.minPerOrder, max: ticket.maxPerOrder }, count);
    if (problem === 'below_min')
      fail(field, withValues(VALIDATION.belowMinPerOrder, { min: ticket.minPerOrder }));
    if (problem === 'above_max')
      fail(field, withValues(VALIDATION.aboveMaxPerOrder, { max: ticket.maxPerOrder }));
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, lines, totals: sumLines(lines) };
}
