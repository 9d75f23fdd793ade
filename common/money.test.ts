import { describe, expect, it } from 'vitest';
import { LOCALES } from './i18n/locales';
import {
  currencyDigits,
  formatMoney,
  formatPercent,
  MAX_MINOR,
  readAmount,
  toMajorText,
  toMinor,
} from './money';
import { OrderLineRequest } from './orders';
import { RefundOrderRequest } from './payments';
import { PromoCodeRequest } from './promo-codes';
import { TaxOrFeeRequest } from './taxes-fees';
import { TicketRequest } from './tickets';
import { currency as currencySchema } from './validators';

/** The currencies the currency select offers (web/components/choices.ts) and the API takes. */
const LISTED = Intl.supportedValuesOf('currency');

/** The ASCII digits of a text: what is left of "€1,234.56" or "1.234,56 €" once the marks go. */
const digitsOf = (text: string) => text.replace(/[^0-9]/g, '');

describe('currency digits', () => {
  it('are those of the currency: 2 for EUR and USD, 0 for JPY, 3 for BHD, KWD and the others', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
    for (const code of ['BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(currencyDigits(code)).toBe(3);
  });

  it('fall back to 2 for a code Intl cannot read, rather than throwing', () => {
    expect(currencyDigits('E')).toBe(2);
  });
});

describe('reading a typed amount', () => {
  it('turns major units with a point or a comma into minor units, without float errors', () => {
    expect(toMinor('25', 'EUR')).toBe(2500);
    expect(toMinor('19.99', 'EUR')).toBe(1999);
    expect(toMinor('4.1', 'EUR')).toBe(410);
    expect(toMinor('4.35', 'EUR')).toBe(435);
    expect(toMinor('1.50', 'EUR')).toBe(150);
    expect(toMinor('1,5', 'EUR')).toBe(150);
    expect(toMinor('0,5', 'EUR')).toBe(50);
    expect(toMinor('0.07', 'USD')).toBe(7);
    expect(toMinor('25.', 'EUR')).toBe(2500);
    expect(toMinor(' 12 ', 'EUR')).toBe(1200);
    expect(toMinor('0001.50', 'EUR')).toBe(150);
    expect(toMinor('2500', 'JPY')).toBe(2500);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(toMinor('0,005', 'BHD')).toBe(5);
  });

  it('gives null, never NaN, for what is not an amount, and says why', () => {
    expect(readAmount('', 'EUR')).toEqual({ minor: null, problem: 'empty' });
    expect(readAmount('   ', 'EUR')).toEqual({ minor: null, problem: 'empty' });
    for (const typed of [
      'abc',
      '-1',
      '+1',
      '1e3',
      '.5',
      '1,000.00',
      '1 000',
      '0x10',
      'NaN',
      'Infinity',
      '٣',
    ]) {
      expect(readAmount(typed, 'EUR'), typed).toEqual({ minor: null, problem: 'not_an_amount' });
      expect(toMinor(typed, 'EUR'), typed).toBeNull();
    }
  });

  it('refuses more decimals than the currency has instead of rounding them', () => {
    expect(readAmount('2.505', 'EUR').problem).toBe('not_an_amount');
    expect(readAmount('1.505', 'EUR').problem).toBe('not_an_amount');
    expect(readAmount('1.500', 'EUR').problem).toBe('not_an_amount');
    expect(readAmount('25.5', 'JPY').problem).toBe('not_an_amount');
    expect(readAmount('12,5', 'JPY').problem).toBe('not_an_amount');
    expect(readAmount('1.2345', 'BHD').problem).toBe('not_an_amount');
  });

  it('takes amounts up to MAX_MINOR and calls anything above it too large', () => {
    expect(toMinor('1000000', 'EUR')).toBe(MAX_MINOR);
    expect(toMinor('1000000.00', 'EUR')).toBe(MAX_MINOR);
    expect(readAmount('1000000.01', 'EUR')).toEqual({ minor: null, problem: 'too_large' });
    expect(toMinor('100000000', 'JPY')).toBe(MAX_MINOR);
    expect(readAmount('100000001', 'JPY').problem).toBe('too_large');
    expect(toMinor('100000', 'BHD')).toBe(MAX_MINOR);
    expect(readAmount('100000.001', 'BHD').problem).toBe('too_large');
    // Too many digits for a safe integer: still "too large", not a rounded number.
    expect(readAmount('99999999999999999999999', 'EUR').problem).toBe('too_large');
    expect(toMinor('000000000000000000001', 'EUR')).toBe(100);
  });
});

describe('writing an amount back', () => {
  it('gives the exact text of minor units in the currency’s decimals', () => {
    expect(toMajorText(2500, 'EUR')).toBe('25.00');
    expect(toMajorText(150, 'EUR')).toBe('1.50');
    expect(toMajorText(5, 'EUR')).toBe('0.05');
    expect(toMajorText(0, 'EUR')).toBe('0.00');
    expect(toMajorText(2500, 'JPY')).toBe('2500');
    expect(toMajorText(5, 'BHD')).toBe('0.005');
    expect(toMajorText(null, 'EUR')).toBe('');
    expect(toMajorText(undefined, 'EUR')).toBe('');
  });

  it('keeps the sign of a negative amount (a discount or a refund in an export)', () => {
    expect(toMajorText(-150, 'EUR')).toBe('-1.50');
    expect(toMajorText(-5, 'EUR')).toBe('-0.05');
    expect(toMajorText(-2500, 'JPY')).toBe('-2500');
  });
});

describe('showing money', () => {
  it('formats minor units in the interface language', () => {
    expect(formatMoney(2500, 'EUR', 'en')).toBe('€25.00');
    expect(formatMoney(150, 'EUR', 'en')).toBe('€1.50');
    expect(formatMoney(2500, 'JPY', 'en')).toBe('¥2,500');
    expect(formatMoney(150, 'EUR', 'de')).toBe('1,50\u00a0€');
    expect(formatMoney(1234567, 'BHD', 'en')).toBe('BHD\u00a01,234.567');
    expect(formatMoney(-150, 'EUR', 'en')).toBe('-€1.50');
  });

  it('shows what is stored exactly, even where dividing by 100 as a float would round', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR', 'en')).toBe('€90,071,992,547,409.91');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'BHD', 'en')).toBe('BHD\u00a09,007,199,254,740.991');
  });

  it('shows percentages as stored, in the interface language', () => {
    expect(formatPercent('23.5', 'en')).toBe('23.5 %');
    expect(formatPercent('23.5', 'de')).toBe('23,5 %');
    expect(formatPercent('15', 'en')).toBe('15 %');
    expect(formatPercent('12.50', 'en')).toBe('12.5 %');
    expect(formatPercent('7.125', 'fr')).toBe('7,125 %');
  });
});

describe('every currency we list', () => {
  const amounts = [0, 1, 5, 99, 100, 2500, 123_456, MAX_MINOR - 1, MAX_MINOR];

  it('is one the API takes, with 0, 2 or 3 decimals', () => {
    expect(LISTED.length).toBeGreaterThan(100);
    for (const code of LISTED) {
      expect(currencySchema().safeParse(code).success, code).toBe(true);
      expect([0, 2, 3], code).toContain(currencyDigits(code));
    }
  });

  it('reads back every amount it writes, with a point or a comma, up to the limit', () => {
    for (const code of LISTED) {
      for (const minor of amounts) {
        const text = toMajorText(minor, code);
        expect(toMinor(text, code), `${code} ${text}`).toBe(minor);
        expect(toMinor(text.replace('.', ','), code), `${code} ${text}`).toBe(minor);
      }
      expect(readAmount(toMajorText(MAX_MINOR + 1, code), code).problem, code).toBe('too_large');
    }
  });

  it('refuses one decimal more than the currency has, rather than rounding it', () => {
    for (const code of LISTED) {
      const text = toMajorText(150, code);
      const oneMore = currencyDigits(code) === 0 ? `${text}.5` : `${text}5`;
      expect(readAmount(oneMore, code).problem, `${code} ${oneMore}`).toBe('not_an_amount');
    }
  });

  it('shows every minor unit in every language: nothing is rounded away or added', () => {
    for (const code of LISTED) {
      for (const locale of LOCALES) {
        for (const minor of [1, 123_456, MAX_MINOR]) {
          const shown = formatMoney(minor, code, locale);
          expect(digitsOf(shown), `${code} ${locale} ${shown}`).toBe(digitsOf(toMajorText(minor, code)));
        }
      }
    }
  });
});

describe('the limit', () => {
  const tooLarge = MAX_MINOR + 1;
  const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
    schema.safeParse(v).success;

  it('is the one every schema holds amounts to', () => {
    const ticket = (price: number) => ({ title: 'Concert', type: 'PAID', price });
    expect(accepts(TicketRequest, ticket(MAX_MINOR))).toBe(true);
    expect(accepts(TicketRequest, ticket(tooLarge))).toBe(false);
    const tiered = (price: number) => ({
      title: 'Pass',
      type: 'TIERED',
      prices: [{ label: 'Early', price }],
    });
    expect(accepts(TicketRequest, tiered(MAX_MINOR))).toBe(true);
    expect(accepts(TicketRequest, tiered(tooLarge))).toBe(false);

    const fee = (rate: number) => ({ name: 'Fee', type: 'FEE', calculation_type: 'FIXED', rate });
    expect(accepts(TaxOrFeeRequest, fee(MAX_MINOR))).toBe(true);
    expect(accepts(TaxOrFeeRequest, fee(tooLarge))).toBe(false);

    const code = (discount: number) => ({ code: 'BIG', discount_type: 'FIXED', discount: String(discount) });
    expect(accepts(PromoCodeRequest, code(MAX_MINOR))).toBe(true);
    expect(accepts(PromoCodeRequest, code(tooLarge))).toBe(false);

    expect(accepts(OrderLineRequest, { ticket_id: 1, quantity: 1, price: MAX_MINOR })).toBe(true);
    expect(accepts(OrderLineRequest, { ticket_id: 1, quantity: 1, price: tooLarge })).toBe(false);
    expect(accepts(RefundOrderRequest, { amount: MAX_MINOR })).toBe(true);
    expect(accepts(RefundOrderRequest, { amount: tooLarge })).toBe(false);
  });
});
