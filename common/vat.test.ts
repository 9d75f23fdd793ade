import { describe, expect, it } from 'vitest';
import { checkBusinessBuyer, NO_BUSINESS } from './business-buyer';
import { COUNTRY_CODES, countryName, isCountry } from './countries';
import { hasVatFormat, normalizeVat, VAT_COUNTRIES, vatExample } from './vat';

/** Per country: numbers of the right shape (as typed, and normalised), and of the wrong one. */
const CASES: Record<string, { valid: [typed: string, normal: string][]; invalid: string[] }> = {
  AT: {
    valid: [
      ['ATU12345678', 'ATU12345678'],
      ['u 1234 5678', 'ATU12345678'],
    ],
    invalid: ['AT12345678', 'ATU1234567'],
  },
  BE: {
    valid: [
      ['BE0123.456.789', 'BE0123456789'],
      ['1234567890', 'BE1234567890'],
    ],
    invalid: ['BE2123456789', 'BE123456789'],
  },
  BG: {
    valid: [
      ['BG123456789', 'BG123456789'],
      ['1234567890', 'BG1234567890'],
    ],
    invalid: ['BG12345678', 'BG12345678901'],
  },
  CY: { valid: [['CY12345678L', 'CY12345678L']], invalid: ['CY123456789', 'CYL12345678'] },
  CZ: {
    valid: [
      ['CZ12345678', 'CZ12345678'],
      ['CZ1234567890', 'CZ1234567890'],
    ],
    invalid: ['CZ1234567', 'CZ12345678901'],
  },
  DE: {
    valid: [
      ['DE 123 456 789', 'DE123456789'],
      ['de123456789', 'DE123456789'],
    ],
    invalid: ['DE12345678', 'DE1234567890', 'DEA23456789'],
  },
  DK: { valid: [['DK12 34 56 78', 'DK12345678']], invalid: ['DK123456789'] },
  EE: { valid: [['EE100123456', 'EE100123456']], invalid: ['EE10012345'] },
  ES: {
    valid: [
      ['ESB12345678', 'ESB12345678'],
      ['ES12345678Z', 'ES12345678Z'],
      ['X1234567L', 'ESX1234567L'],
    ],
    invalid: ['ES123456789', 'ESB1234567', 'ES1234567AB'],
  },
  FI: { valid: [['FI12345678', 'FI12345678']], invalid: ['FI1234567'] },
  FR: {
    valid: [
      ['FR 40 303 265 045', 'FR40303265045'],
      ['FRAB123456789', 'FRAB123456789'],
      ['FR1A123456789', 'FR1A123456789'],
    ],
    invalid: ['FR1234567890', 'FRIO123456789', 'FR123456789012'],
  },
  GR: {
    valid: [
      ['EL123456789', 'EL123456789'],
      ['GR123456789', 'EL123456789'],
      ['123456789', 'EL123456789'],
    ],
    invalid: ['EL12345678'],
  },
  HR: { valid: [['HR12345678901', 'HR12345678901']], invalid: ['HR1234567890'] },
  HU: { valid: [['HU12345678', 'HU12345678']], invalid: ['HU123456789'] },
  IE: {
    valid: [
      ['IE1234567T', 'IE1234567T'],
      ['IE1234567FA', 'IE1234567FA'],
      ['IE1A23456T', 'IE1A23456T'],
      ['IE1+23456T', 'IE1+23456T'],
    ],
    invalid: ['IE12345678', 'IE1234567', 'IEA234567T'],
  },
  IT: { valid: [['IT12345678901', 'IT12345678901']], invalid: ['IT1234567890', 'IT123456789012'] },
  LT: {
    valid: [
      ['LT123456789', 'LT123456789'],
      ['LT123456789012', 'LT123456789012'],
    ],
    invalid: ['LT1234567890'],
  },
  LU: { valid: [['LU12345678', 'LU12345678']], invalid: ['LU1234567'] },
  LV: { valid: [['LV12345678901', 'LV12345678901']], invalid: ['LV1234567890'] },
  MT: { valid: [['MT12345678', 'MT12345678']], invalid: ['MT123456789'] },
  NL: {
    valid: [
      ['NL123456789B01', 'NL123456789B01'],
      ['nl 1234.56.789.b.01', 'NL123456789B01'],
    ],
    invalid: ['NL123456789', 'NL123456789A01'],
  },
  PL: { valid: [['PL123-456-78-90', 'PL1234567890']], invalid: ['PL123456789'] },
  PT: { valid: [['PT 123 456 789', 'PT123456789']], invalid: ['PT12345678', 'PT1234567890'] },
  RO: {
    valid: [
      ['RO12', 'RO12'],
      ['RO1234567890', 'RO1234567890'],
    ],
    invalid: ['RO1', 'RO0123', 'RO12345678901'],
  },
  SE: { valid: [['SE123456789001', 'SE123456789001']], invalid: ['SE123456789002', 'SE12345678901'] },
  SI: { valid: [['SI12345678', 'SI12345678']], invalid: ['SI123456789'] },
  SK: { valid: [['SK1234567890', 'SK1234567890']], invalid: ['SK123456789'] },
  GB: {
    valid: [
      ['GB123 4567 89', 'GB123456789'],
      ['GB123456789012', 'GB123456789012'],
      ['GBGD001', 'GBGD001'],
      ['GBHA599', 'GBHA599'],
    ],
    invalid: ['GB12345678', 'GBGD500', 'GBHA499', 'GB1234567890'],
  },
  CH: {
    valid: [
      ['CHE-123.456.789 MWST', 'CHE123456789'],
      ['CHE123456789', 'CHE123456789'],
      ['CHE-123.456.789 TVA', 'CHE123456789'],
      ['123456789 IVA', 'CHE123456789'],
    ],
    invalid: ['CHE12345678', 'CHE-123.456.789 VAT'],
  },
  NO: {
    valid: [
      ['NO 123 456 789 MVA', 'NO123456789MVA'],
      ['NO123456789', 'NO123456789MVA'],
    ],
    invalid: ['NO12345678MVA', 'NO123456789VAT'],
  },
};

describe('VAT number formats', () => {
  it('know the 27 member states, the United Kingdom, Switzerland and Norway', () => {
    expect([...VAT_COUNTRIES].sort()).toEqual(Object.keys(CASES).sort());
    expect(VAT_COUNTRIES).toHaveLength(30);
  });

  for (const [country, { valid, invalid }] of Object.entries(CASES)) {
    it(`${country}: the country's shape, normalised with its prefix`, () => {
      for (const [typed, normal] of valid) expect(normalizeVat(country, typed), typed).toBe(normal);
      for (const typed of invalid) expect(normalizeVat(country, typed), typed).toBeNull();
      // Each example is a number of its own country's format, and no other's.
      const example = vatExample(country) ?? '';
      expect(normalizeVat(country, example)).toBe(example);
    });
  }

  it("refuse another country's number, and an empty one", () => {
    expect(normalizeVat('DE', 'FR40303265045')).toBeNull();
    expect(normalizeVat('PT', 'ES123456789')).toBeNull();
    expect(normalizeVat('DE', '')).toBeNull();
    expect(normalizeVat('DE', ' - ')).toBeNull();
  });

  it('take 2 to 20 letters and digits from a country whose format is not known here', () => {
    expect(hasVatFormat('US')).toBe(false);
    expect(vatExample('US')).toBeNull();
    expect(normalizeVat('US', '12-3456789')).toBe('123456789');
    expect(normalizeVat('US', 'X')).toBeNull();
    expect(normalizeVat('US', '12#456')).toBeNull();
    expect(normalizeVat('US', '1'.repeat(21))).toBeNull();
  });
});

describe('countries', () => {
  it('list the 249 codes of ISO 3166-1, each named', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountry('DE')).toBe(true);
    expect(isCountry('de')).toBe(false);
    expect(isCountry('EU')).toBe(false);
    expect(isCountry('EL')).toBe(false);
    for (const code of VAT_COUNTRIES) expect(isCountry(code), code).toBe(true);
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('GR', 'en')).toBe('Greece');
  });
});

describe('a business buyer', () => {
  const full = {
    company: ' Acme GmbH ',
    company_address: 'Hauptstraße 1\n10115 Berlin',
    vat_country: 'DE',
    vat_id: 'de 123 456 789',
  };
  const fields = (result: ReturnType<typeof checkBusinessBuyer>) =>
    Object.fromEntries(Object.entries(result.problems).map(([field, m]) => [field, m.id]));

  it('keeps nothing when the seller asks nothing', () => {
    expect(checkBusinessBuyer('OFF', full)).toEqual({ value: NO_BUSINESS, problems: {} });
  });

  it('needs all four when required, and keeps them trimmed with the VAT number normalised', () => {
    expect(fields(checkBusinessBuyer('REQUIRED', {}))).toEqual({
      company: 'validation.required',
      company_address: 'validation.required',
      vat_country: 'validation.required',
      vat_id: 'validation.required',
    });
    expect(checkBusinessBuyer('REQUIRED', full)).toEqual({
      value: { ...full, company: 'Acme GmbH', vat_id: 'DE123456789' },
      problems: {},
    });
  });

  it('needs nothing when optional, but a company for any detail and a country for a VAT number', () => {
    expect(checkBusinessBuyer('OPTIONAL', { company: ' ', vat_id: '' })).toEqual({
      value: NO_BUSINESS,
      problems: {},
    });
    expect(fields(checkBusinessBuyer('OPTIONAL', { vat_id: 'DE123456789' }))).toEqual({
      company: 'validation.required',
      vat_country: 'validation.required',
    });
    expect(checkBusinessBuyer('OPTIONAL', { company: 'Acme' }).problems).toEqual({});
  });

  it("refuses a VAT number not of its country's format, saying what one looks like", () => {
    const result = checkBusinessBuyer('OPTIONAL', { ...full, vat_country: 'PT', vat_id: 'PT12345' });
    expect(result.problems.vat_id).toMatchObject({
      id: 'validation.vat_number_format',
      values: { example: 'PT123456789' },
    });
    expect(fields(checkBusinessBuyer('OPTIONAL', { ...full, vat_country: 'US', vat_id: '#' }))).toEqual({
      vat_id: 'validation.tax_number_format',
    });
    expect(fields(checkBusinessBuyer('REQUIRED', { ...full, vat_country: 'XX' }))).toEqual({
      vat_country: 'validation.invalid_country',
    });
  });
});
