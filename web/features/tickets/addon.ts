import type { AddonRuleResponse, TicketResponse } from '../../../common/tickets';

/** The titles of the tickets an add-on goes with, in the event's order; ids it no longer has are left out. */
export function addonTicketTitles(rule: AddonRuleResponse, items: readonly TicketResponse[]): string[] {
  const chosen = new Set(rule.ticket_ids);
  return items.filter((item) => chosen.has(item.id)).map((item) => item.title);
}
