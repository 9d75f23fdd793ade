import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatMoney, MAX_MINOR, readAmount, toMajorText, toMinor } from '../../../common/money';
import { Text, TextInput } from '../../ui';
import type { PublicTicket, PublicTicketPrice } from './api';
import { QuantityStepper } from './QuantityStepper';
import { canBuy, donationProblem, lineKey, lineMax, type Pick, type Selection, step } from './selection';

interface Props {
  ticket: PublicTicket;
  price: PublicTicketPrice;
  currency: string;
  selection: Selection;
  onChange: (key: string, pick: Pick) => void;
  /** The server's reason this line could not be reserved (422), already translated. */
  serverError?: string | undefined;
  /** Show the donation amount's problems (after a first try to check out). */
  showProblems: boolean;
}

/** The quantity (and a donation's amount) of one line: a ticket, or one tier of it. */
export function LinePicker({
  ticket,
  price,
  currency,
  selection,
  onChange,
  serverError,
  showProblems,
}: Props) {
  const { t, i18n } = useLingui();
  const key = lineKey(ticket.id, price.price_id);
  const pick = selection[key] ?? { quantity: 0 };
  const [typed, setTyped] = useState('');
  if (!canBuy(ticket, price)) return null;
  const label = price.label ? `${ticket.title} – ${price.label}` : ticket.title;
  const errorId = `line-${key.replace(':', '-')}-error`;
  const problem = showProblems && ticket.type === 'DONATION' ? donationProblem(pick, price) : null;
  const minimum = formatMoney(price.price, currency, i18n.locale);
  const maximum = formatMoney(MAX_MINOR, currency, i18n.locale);
  const missing = () =>
    readAmount(typed, currency).problem === 'too_large' ? t`At most ${maximum}.` : t`Enter an amount.`;
  const amountError =
    problem === 'missing' ? missing() : problem === 'too_low' ? t`At least ${minimum}.` : undefined;
  return (
    <div className="line-picker" data-testid="line-picker">
      <QuantityStepper
        label={label}
        value={pick.quantity}
        canIncrease={lineMax(selection, ticket, price) > pick.quantity}
        onStep={(direction) =>
          onChange(key, { ...pick, quantity: step(selection, { ticket, price }, direction) })
        }
        error={Boolean(serverError)}
        describedBy={serverError ? errorId : undefined}
      />
      {ticket.type === 'DONATION' && pick.quantity > 0 ? (
        <TextInput
          label={
            ticket.kind === 'PRODUCT'
              ? t`Your amount per item (${currency})`
              : t`Your amount per ticket (${currency})`
          }
          description={price.price > 0 ? t`At least ${minimum}` : undefined}
          inputMode="decimal"
          style={{ width: 200 }}
          value={typed}
          error={amountError}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setTyped(text);
            onChange(key, { ...pick, amount: toMinor(text, currency) });
          }}
          placeholder={toMajorText(price.price, currency)}
        />
      ) : null}
      {serverError ? (
        <Text id={errorId} size="sm" tone="error" role="alert">
          {serverError}
        </Text>
      ) : null}
      {ticket.min_per_order > 1 && pick.quantity === 0 ? (
        <Text size="xs" tone="muted">
          <Trans>At least {ticket.min_per_order} per order</Trans>
        </Text>
      ) : null}
    </div>
  );
}
