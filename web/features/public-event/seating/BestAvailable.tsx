import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, Select } from '../../../ui';
import { type PickerContext, soldCategories } from './context';
import { countOf, onSale, type SeatChoice } from './seat-picks';
import { seatPriceText } from './seat-text';

interface Props extends PickerContext {
  choice: SeatChoice;
  onChange: (choice: SeatChoice) => void;
}

/** "Best available": a number of seats of a category, chosen by the server side by side. */
export function BestAvailable({ choice, onChange, ...context }: Props) {
  const { t, i18n } = useLingui();
  const categories = soldCategories(context).filter(({ ticket }) => onSale(ticket));
  const [category, setCategory] = useState(categories[0]?.key ?? '');
  const [count, setCount] = useState('2');
  const chosen = categories.find((c) => c.key === category) ?? categories[0];
  if (!chosen) return null;
  const room = Math.max(0, chosen.ticket.max_per_order - countOf(choice, chosen.ticket, context.index));
  const numbers = Array.from({ length: Math.min(room, 10) }, (_, i) => String(i + 1));
  const add = () => {
    const n = Math.min(Number(count), room);
    if (n <= 0) return;
    onChange({
      ...choice,
      best: { ...choice.best, [chosen.ticket.id]: (choice.best[chosen.ticket.id] ?? 0) + n },
    });
  };
  return (
    <fieldset className="best-available" data-testid="best-available">
      <legend>
        <Trans>Best available</Trans>
      </legend>
      <p className="best-available__hint">
        <Trans>We choose the best seats left, side by side, when you check out.</Trans>
      </p>
      <div className="best-available__controls">
        <Select
          label={t`Number of seats`}
          value={numbers.includes(count) ? count : (numbers[0] ?? '')}
          onChange={(e) => setCount(e.currentTarget.value)}
          options={numbers.map((n) => ({ value: n, label: n }))}
          disabled={numbers.length === 0}
        />
        <Select
          label={t`Price category`}
          value={chosen.key}
          onChange={(e) => setCategory(e.currentTarget.value)}
          options={categories.map((c) => ({
            value: c.key,
            label: `${c.name} – ${seatPriceText(i18n, { ticket: c.ticket, currency: context.currency })}`,
          }))}
        />
        <Button variant="light" onClick={add} disabled={numbers.length === 0}>
          <Trans>Add seats</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
