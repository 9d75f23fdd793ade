import '@mantine/core/styles/Badge.css';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { formatMoney } from '../../../common/money';
import type { AddonRuleResponse, SaleState, TicketResponse, TicketType } from '../../../common/tickets';
import { addonTicketTitles } from './addon';

export const TYPE_LABELS: Record<TicketType, MessageDescriptor> = {
  FREE: msg`Free`,
  PAID: msg`Paid`,
  DONATION: msg`Donation`,
  TIERED: msg`Tiered`,
};

export const TYPE_HINTS: Record<TicketType, MessageDescriptor> = {
  FREE: msg`No charge. Buyers only register.`,
  PAID: msg`One fixed price.`,
  DONATION: msg`Buyers choose what to pay, from a minimum you set.`,
  TIERED: msg`Several prices, such as early bird and regular.`,
};

export const SALE_STATE_LABELS: Record<SaleState, MessageDescriptor> = {
  ON_SALE: msg`On sale`,
  NOT_ON_SALE: msg`Not on sale yet`,
  SALE_ENDED: msg`Sale ended`,
  SOLD_OUT: msg`Sold out`,
  PAUSED: msg`Paused`,
};

/** Light badges with text dark enough for 4.5:1 on their tint. */
const STATE_COLORS: Record<SaleState | 'HIDDEN', { color: string; text: string }> = {
  ON_SALE: { color: 'teal', text: '#05573d' },
  NOT_ON_SALE: { color: 'blue', text: '#0b4a8b' },
  SALE_ENDED: { color: 'gray', text: 'gray.8' },
  SOLD_OUT: { color: 'red', text: '#8f1d1d' },
  PAUSED: { color: 'orange', text: '#7a3b00' },
  HIDDEN: { color: 'dark', text: 'dark.8' },
};

export function SaleStateBadge({ state }: { state: SaleState }) {
  const { i18n } = useLingui();
  return (
    <Badge color={STATE_COLORS[state].color} c={STATE_COLORS[state].text} variant="light" radius="sm">
      {i18n._(SALE_STATE_LABELS[state])}
    </Badge>
  );
}

export function HiddenBadge() {
  const { t } = useLingui();
  return (
    <Badge color={STATE_COLORS.HIDDEN.color} c={STATE_COLORS.HIDDEN.text} variant="outline" radius="sm">
      {t`Hidden`}
    </Badge>
  );
}

/** A product offered only as an add-on of tickets; its text is dark enough on the violet tint. */
export function AddonBadge() {
  const { t } = useLingui();
  return (
    <Badge color="violet" c="#4b2a91" variant="light" radius="sm">
      {t`Add-on`}
    </Badge>
  );
}

/** The price of a ticket for the list: "Free", "€25.00", "From €5.00", "€10.00 – €25.00". */
export function priceSummary(ticket: TicketResponse, currency: string, i18n: I18n): string {
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  switch (ticket.type) {
    case 'FREE':
      return i18n._(msg`Free`);
    case 'PAID':
      return money(ticket.price ?? 0);
    case 'DONATION': {
      const amount = money(ticket.price ?? 0);
      return i18n._(msg`From ${amount}`);
    }
    case 'TIERED': {
      const prices = ticket.prices.map((tier) => tier.price);
      if (prices.length === 0) return '—';
      const low = Math.min(...prices);
      const high = Math.max(...prices);
      return low === high ? money(low) : `${money(low)} – ${money(high)}`;
    }
  }
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
  if (titles.length === 0)
    return i18n._(msg`Add-on of no ticket any more: buyers cannot get it. Edit it to choose its tickets.`);
  const tickets = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(titles);
  return `${i18n._(msg`Add-on of ${tickets}`)} · ${limits}`;
}
