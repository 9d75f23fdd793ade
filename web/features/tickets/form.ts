import type { UseFormReturnType } from '@mantine/form';
import { toMajorText, toMinor } from '../../../common/money';
import type {
  AddonRuleResponse,
  TicketKind,
  TicketRequest,
  TicketResponse,
  TicketType,
} from '../../../common/tickets';
import { isoToZoned, zonedToIso } from '../events/datetime';

/** One price tier as the form holds it: amounts typed in major units, dates in the event's zone. */
export interface TierValues {
  /** A stable React key, also for new tiers that have no id yet. */
  key: string;
  id?: number | undefined;
  label: string;
  price: string;
  quantity_available: number | string;
  sale_start_date: string;
  sale_end_date: string;
  is_hidden: boolean;
}

/** A product's add-on rule as the form holds it; `enabled` off: the product is sold on its own. */
export interface AddonValues {
  enabled: boolean;
  /** The tickets it is offered with, ids as text (the values of a MultiSelect). */
  ticket_ids: string[];
  min_per_ticket: number | string;
  max_per_ticket: number | string;
}

export interface TicketValues {
  kind: TicketKind;
  /** The category's id as text; empty: no category. */
  category_id: string;
  /** Products only: each unit gets a code the door scans once. */
  redeemable: boolean;
  /** Products only: offered per attendee of given tickets rather than on its own. */
  addon: AddonValues;
  type: TicketType;
  title: string;
  description: string;
  /** PAID: the price; DONATION: the minimum. Major units as typed. */
  price: string;
  prices: TierValues[];
  sale_start_date: string;
  sale_end_date: string;
  min_per_order: number | string;
  max_per_order: number | string;
  /** Empty: unlimited. */
  quantity_available: number | string;
  show_quantity_remaining: boolean;
  hide_when_sold_out: boolean;
  hide_before_sale_start_date: boolean;
  hide_after_sale_end_date: boolean;
  is_hidden: boolean;
  is_hidden_without_promo_code: boolean;
  is_paused: boolean;
  tax_and_fee_ids: string[];
  /** The ticket's own waiting-list switch; `default`: the event's setting (null in the API). */
  waitlist: WaitlistChoice;
}

export type WaitlistChoice = 'default' | 'on' | 'off';

const toWaitlistChoice = (enabled: boolean | null): WaitlistChoice =>
  enabled === null ? 'default' : enabled ? 'on' : 'off';

const fromWaitlistChoice = (choice: WaitlistChoice): boolean | null =>
  choice === 'default' ? null : choice === 'on';

export type TicketForm = UseFormReturnType<TicketValues>;

/** Where the money and the dates of the form belong. */
export interface TicketContext {
  currency: string;
  timezone: string;
}

/** The form's add-on fields for a rule, or off (with the defaults ready) for none. */
export function addonValues(rule: AddonRuleResponse | null | undefined): AddonValues {
  return rule
    ? {
        enabled: true,
        ticket_ids: rule.ticket_ids.map(String),
        min_per_ticket: rule.min_per_ticket,
        max_per_ticket: rule.max_per_ticket,
      }
    : { enabled: false, ticket_ids: [], min_per_ticket: 0, max_per_ticket: 1 };
}

let nextKey = 0;
const newKey = () => `tier-${++nextKey}`;

/** A new tier; a product's new variant starts at the product's price. */
export function emptyTier(price = ''): TierValues {
  return {
    key: newKey(),
    label: '',
    price,
    quantity_available: '',
    sale_start_date: '',
    sale_end_date: '',
    is_hidden: false,
  };
}

/** A new ticket or product: paid, with the account's default taxes and fees ticked. */
export function newTicketValues(kind: TicketKind, defaultTaxIds: number[]): TicketValues {
  return {
    kind,
    category_id: '',
    redeemable: false,
    addon: addonValues(null),
    type: 'PAID',
    title: '',
    description: '',
    price: '',
    prices: kind === 'PRODUCT' ? [emptyTier()] : [emptyTier(), emptyTier()],
    sale_start_date: '',
    sale_end_date: '',
    min_per_order: 1,
    max_per_order: 10,
    quantity_available: '',
    show_quantity_remaining: false,
    hide_when_sold_out: false,
    hide_before_sale_start_date: false,
    hide_after_sale_end_date: false,
    is_hidden: false,
    is_hidden_without_promo_code: false,
    is_paused: false,
    tax_and_fee_ids: defaultTaxIds.map(String),
    waitlist: 'default',
  };
}

export function ticketValues(ticket: TicketResponse, { currency, timezone }: TicketContext): TicketValues {
  return {
    kind: ticket.kind,
    category_id: ticket.category_id === null ? '' : String(ticket.category_id),
    redeemable: ticket.redeemable,
    addon: addonValues(ticket.addon),
    type: ticket.type,
    title: ticket.title,
    description: ticket.description ?? '',
    price: ticket.type === 'PAID' || ticket.type === 'DONATION' ? toMajorText(ticket.price, currency) : '',
    prices:
      ticket.prices.length > 0
        ? ticket.prices.map((tier) => ({
            key: newKey(),
            id: tier.id,
            label: tier.label,
            price: toMajorText(tier.price, currency),
            quantity_available: tier.quantity_available ?? '',
            sale_start_date: isoToZoned(tier.sale_start_date, timezone),
            sale_end_date: isoToZoned(tier.sale_end_date, timezone),
            is_hidden: tier.is_hidden,
          }))
        : [emptyTier(), emptyTier()],
    sale_start_date: isoToZoned(ticket.sale_start_date, timezone),
    sale_end_date: isoToZoned(ticket.sale_end_date, timezone),
    min_per_order: ticket.min_per_order,
    max_per_order: ticket.max_per_order,
    quantity_available: ticket.quantity_available ?? '',
    show_quantity_remaining: ticket.show_quantity_remaining,
    hide_when_sold_out: ticket.hide_when_sold_out,
    hide_before_sale_start_date: ticket.hide_before_sale_start_date,
    hide_after_sale_end_date: ticket.hide_after_sale_end_date,
    is_hidden: ticket.is_hidden,
    is_hidden_without_promo_code: ticket.is_hidden_without_promo_code,
    is_paused: ticket.is_paused,
    tax_and_fee_ids: ticket.tax_and_fee_ids.map(String),
    waitlist: toWaitlistChoice(ticket.waitlist_enabled),
  };
}

/** A typed amount for the request; undefined when it is empty or not an amount (the form says which). */
const amount = (typed: string, currency: string) => toMinor(typed, currency) ?? undefined;
const count = (typed: number | string) => (typed === '' ? undefined : Number(typed));
const when = (local: string, timezone: string) =>
  local === '' ? null : (zonedToIso(local, timezone) ?? local);

/** The rule for the request: null unless a product's switch is on; empty counts take the defaults. */
export function toAddonRule(v: Pick<TicketValues, 'kind' | 'addon'>): TicketRequest['addon'] {
  if (v.kind !== 'PRODUCT' || !v.addon.enabled) return null;
  return {
    ticket_ids: v.addon.ticket_ids.map(Number),
    min_per_ticket: count(v.addon.min_per_ticket),
    max_per_ticket: count(v.addon.max_per_ticket),
  };
}

export function toTicketRequest(v: TicketValues, { currency, timezone }: TicketContext): TicketRequest {
  const priced = v.type === 'PAID' || v.type === 'DONATION';
  return {
    title: v.title,
    description: v.description.trim() === '' ? null : v.description,
    kind: v.kind,
    category_id: v.category_id === '' ? null : Number(v.category_id),
    redeemable: v.kind === 'PRODUCT' && v.redeemable,
    addon: toAddonRule(v),
    type: v.type,
    price: priced ? amount(v.price, currency) : undefined,
    prices:
      v.type === 'TIERED'
        ? v.prices.map((tier) => ({
            ...(tier.id ? { id: tier.id } : {}),
            label: tier.label,
            price: amount(tier.price, currency) as number,
            quantity_available: count(tier.quantity_available) ?? null,
            sale_start_date: when(tier.sale_start_date, timezone),
            sale_end_date: when(tier.sale_end_date, timezone),
            is_hidden: tier.is_hidden,
          }))
        : undefined,
    sale_start_date: when(v.sale_start_date, timezone),
    sale_end_date: when(v.sale_end_date, timezone),
    min_per_order: count(v.min_per_order),
    max_per_order: count(v.max_per_order),
    quantity_available: count(v.quantity_available) ?? null,
    show_quantity_remaining: v.show_quantity_remaining,
    hide_when_sold_out: v.hide_when_sold_out,
    hide_before_sale_start_date: v.hide_before_sale_start_date,
    hide_after_sale_end_date: v.hide_after_sale_end_date,
    is_hidden: v.is_hidden,
    is_hidden_without_promo_code: v.is_hidden_without_promo_code,
    is_paused: v.is_paused,
    tax_and_fee_ids: v.tax_and_fee_ids.map(Number),
    waitlist_enabled: fromWaitlistChoice(v.waitlist),
  };
}

/** The ticket as it is, as a request: for the quick changes of the list (pause, hide). */
export function requestOf(ticket: TicketResponse, change: Partial<TicketRequest>): TicketRequest {
  return {
    title: ticket.title,
    description: ticket.description,
    kind: ticket.kind,
    category_id: ticket.category_id,
    redeemable: ticket.redeemable,
    // Left out, an add-on would become a product sold on its own.
    addon: ticket.addon
      ? {
          ticket_ids: ticket.addon.ticket_ids,
          min_per_ticket: ticket.addon.min_per_ticket,
          max_per_ticket: ticket.addon.max_per_ticket,
        }
      : null,
    type: ticket.type,
    price: ticket.type === 'PAID' || ticket.type === 'DONATION' ? (ticket.price ?? undefined) : undefined,
    prices:
      ticket.type === 'TIERED'
        ? ticket.prices.map((tier) => ({
            id: tier.id,
            label: tier.label,
            price: tier.price,
            quantity_available: tier.quantity_available,
            sale_start_date: tier.sale_start_date,
            sale_end_date: tier.sale_end_date,
            is_hidden: tier.is_hidden,
          }))
        : undefined,
    sale_start_date: ticket.sale_start_date,
    sale_end_date: ticket.sale_end_date,
    min_per_order: ticket.min_per_order,
    max_per_order: ticket.max_per_order,
    quantity_available: ticket.quantity_available,
    show_quantity_remaining: ticket.show_quantity_remaining,
    hide_when_sold_out: ticket.hide_when_sold_out,
    hide_before_sale_start_date: ticket.hide_before_sale_start_date,
    hide_after_sale_end_date: ticket.hide_after_sale_end_date,
    is_hidden: ticket.is_hidden,
    is_hidden_without_promo_code: ticket.is_hidden_without_promo_code,
    is_paused: ticket.is_paused,
    tax_and_fee_ids: ticket.tax_and_fee_ids,
    // Left out, the ticket would fall back to the event's setting.
    waitlist_enabled: ticket.waitlist_enabled,
    ...change,
  };
}

/** A new item with the same fields as one of the list, named "… (copy)"; its tiers are new too. */
export function copyOf(ticket: TicketResponse, title: string): TicketRequest {
  const request = requestOf(ticket, { title });
  return { ...request, prices: request.prices?.map(({ id: _id, ...tier }) => tier) };
}
