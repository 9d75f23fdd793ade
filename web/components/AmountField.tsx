import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { formatMoney, MAX_MINOR } from '../../common/money';
import { amountInputMode, amountText, readAmountField } from './amount-value';

export type AmountFieldProps = Omit<TextInputProps, 'inputMode' | 'rightSection' | 'rightSectionWidth'> & {
  /** ISO code: its minor digits decide what may be typed, and it is shown at the field's end. */
  currency: string;
};

/**
 * A money input. It holds the amount as typed in major units ("12.50"); the form turns it into
 * integer minor units with `readAmountField` (or `toMinor`) for the request, never into a float.
 * Pass the text and error as for any Mantine input (`{...form.getInputProps(path)}`, or
 * `value`/`onChange`/`error`); `useAmountError` gives the error messages.
 */
export function AmountField({ currency, autoComplete = 'off', ...props }: AmountFieldProps) {
  return (
    <TextInput
      {...props}
      autoComplete={autoComplete}
      inputMode={amountInputMode(currency)}
      rightSection={
        <Text size="sm" c="gray.7" aria-hidden>
          {currency}
        </Text>
      }
      rightSectionWidth={52}
    />
  );
}

export interface AmountErrorOptions {
  /** The amount, in minor units, the message offers as an example ("such as 25.00"). */
  example: number;
  /** Refuse zero too. */
  positive?: boolean;
  /** Leave an empty field to the form's schema ("This field is required."). */
  allowEmpty?: boolean;
}

/**
 * The translated message for a typed amount that cannot be used, or null: "At most €1,000,000.00."
 * when too large, "Enter an amount such as 25.00." for anything else that is not an amount.
 */
export function useAmountError(): (
  typed: string,
  currency: string,
  options: AmountErrorOptions,
) => string | null {
  const { t, i18n } = useLingui();
  return (typed, currency, { example: exampleMinor, positive = false, allowEmpty = false }) => {
    const { problem } = readAmountField(typed, currency, { positive });
    if (problem === null || (problem === 'empty' && allowEmpty)) return null;
    if (problem === 'too_large') {
      const maximum = formatMoney(MAX_MINOR, currency, i18n.locale);
      return t`At most ${maximum}.`;
    }
    const example = amountText(exampleMinor, currency);
    return t`Enter an amount such as ${example}.`;
  };
}
