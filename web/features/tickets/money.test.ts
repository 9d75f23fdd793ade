import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, toMajorText, toMinor } from './money';

describe('ticket money', () => {
  it('knows the decimals of a currency', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('turns typed major units into minor units without float errors', () => {
    expect(toMinor('25', 'EUR')).toBe(2500);
    expect(toMinor('19.99', 'EUR')).toBe(1999);
    expect(toMinor('0,5', 'EUR')).toBe(50);
    expect(toMinor(4.1, 'EUR')).toBe(410);
    expect(toMinor('2500', 'JPY')).toBe(2500);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(toMinor('', 'EUR')).toBeNull();
    expect(toMinor('2.505', 'EUR')).toBeNaN();
    expect(toMinor('25.5', 'JPY')).toBeNaN();
    expect(toMinor('-1', 'EUR')).toBeNaN();
    expect(toMinor('abc', 'EUR')).toBeNaN();
  });

  it('shows minor units back as typed amounts and as money', () => {
    expect(toMajorText(2500, 'EUR')).toBe('25.00');
    expect(toMajorText(5, 'EUR')).toBe('0.05');
    expect(toMajorText(2500, 'JPY')).toBe('2500');
    expect(toMajorText(null, 'EUR')).toBe('');
    expect(formatMoney(2500, 'EUR', 'en')).toBe('€25.00');
    expect(formatMoney(2500, 'JPY', 'en')).toBe('¥2,500');
  });
});
