import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { businessRequest, countryOptions, initialBusiness, validateBusiness } from './business-form';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const saved = { company: null, company_address: null, vat_country: null, vat_id: null };
const filled = {
  business_invoice: true,
  company: ' Acme ',
  company_address: 'Rua 1',
  vat_country: 'PT',
  vat_id: 'PT 123',
};

describe('the business buyer’s fields', () => {
  it('start ticked where required or given before, unticked otherwise', () => {
    expect(initialBusiness({ ...saved, buyer_business: 'REQUIRED' }).business_invoice).toBe(true);
    expect(initialBusiness({ ...saved, buyer_business: 'OPTIONAL' }).business_invoice).toBe(false);
    expect(initialBusiness({ ...saved, buyer_business: 'OPTIONAL', company: 'Acme' })).toMatchObject({
      business_invoice: true,
      company: 'Acme',
      vat_id: '',
    });
    expect(initialBusiness({ ...saved, buyer_business: 'OFF', company: 'Acme' }).business_invoice).toBe(
      false,
    );
  });

  it('send nothing unticked, and the fields trimmed when ticked', () => {
    expect(businessRequest({ ...filled, business_invoice: false })).toEqual({});
    expect(businessRequest(filled)).toEqual({
      company: 'Acme',
      company_address: 'Rua 1',
      vat_country: 'PT',
      vat_id: 'PT 123',
    });
  });

  it('check as the server does: required fields, and the VAT number’s format, on their fields', () => {
    expect(validateBusiness({ ...filled, vat_id: 'PT 123 456 789' }, 'REQUIRED', i18n)).toEqual({});
    expect(validateBusiness(filled, 'REQUIRED', i18n)).toEqual({
      vat_id:
        "This is not a VAT number of the chosen country. Enter it in that country's format, such as PT123456789.",
    });
    expect(validateBusiness({ ...filled, company: '', vat_country: '' }, 'REQUIRED', i18n)).toEqual({
      company: 'This field is required.',
      vat_country: 'This field is required.',
    });
    // Unticked, or not asked: nothing to check.
    expect(validateBusiness({ ...filled, business_invoice: false }, 'OPTIONAL', i18n)).toEqual({});
    expect(validateBusiness(filled, 'OFF', i18n)).toEqual({});
  });

  it('name every country in the buyer’s language, in its alphabetical order', () => {
    const german = countryOptions('de');
    expect(german).toHaveLength(249);
    expect(german.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    const labels = german.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
  });
});
