/**
 * Amounts typed by organizers in major units ("1.50", "1,50") and kept as integer minor units
 * (150), in the currency's own number of decimals (JPY has none). No floating point: the text
 * is split at the decimal mark and read as integers.
 */

/** How many decimals the currency has (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

const AMOUNT = /^(\d{1,9})(?:[.,](\d*))?$/;

/** "1.50" or "1,50" in EUR → 150; null when it is not a plain amount or has too many decimals. */
export function toMinorUnits(text: string, currency: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const digits = currencyDigits(currency);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole + fraction.padEnd(digits, '0'));
}

/** 150 in EUR → "1.50", for putting a stored amount back into a text field. */
export { toMajorText } from '../../../common/money';

/** 150 in EUR → "€1.50" (or "1,50 €"), in the interface language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
}

/** "23.5" → "23.5 %" in the interface language. */
export { formatPercent } from '../../../common/money';
