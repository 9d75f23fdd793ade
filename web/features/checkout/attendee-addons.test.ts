import { describe, expect, it } from 'vitest';
import { type AddonLineFields, addonsByAttendee } from './attendee-addons';

const line = (id: number, more: Partial<AddonLineFields> = {}): AddonLineFields => ({
  title: `Line ${id}`,
  price_label: null,
  quantity: 1,
  addon_for: null,
  ...more,
});
const forSeat = (ticket_id: number, seat: number, more = {}) => ({
  ticket_id,
  price_id: null,
  seat,
  attendee_name: null,
  ...more,
});

describe('an order’s add-on lines (decision 052)', () => {
  const day = line(1, { title: 'Day pass', quantity: 2 });
  const conference = line(2, { title: 'Conference', quantity: 2 });
  const meal = line(10, { title: 'Meal', addon_for: forSeat(2, 1) });
  const seats = line(11, { title: 'Workshop seat', quantity: 3, addon_for: forSeat(2, 2) });
  const shirt = line(12, { title: 'T-shirt', price_label: 'M', addon_for: forSeat(2, 2) });

  it('list what each attendee to name has, in the order they are named', () => {
    const attendees = [
      { ticket_id: 1, price_id: null },
      { ticket_id: 1, price_id: null },
      { ticket_id: 2, price_id: null },
      { ticket_id: 2, price_id: null },
    ];
    expect(addonsByAttendee([day, conference, meal, seats, shirt], attendees)).toEqual([
      [],
      [],
      ['Meal'],
      ['3 × Workshop seat', 'T-shirt – M'],
    ]);
  });
});
