import { describe, expect, it } from 'vitest';
import { addonLabel, addonsOfAttendee } from './addons';

const line = (title: string, extra: object = {}) => ({
  title,
  price_label: null,
  quantity: 1,
  addon_for: null as null | { attendee_number: number | null },
  ...extra,
});

describe('add-ons on a ticket', () => {
  it('name the line, its variant and how many', () => {
    expect(addonLabel(line('Lunch'))).toBe('Lunch');
    expect(addonLabel(line('Workshop seat', { price_label: 'Morning', quantity: 2 }))).toBe(
      '2 × Workshop seat – Morning',
    );
  });

  it('go to the attendee their line numbers, and to no one else', () => {
    const items = [
      line('Conference', { quantity: 2 }),
      line('Lunch', { addon_for: { attendee_number: 2 } }),
      line('T-shirt', { price_label: 'M' }),
    ];
    const order = { items } as unknown as Parameters<typeof addonsOfAttendee>[0];
    expect(addonsOfAttendee(order, 0)).toEqual([]);
    expect(addonsOfAttendee(order, 1)).toEqual(['Lunch']);
  });
});
