import { describe, expect, it } from 'vitest';
import { toSellerRequest, toSellerValues } from './invoice-seller';

describe('an event’s own seller in the settings form', () => {
  it('is nothing until ticked, and goes back and forth unchanged once given', () => {
    expect(toSellerValues(null)).toMatchObject({ on: false, legal_name: '', own_sequence: false });
    expect(toSellerRequest({ ...toSellerValues(null), legal_name: 'Kept while unticked' })).toBeNull();
    const seller = {
      legal_name: 'Festival do Rio',
      address: 'Cais 2\nPorto',
      tax_id: null,
      prefix: 'FEST-',
      own_sequence: true,
      payment_terms_days: 30,
      notes: null,
      footer: 'Festival do Rio, Porto',
    };
    expect(toSellerRequest(toSellerValues(seller))).toEqual(seller);
    expect(toSellerRequest({ ...toSellerValues(seller), tax_id: '  ' })?.tax_id).toBeNull();
    // Terms left empty are the account's.
    expect(
      toSellerRequest({ ...toSellerValues(seller), payment_terms_days: '' })?.payment_terms_days,
    ).toBeNull();
  });
});
