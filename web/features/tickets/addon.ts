import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AddonRuleResponse, TicketResponse } from '../../../common/tickets';

/** The titles of the tickets an add-on goes with, in the event's order; ids it no longer has are left out. */
export function addonTicketTitles(rule: AddonRuleResponse, items: readonly TicketResponse[]): string[] {
  const chosen = new Set(rule.ticket_ids);
  return items.filter((item) => chosen.has(item.id)).map((item) => item.title);
}

/** How many an attendee has: "1 per ticket", "Up to 3 per ticket", "1 to 3 per ticket". */
export function perTicketText(rule: AddonRuleResponse, i18n: I18n): string {
  const min = rule.min_per_ticket;
  const max = rule.max_per_ticket;
  if (min === max) return i18n._(msg`${max} per ticket`);
  if (min === 0) return i18n._(msg`Up to ${max} per ticket`);
  return i18n._(msg`${min} to ${max} per ticket`);
}

/** "Add-on of Conference and Workshop · Up to 1 per ticket", in the interface language. */
export function addonSummary(
  rule: AddonRuleResponse,
  { items, i18n }: { items: readonly TicketResponse[]; i18n: I18n },
): string {
  const titles = addonTicketTitles(rule, items);
  const limits = perTicketText(rule, i18n);
  if (titles.length === 0) return limits;
  const tickets = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(titles);
  return `${i18n._(msg`Add-on of ${tickets}`)} · ${limits}`;
}
