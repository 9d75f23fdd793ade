import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatMoney, MAX_MINOR, readAmount, toMajorText, toMinor } from '../../../common/money';
import { TextInput } from '../../ui';
import type { PublicTicketPrice } from './api';
import { donationProblem, type Pick } from './selection';

interface Props {
  /** What the field asks for: "Your amount per ticket (EUR)". */
  label: string;
  price: PublicTicketPrice;
  currency: string;
  pick: Pick;
  /** The amount per unit as typed, in minor units; null while it is no amount. */
  onAmount: (amount: number | null) => void;
  /** Show the amount's problems (after a first try to check out). */
  showProblems: boolean;
}

/**
 * A pay-what-you-want amount per unit (a DONATION ticket, product or add-on): at least the
 * minimum, in the event's currency, kept in the pick as integer minor units.
 */
export function DonationAmount({ label, price, currency, pick, onAmount, showProblems }: Props) {
  const { t, i18n } = useLingui();
  // What was typed, as typed; an amount already chosen (the field shown again) as its text.
  const [typed, setTyped] = useState(() => (pick.amount == null ? '' : toMajorText(pick.amount, currency)));
  const problem = showProblems ? donationProblem(pick, price) : null;
  const minimum = formatMoney(price.price, currency, i18n.locale);
  const maximum = formatMoney(MAX_MINOR, currency, i18n.locale);
  const missing = () =>
    readAmount(typed, currency).problem === 'too_large' ? t`At most ${maximum}.` : t`Enter an amount.`;
  const error =
    problem === 'missing' ? missing() : problem === 'too_low' ? t`At least ${minimum}.` : undefined;
  return (
    <TextInput
      label={label}
      description={price.price > 0 ? t`At least ${minimum}` : undefined}
      inputMode="decimal"
      style={{ width: 200 }}
      value={typed}
      error={error}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setTyped(text);
        onAmount(toMinor(text, currency));
      }}
      placeholder={toMajorText(price.price, currency)}
    />
  );
}
