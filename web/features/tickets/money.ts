/**
 * Prices are integer minor units of the event currency (2500 = 25.00 EUR, 2500 = ¥2,500).
 * The organizer types major units; these helpers convert both ways without floats.
 */

/** How many decimals the currency has: 2 for EUR, 0 for JPY, 3 for KWD. */
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

const AMOUNT = /^(\d+)(?:[.,](\d*))?$/;

/**
 * A typed amount in major units ("25", "25.5", "25,50") → minor units, or null when it is
 * empty, and NaN when it is not an amount in this currency (letters, too many decimals).
 */
export function toMinor(typed: string | number, currency: string): number | null {
  const text = String(typed).trim();
  if (text === '') return null;
  const match = AMOUNT.exec(text);
  if (!match) return Number.NaN;
  const digits = currencyDigits(currency);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return Number.NaN;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units → the amount as the organizer types it ("25.00", "2500" for JPY). */
export function toMajorText(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units → "€25.00" in the interface language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
}
