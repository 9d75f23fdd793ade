import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, formatPercent, toMajorText, toMinorUnits } from './money';

describe('amounts typed by organizers', () => {
  it('reads major units with a point or a comma into minor units', () => {
    expect(toMinorUnits('1.50', 'EUR')).toBe(150);
    expect(toMinorUnits('1,5', 'EUR')).toBe(150);
    expect(toMinorUnits(' 12 ', 'EUR')).toBe(1200);
    expect(toMinorUnits('0.07', 'USD')).toBe(7);
    expect(toMinorUnits('2500', 'JPY')).toBe(2500);
  });

  it('refuses what is not a plain amount in the currency', () => {
    expect(toMinorUnits('', 'EUR')).toBeNull();
    expect(toMinorUnits('1.505', 'EUR')).toBeNull();
    expect(toMinorUnits('-1', 'EUR')).toBeNull();
    expect(toMinorUnits('1e3', 'EUR')).toBeNull();
    expect(toMinorUnits('12.5', 'JPY')).toBeNull();
  });

  it('gives stored amounts back as text and as money', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(toMajorText(150, 'EUR')).toBe('1.50');
    expect(toMajorText(5, 'EUR')).toBe('0.05');
    expect(toMajorText(2500, 'JPY')).toBe('2500');
    expect(formatMoney(150, 'EUR', 'en')).toBe('€1.50');
    expect(formatMoney(2500, 'JPY', 'en')).toBe('¥2,500');
  });

  it('shows percentages as stored, in the interface language', () => {
    expect(formatPercent('23.5', 'en')).toBe('23.5 %');
    expect(formatPercent('23.5', 'de')).toBe('23,5 %');
    expect(formatPercent('15', 'en')).toBe('15 %');
    expect(formatPercent('12.50', 'en')).toBe('12.5 %');
  });
});
