import { describe, expect, it } from 'vitest';
import type { TicketResponse } from '../../../common/tickets';
import { addonTicketTitles } from './addon';
import {
  addonValues,
  copyOf,
  newTicketValues,
  requestOf,
  type TicketValues,
  ticketValues,
  toAddonRule,
  toTicketRequest,
} from './form';

const context = { currency: 'EUR', timezone: 'Europe/Lisbon' };

/** Only what the form and the list read; the rest does not matter here. */
const item = (id: number, extra: Partial<TicketResponse> = {}): TicketResponse =>
  ({
    id,
    event_id: 1,
    kind: 'TICKET',
    category_id: null,
    redeemable: false,
    addon: null,
    title: `Item ${id}`,
    description: null,
    type: 'PAID',
    price: 1500,
    prices: [],
    sale_start_date: null,
    sale_end_date: null,
    min_per_order: 1,
    max_per_order: 10,
    quantity_available: null,
    show_quantity_remaining: false,
    hide_when_sold_out: false,
    hide_before_sale_start_date: false,
    hide_after_sale_end_date: false,
    is_hidden: false,
    is_hidden_without_promo_code: false,
    is_paused: false,
    waitlist_enabled: null,
    tax_and_fee_ids: [],
    ...extra,
  }) as unknown as TicketResponse;

const lunchRule = { ticket_ids: [2, 1], min_per_ticket: 0, max_per_ticket: 1 };
const meal = item(9, { kind: 'PRODUCT', title: 'Lunch', addon: lunchRule });

describe('the add-on fields of the form', () => {
  it('start off for a new product, with 0 to 1 per ticket ready', () => {
    const values = newTicketValues('PRODUCT', []);
    expect(values.addon).toEqual({ enabled: false, ticket_ids: [], min_per_ticket: 0, max_per_ticket: 1 });
    expect(toTicketRequest(values, context).addon).toBeNull();
  });

  it('load a product’s rule and send it back unchanged', () => {
    const values = ticketValues(meal, context);
    expect(values.addon).toEqual({
      enabled: true,
      ticket_ids: ['2', '1'],
      min_per_ticket: 0,
      max_per_ticket: 1,
    });
    expect(toTicketRequest(values, context).addon).toEqual({
      ticket_ids: [2, 1],
      min_per_ticket: 0,
      max_per_ticket: 1,
    });
  });

  it('send null when the switch is off, and keep the choices for when it is on again', () => {
    const values: TicketValues = {
      ...ticketValues(meal, context),
      addon: { ...addonValues(meal.addon), enabled: false },
    };
    expect(toTicketRequest(values, context).addon).toBeNull();
    expect(values.addon.ticket_ids).toEqual(['2', '1']);
  });

  it('send null for a ticket, whatever the fields hold', () => {
    const addon = { enabled: true, ticket_ids: ['1'], min_per_ticket: 1, max_per_ticket: 2 };
    expect(toAddonRule({ kind: 'TICKET', addon })).toBeNull();
    expect(toAddonRule({ kind: 'PRODUCT', addon })).toEqual({
      ticket_ids: [1],
      min_per_ticket: 1,
      max_per_ticket: 2,
    });
  });

  it('leave an emptied count out, so the default applies', () => {
    const addon = { enabled: true, ticket_ids: ['1'], min_per_ticket: '', max_per_ticket: 3 };
    expect(toAddonRule({ kind: 'PRODUCT', addon })).toEqual({
      ticket_ids: [1],
      min_per_ticket: undefined,
      max_per_ticket: 3,
    });
  });

  it('read an answer without the field as no rule', () => {
    const { addon: _addon, ...old } = meal;
    expect(addonValues((old as TicketResponse).addon).enabled).toBe(false);
  });
});

describe('the list’s quick changes and duplicates', () => {
  it('keep the rule: left out, the product would be sold on its own', () => {
    expect(requestOf(meal, { is_paused: true })).toMatchObject({
      is_paused: true,
      addon: { ticket_ids: [2, 1], min_per_ticket: 0, max_per_ticket: 1 },
    });
    expect(copyOf(meal, 'Lunch (copy)')).toMatchObject({
      title: 'Lunch (copy)',
      addon: { ticket_ids: [2, 1], min_per_ticket: 0, max_per_ticket: 1 },
    });
    expect(requestOf(item(1), {}).addon).toBeNull();
  });
});

describe('the add-on line of the products list', () => {
  const items = [item(1, { title: 'Conference' }), item(2, { title: 'Workshop' }), meal];

  it('names the tickets in the event’s order, leaving out those it no longer has', () => {
    expect(addonTicketTitles(lunchRule, items)).toEqual(['Conference', 'Workshop']);
    expect(addonTicketTitles({ ticket_ids: [7, 2], min_per_ticket: 0, max_per_ticket: 1 }, items)).toEqual([
      'Workshop',
    ]);
  });
});
