/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY, 3 for BHD). */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * Minor units (integer cents) as money in a locale, for display only: the amount is exact in
 * minor units everywhere else.
 */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
}

/** 150 in EUR → "1.50": exact decimal text of an amount, for forms and spreadsheets. */
export function toMajorText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "23.5" → "23.5 %" in the interface language (23,5 % in German), without rounding it. */
export function formatPercent(rate: string, locale: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: fraction.replace(/0+$/, '').length,
    maximumFractionDigits: 6,
  }).format(Number(`${whole}.${fraction || '0'}`));
  return `${number} %`;
}
