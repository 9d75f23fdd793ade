import { describe, expect, it } from 'vitest';
import { currencyForLanguages } from './browser-defaults';

describe('currencyForLanguages', () => {
  it('takes the currency of the region of the first language that has one', () => {
    expect(currencyForLanguages(['pt-BR', 'en'])).toBe('BRL');
    expect(currencyForLanguages(['en-GB'])).toBe('GBP');
    expect(currencyForLanguages(['fr-CA'])).toBe('CAD');
    expect(currencyForLanguages(['de-AT'])).toBe('EUR');
  });

  it('fills in the likely region of a bare language', () => {
    expect(currencyForLanguages(['de'])).toBe('EUR');
    expect(currencyForLanguages(['zh'])).toBe('CNY');
    expect(currencyForLanguages(['ja'])).toBe('JPY');
  });

  it('falls back to USD', () => {
    expect(currencyForLanguages([])).toBe('USD');
    expect(currencyForLanguages(['not a tag'])).toBe('USD');
    expect(currencyForLanguages(['en'])).toBe('USD');
  });
});
