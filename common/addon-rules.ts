/**
 * The rules of one add-on (decision 052): a product offered only with given tickets, chosen per
 * attendee ("seat"), from `min` to `max` units per seat. Shared by the server's quote
 * (`checkout-addons.ts`) and the event page, which offers what they allow; free of schemas and
 * messages, as the event page imports it (decision 024: the buyer's first visit has a budget).
 */
export interface QuoteAddon {
  /** The tickets it goes with. */
  ticketIds: number[];
  min: number;
  max: number;
}

/** An add-on's rule as the API shows it (`addon` on a ticket or product). */
interface AddonRuleShown {
  ticket_ids: number[];
  min_per_ticket: number;
  max_per_ticket: number;
}

/** The rule of an add-on as the API shows it, in the quote's terms; null for anything else. */
export const quoteAddon = (rule: AddonRuleShown | null | undefined): QuoteAddon | null =>
  rule ? { ticketIds: rule.ticket_ids, min: rule.min_per_ticket, max: rule.max_per_ticket } : null;

/** Whether the add-on is offered with this ticket: one of the tickets it names. */
export const goesWith = (addon: QuoteAddon | null | undefined, ticketId: number): boolean =>
  addon?.ticketIds.includes(ticketId) ?? false;

/**
 * How many units of one add-on one seat must and may have, all its variants together: from its
 * `min` to its `max`, except that an add-on that cannot be bought (hidden; on the event page,
 * not on sale) is required of nobody.
 */
export const seatLimits = (addon: QuoteAddon, { buyable }: { buyable: boolean }) => ({
  min: buyable ? addon.min : 0,
  max: addon.max,
});
