import { currencyDigits, MAX_MINOR, readAmount, toMajorText } from '../../common/money';

/**
 * What AmountField reads from the text typed in it (decision 004: integer minor units only).
 * The form keeps the text as typed; the request gets `minor`, never a float. Messages for the
 * problems are AmountField's (`useAmountMessage`), so this module stays free of translations.
 */
export type AmountFieldReading =
  | { minor: number; problem: null }
  | { minor: null; problem: 'empty' | 'not_an_amount' | 'too_large' | 'not_positive' };

/**
 * "12.50" in EUR → 1250; "12.505" in EUR is not an amount (never rounded); above MAX_MINOR is
 * too large. With `positive`, zero is refused too (a refund gives something back).
 */
export function readAmountField(
  typed: string,
  currency: string,
  { positive = false }: { positive?: boolean } = {},
): AmountFieldReading {
  const reading = readAmount(typed, currency);
  if (reading.problem !== null) return reading;
  if (positive && reading.minor <= 0) return { minor: null, problem: 'not_positive' };
  return reading;
}

/** The text a field starts with for a stored amount in minor units (null: empty). */
export function amountText(minor: number | null | undefined, currency: string): string {
  return toMajorText(minor, currency);
}

/** The phone keyboard for the currency: with a decimal key unless it has no minor digits (JPY). */
export function amountInputMode(currency: string): 'decimal' | 'numeric' {
  return currencyDigits(currency) > 0 ? 'decimal' : 'numeric';
}

export { MAX_MINOR };
