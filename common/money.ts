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
