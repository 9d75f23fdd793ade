/**
 * Money, the one module for it (decision 004). Every amount is an integer of the currency's minor
 * units: 2500 is €25.00 in EUR, ¥2,500 in JPY and 2.500 BHD in BHD. Organizers and buyers type
 * major units; these functions read what they typed, put a stored amount back into a field, and
 * show amounts in the interface language. None of them computes with floating point: a typed
 * amount is read as text and digits, and a stored one is written out as text before Intl shows it.
 *
 * The rules, the same for every form and the server:
 * - A currency's decimals are those Intl (CLDR) gives it: 2 for EUR, 0 for JPY, 3 for BHD.
 * - A typed amount is digits, then optionally a point or a comma and at most the currency's
 *   number of decimals ("25", "25.5", "25,50", "25."); spaces around it are ignored. Anything
 *   else (letters, a sign, an exponent, thousands separators, more decimals than the currency
 *   has) is not an amount: it is refused, never rounded, and reads as null, never NaN.
 * - Negative amounts are refused when typed: no form takes one. Showing and writing out an
 *   amount accepts them (discounts and refunds in a breakdown or an export).
 * - No amount is above MAX_MINOR: the price of a ticket or tier, a fixed tax or fee, a promo
 *   code's fixed discount, a donation and a refund are all capped there by their schemas, and a
 *   typed amount above it is refused as too large.
 */

/** The largest amount anything may cost or take off, in minor units (€1,000,000.00, ¥100,000,000). */
export const MAX_MINOR = 100_000_000;

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point of a currency: 2 for EUR, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** What is wrong with a typed amount: nothing typed, not an amount, or above MAX_MINOR. */
export type AmountProblem = 'empty' | 'not_an_amount' | 'too_large';

export type AmountReading = { minor: number; problem: null } | { minor: null; problem: AmountProblem };

const AMOUNT = /^(\d+)(?:[.,](\d*))?$/;
const MAX_LENGTH = String(MAX_MINOR).length;

/** A typed amount in major units ("25", "25,50") → its minor units, or why it cannot be used. */
export function readAmount(typed: string, currency: string): AmountReading {
  const text = typed.trim();
  if (text === '') return { minor: null, problem: 'empty' };
  const match = AMOUNT.exec(text);
  const digits = currencyDigits(currency);
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || fraction.length > digits) return { minor: null, problem: 'not_an_amount' };
  const minorText = (whole + fraction.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  if (minorText.length > MAX_LENGTH || Number(minorText) > MAX_MINOR) {
    return { minor: null, problem: 'too_large' };
  }
  return { minor: Number(minorText), problem: null };
}

/** "25.50" or "25,5" in EUR → 2550; null when nothing usable was typed (see readAmount). */
export function toMinor(typed: string, currency: string): number | null {
  return readAmount(typed, currency).minor;
}

/**
 * 150 in EUR → "1.50", 2500 in JPY → "2500", -150 → "-1.50": the exact amount as text, to put
 * back into a field or into a spreadsheet. Nothing (null) is an empty field.
 */
export function toMajorText(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** 2500 in EUR → "€25.00" (or "25,00 €" in German), exactly, in the given language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const exact = toMajorText(minor, currency) as `${number}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(exact);
}

/** "23.5" → "23.5 %" in the interface language (23,5 % in German), without rounding it. */
export function formatPercent(rate: string, locale: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: fraction.replace(/0+$/, '').length,
    maximumFractionDigits: 6,
  }).format(`${whole}.${fraction || '0'}` as `${number}`);
  return `${number} %`;
}
