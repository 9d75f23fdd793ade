import { describe, expect, it } from 'vitest';
import type { PublicTicket } from '../../../common/public-tickets';
import {
  addonKey,
  addonMax,
  addonOrderLimits,
  addonOrderShortfalls,
  addonShortfalls,
  addonSlot,
  addonStep,
  seatsOf,
  standalone,
  withAddons,
} from './addons';
import { donationsOk, errorsByLine, lineKey, type Selection, toOrderRequest } from './selection';

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
  seated: false,
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

  it('stop at the add-on’s max per order, every attendee’s picks together', () => {
    const workshops = { ...seats, max_per_order: 4 };
    const selection: Selection = {
      [lineKey(1, null)]: { quantity: 2 },
      [lineKey(2, null)]: { quantity: 1 },
      [addonKey(workshops, price(null), seat(1))]: { quantity: 3 },
    };
    const second = { addon: workshops, price: price(null), ref: seat(2) };
    // Three per attendee, four per order: one left for the second attendee, and none for the third.
    expect(addonMax(selection, second)).toBe(1);
    const one = { ...selection, [addonKey(workshops, price(null), seat(2))]: { quantity: 1 } };
    expect(addonStep(one, second, 1)).toBe(1);
    expect(addonMax(one, { ...second, ref: seat(1, 2) })).toBe(0);
    // The first attendee keeps what they have, and may have no more.
    expect(addonMax(one, { ...second, ref: seat(1) })).toBe(3);
    expect(addonStep(one, { ...second, ref: seat(1) }, 1)).toBe(3);
    // Without it, only the max per ticket binds.
    expect(addonMax(selection, { ...second, addon: seats })).toBe(3);
    // A meal ticked for one attendee of two, one per order: none for the other.
    const oneMeal = { ...meal, max_per_order: 1 };
    const ticked = { ...selection, [addonKey(oneMeal, price(null), seat(1))]: { quantity: 1 } };
    expect(addonMax(ticked, { addon: oneMeal, price: price(null), ref: seat(2) })).toBe(0);
    expect(addonMax(ticked, { addon: oneMeal, price: price(null), ref: seat(1) })).toBe(1);
  });

  it('say where the limits per order bind, and which add-on the order has too few of', () => {
    const workshops = { ...seats, min_per_order: 2, max_per_order: 4 };
    const two = { [lineKey(1, null)]: { quantity: 2 } };
    expect(addonOrderLimits(two, list, workshops)).toEqual({ least: 2, most: 4 });
    // One attendee could have three: four per order does not bind.
    expect(addonOrderLimits({ [lineKey(1, null)]: { quantity: 1 } }, list, workshops)).toEqual({
      least: 2,
      most: null,
    });
    expect(addonOrderLimits(two, list, seats)).toEqual({ least: null, most: null });

    const tickets = [conference, workshop, workshops];
    // None is fine; one is too few, said on the first attendee who has some; two are enough.
    expect(addonOrderShortfalls(two, tickets)).toEqual({});
    const one = { ...two, [addonKey(workshops, price(null), seat(2))]: { quantity: 1 } };
    expect(addonOrderShortfalls(one, tickets)).toEqual({ [addonSlot(11, seat(2))]: 2 });
    const both = { ...one, [addonKey(workshops, price(null), seat(1))]: { quantity: 1 } };
    expect(addonOrderShortfalls(both, tickets)).toEqual({});
  });

  it('send a pay-what-you-want add-on at the amount typed, at least its minimum', () => {
    const trees = item(15, {
      kind: 'PRODUCT',
      title: 'Tree planting',
      type: 'DONATION',
      addon: rule([1], 0, 2),
      prices: [price(null, { price: 500, display_price: 500 })],
    });
    const tickets = [conference, trees];
    const key = addonKey(trees, trees.prices[0] ?? price(null), seat(1));
    const picked = { [lineKey(1, null)]: { quantity: 1 }, [key]: { quantity: 2, amount: null } };
    // No amount typed yet, or under the minimum: not to be sent.
    expect(donationsOk(picked, tickets)).toBe(false);
    expect(donationsOk({ ...picked, [key]: { quantity: 2, amount: 499 } }, tickets)).toBe(false);
    const typed = { ...picked, [key]: { quantity: 2, amount: 1250 } };
    expect(donationsOk(typed, tickets)).toBe(true);
    expect(toOrderRequest(typed, tickets, undefined).tickets[1]).toEqual({
      ticket_id: 15,
      quantity: 2,
      price: 1250,
      addon_for: { ticket_id: 1, seat: 1 },
    });
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
