import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '../../ui';
import type { PublicTicket, PublicTicketPrice } from './api';
import { DonationAmount } from './DonationAmount';
import { QuantityStepper } from './QuantityStepper';
import { canBuy, lineKey, lineMax, type Pick, type Selection, step } from './selection';

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
  const { t } = useLingui();
  const key = lineKey(ticket.id, price.price_id);
  const pick = selection[key] ?? { quantity: 0 };
  // A seated ticket is bought by its seats, on the plan above (issue 42).
  if (!canBuy(ticket, price) || ticket.seated) return null;
  const label = price.label ? `${ticket.title} – ${price.label}` : ticket.title;
  const errorId = `line-${key.replace(':', '-')}-error`;
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
        <DonationAmount
          label={
            ticket.kind === 'PRODUCT'
              ? t`Your amount per item (${currency})`
              : t`Your amount per ticket (${currency})`
          }
          price={price}
          currency={currency}
          pick={pick}
          onAmount={(amount) => onChange(key, { ...pick, amount })}
          showProblems={showProblems}
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
