import { describe, expect, it } from 'vitest';
import type { PromoCodeResponse } from '../../../common/promo-codes';
import { initialValues, promoCodeState, promoLink, toRequest } from './form';

const event = { currency: 'EUR', timezone: 'Europe/Lisbon' };
const stored: PromoCodeResponse = {
  id: 4,
  code: 'EARLY',
  discount_type: 'FIXED',
  discount: '250',
  expiry_date: '2030-06-01T18:00:00.000Z',
  max_allowed_usages: 10,
  times_used: 3,
  times_reserved: 0,
  applicable_ticket_ids: [7, 9],
  created_at: '2030-01-01T00:00:00.000Z',
};

describe('the promo-code form', () => {
  it('turns what was typed into the request: minor units, the event’s clock, empty as unlimited', () => {
    expect(
      toRequest(
        {
          code: 'summer-15',
          discount_type: 'FIXED',
          discount: '2,50',
          expiry_date: '2030-06-01T19:00',
          max_allowed_usages: '',
          applicable_ticket_ids: ['7'],
        },
        event,
      ),
    ).toEqual({
      code: 'summer-15',
      discount_type: 'FIXED',
      discount: '250',
      expiry_date: '2030-06-01T18:00:00.000Z',
      max_allowed_usages: null,
      applicable_ticket_ids: [7],
    });
  });

  it('sends no discount for a code that only unlocks hidden tickets', () => {
    const request = toRequest(
      { ...initialValues(null, event), code: 'VIP', discount_type: 'NONE', discount: '5' },
      event,
    );
    expect(request).not.toHaveProperty('discount');
    expect(request.expiry_date).toBeNull();
  });

  it('puts a stored code back into the form', () => {
    expect(initialValues(stored, event)).toEqual({
      code: 'EARLY',
      discount_type: 'FIXED',
      discount: '2.50',
      expiry_date: '2030-06-01T19:00',
      max_allowed_usages: 10,
      applicable_ticket_ids: ['7', '9'],
    });
  });

  it('tells expired, used-up and held codes apart', () => {
    const before = new Date('2030-05-01T00:00:00Z').getTime();
    const after = new Date('2030-07-01T00:00:00Z').getTime();
    expect(promoCodeState(stored, before)).toBe('ACTIVE');
    expect(promoCodeState(stored, after)).toBe('EXPIRED');
    expect(promoCodeState({ ...stored, times_used: 10 }, before)).toBe('USED_UP');
    // The last uses taken by checkouts in progress: not usable now, maybe again later.
    expect(promoCodeState({ ...stored, times_used: 8, times_reserved: 2 }, before)).toBe('HELD');
    expect(promoCodeState({ ...stored, times_used: 8, times_reserved: 1 }, before)).toBe('ACTIVE');
    expect(promoCodeState({ ...stored, max_allowed_usages: null, expiry_date: null, times_used: 99 })).toBe(
      'ACTIVE',
    );
  });

  it('links to the public page with the code', () => {
    expect(promoLink('https://tickets.example', { id: 3, slug: 'jazz-night' }, 'SUMMER-15')).toBe(
      'https://tickets.example/event/3/jazz-night?promo_code=SUMMER-15',
    );
  });
});
