import { describe, expect, it } from 'vitest';
import type { PublicTicket } from '../../../common/public-tickets';
import {
  addonKey,
  addonMax,
  addonShortfalls,
  addonSlot,
  addonStep,
  seatsOf,
  standalone,
  withAddons,
} from './addons';
import { errorsByLine, lineKey, type Selection, toOrderRequest } from './selection';

const price = (price_id: number | null, more = {}) => ({
  price_id,
  label: price_id ? `Size ${price_id}` : null,
  price: 1500,
  discounted_price: 1500,
  fees: 0,
  taxes: 0,
  display_price: 1500,
  original_display_price: 1500,
  sale_state: 'ON_SALE' as const,
  ...more,
});
const item = (id: number, more: Partial<PublicTicket> = {}): PublicTicket => ({
  id,
  kind: 'TICKET',
  category_id: null,
  addon: null,
  title: `Item ${id}`,
  description: null,
  type: 'PAID',
  sale_state: 'ON_SALE',
  sale_start_date: null,
  sale_end_date: null,
  min_per_order: 1,
  max_per_order: 10,
  quantity_remaining: null,
  waitlist: false,
  prices: [price(null)],
  ...more,
});
const rule = (ticket_ids: number[], min_per_ticket = 0, max_per_ticket = 1) => ({
  ticket_ids,
  min_per_ticket,
  max_per_ticket,
});

const conference = item(1, { title: 'Conference' });
const workshop = item(2, { title: 'Workshop' });
const meal = item(10, { kind: 'PRODUCT', title: 'Meal', addon: rule([1]) });
const seats = item(11, { kind: 'PRODUCT', title: 'Seats', addon: rule([1, 2], 0, 3) });
const shirt = item(12, {
  kind: 'PRODUCT',
  title: 'T-shirt',
  type: 'TIERED',
  addon: rule([1]),
  prices: [price(21), price(22)],
});
const list = [conference, workshop, meal, seats, shirt];
const seat = (n: number, ticket_id = 1) => ({ ticket_id, price_id: null, seat: n });

describe('add-ons on the event page (decision 052)', () => {
  it('are never offered on their own', () => {
    expect(standalone(list).map((t) => t.id)).toEqual([1, 2]);
  });

  it('go with each picked unit, numbered as checkout numbers the attendees', () => {
    const selection = { [lineKey(1, null)]: { quantity: 2 }, [lineKey(2, null)]: { quantity: 1 } };
    expect(seatsOf(selection, list).map((s) => [s.ticket.id, s.ref.seat, s.attendee])).toEqual([
      [1, 1, 1],
      [1, 2, 2],
      [2, 1, 3],
    ]);
  });

  it('build one order line per add-on variant and attendee, after the tickets', () => {
    const selection: Selection = {
      [lineKey(1, null)]: { quantity: 2 },
      [addonKey(meal, price(null), seat(1))]: { quantity: 1 },
      [addonKey(meal, price(null), seat(2))]: { quantity: 0 },
      [addonKey(shirt, price(22), seat(2))]: { quantity: 1 },
      [addonKey(seats, price(null), seat(2))]: { quantity: 3 },
    };
    expect(toOrderRequest(selection, list, undefined)).toEqual({
      tickets: [
        { ticket_id: 1, quantity: 2 },
        { ticket_id: 10, quantity: 1, addon_for: { ticket_id: 1, seat: 1 } },
        { ticket_id: 11, quantity: 3, addon_for: { ticket_id: 1, seat: 2 } },
        { ticket_id: 12, price_id: 22, quantity: 1, addon_for: { ticket_id: 1, seat: 2 } },
      ],
    });
  });

  it('name the tier of a tiered ticket the add-on goes with', () => {
    const tiered = item(3, { type: 'TIERED', prices: [price(31), price(32)] });
    const bag = item(13, { kind: 'PRODUCT', addon: rule([3]) });
    const ref = { ticket_id: 3, price_id: 32, seat: 1 };
    const selection = {
      [lineKey(3, 32)]: { quantity: 1 },
      [addonKey(bag, price(null), ref)]: { quantity: 1 },
    };
    expect(toOrderRequest(selection, [tiered, bag], undefined).tickets[1]).toEqual({
      ticket_id: 13,
      quantity: 1,
      addon_for: { ticket_id: 3, price_id: 32, seat: 1 },
    });
  });

  it('drop the add-ons of attendees no longer picked', () => {
    const before: Selection = {
      [lineKey(1, null)]: { quantity: 2 },
      [addonKey(meal, price(null), seat(1))]: { quantity: 1 },
      [addonKey(meal, price(null), seat(2))]: { quantity: 1 },
    };
    const after = withAddons({ ...before, [lineKey(1, null)]: { quantity: 1 } }, list);
    expect(after).toEqual({
      [lineKey(1, null)]: { quantity: 1 },
      [addonKey(meal, price(null), seat(1))]: { quantity: 1 },
    });
    // Picked again, the second attendee starts without a meal.
    const again = withAddons({ ...after, [lineKey(1, null)]: { quantity: 2 } }, list);
    expect(again[addonKey(meal, price(null), seat(2))]).toBeUndefined();
  });

  it('start each new attendee at a single-priced add-on’s minimum, and keep them there', () => {
    const lunch = item(14, { kind: 'PRODUCT', addon: rule([2], 1, 2) });
    const picked = withAddons({ [lineKey(2, null)]: { quantity: 1 } }, [workshop, lunch]);
    const key = addonKey(lunch, price(null), seat(1, 2));
    expect(picked[key]).toEqual({ quantity: 1 });
    const target = { addon: lunch, price: price(null), ref: seat(1, 2) };
    expect(addonStep(picked, target, -1)).toBe(1);
    expect(addonStep(picked, target, 1)).toBe(2);
    expect(addonStep({ ...picked, [key]: { quantity: 2 } }, target, 1)).toBe(2);
  });

  it('count the variants together against the max per ticket, and stock across attendees', () => {
    const two = { ...shirt, addon: rule([1], 0, 2), quantity_remaining: 3 };
    const selection: Selection = {
      [lineKey(1, null)]: { quantity: 2 },
      [addonKey(two, price(21), seat(1))]: { quantity: 1 },
    };
    expect(addonMax(selection, { addon: two, price: price(22), ref: seat(1) })).toBe(1);
    expect(addonMax(selection, { addon: two, price: price(21), ref: seat(1) })).toBe(2);
    const most = { ...selection, [addonKey(two, price(21), seat(2))]: { quantity: 2 } };
    expect(addonMax(most, { addon: two, price: price(22), ref: seat(1) })).toBe(0);
    const gone = { ...two, sale_state: 'SOLD_OUT' as const };
    expect(addonMax(selection, { addon: gone, price: price(22), ref: seat(1) })).toBe(0);
  });

  it('tell which attendees miss a required add-on, a variant to choose included', () => {
    const required = { ...shirt, addon: rule([1], 1, 1) };
    const selection: Selection = {
      [lineKey(1, null)]: { quantity: 2 },
      [addonKey(required, price(21), seat(2))]: { quantity: 1 },
    };
    expect(addonShortfalls(selection, [conference, required])).toEqual({ [addonSlot(12, seat(1))]: 1 });
  });

  it('put the server’s reasons for an add-on line on its attendee', () => {
    const request = {
      tickets: [
        { ticket_id: 1, quantity: 2 },
        { ticket_id: 10, quantity: 1, addon_for: { ticket_id: 1, seat: 2 } },
      ],
    };
    expect(errorsByLine(request, { 'tickets.1.addon_for': ['No such attendee.'] })).toEqual({
      [addonSlot(10, seat(2))]: 'No such attendee.',
    });
  });
});
