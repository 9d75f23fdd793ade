import { describe, expect, it } from 'vitest';
import { MAX_MINOR } from '../../common/money';
import { amountInputMode, amountText, readAmountField } from './amount-value';

describe('readAmountField', () => {
  it('reads major units into integer minor units', () => {
    expect(readAmountField('12.50', 'EUR')).toEqual({ minor: 1250, problem: null });
    expect(readAmountField('12,5', 'EUR')).toEqual({ minor: 1250, problem: null });
    expect(readAmountField(' 12 ', 'EUR')).toEqual({ minor: 1200, problem: null });
    expect(readAmountField('2500', 'JPY')).toEqual({ minor: 2500, problem: null });
    expect(readAmountField('1.234', 'BHD')).toEqual({ minor: 1234, problem: null });
    expect(Number.isInteger(readAmountField('0.29', 'EUR').minor)).toBe(true);
    expect(readAmountField('0.29', 'EUR').minor).toBe(29);
  });

  it('refuses more decimals than the currency has, never rounding', () => {
    expect(readAmountField('12.505', 'EUR')).toEqual({ minor: null, problem: 'not_an_amount' });
    expect(readAmountField('12.5', 'JPY')).toEqual({ minor: null, problem: 'not_an_amount' });
  });

  it('says what else is wrong', () => {
    expect(readAmountField('', 'EUR').problem).toBe('empty');
    expect(readAmountField('-1', 'EUR').problem).toBe('not_an_amount');
    expect(readAmountField('1e3', 'EUR').problem).toBe('not_an_amount');
    expect(readAmountField('1,000.00', 'EUR').problem).toBe('not_an_amount');
    expect(readAmountField(amountText(MAX_MINOR + 1, 'EUR'), 'EUR').problem).toBe('too_large');
    expect(readAmountField(amountText(MAX_MINOR, 'EUR'), 'EUR')).toEqual({ minor: MAX_MINOR, problem: null });
  });

  it('refuses zero only when the amount must be positive', () => {
    expect(readAmountField('0', 'EUR')).toEqual({ minor: 0, problem: null });
    expect(readAmountField('0.00', 'EUR', { positive: true }).problem).toBe('not_positive');
  });
});

describe('amountText and amountInputMode', () => {
  it('puts a stored amount back as typed text, exactly', () => {
    expect(amountText(1250, 'EUR')).toBe('12.50');
    expect(amountText(2500, 'JPY')).toBe('2500');
    expect(amountText(null, 'EUR')).toBe('');
  });

  it('offers a decimal key only to currencies with minor digits', () => {
    expect(amountInputMode('EUR')).toBe('decimal');
    expect(amountInputMode('JPY')).toBe('numeric');
  });
});
