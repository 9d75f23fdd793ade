import { useLingui } from '@lingui/react/macro';
import { Group, IconButton, Text } from '../../ui';

interface Props {
  /** What is counted, for the buttons' names ("Fewer General admission"). */
  label: string;
  value: number;
  canIncrease: boolean;
  onStep: (direction: 1 | -1) => void;
  error?: boolean;
  describedBy?: string;
}

/** − count + for one ticket line; the count is announced as it changes. */
export function QuantityStepper({ label, value, canIncrease, onStep, error, describedBy }: Props) {
  const { t } = useLingui();
  return (
    <Group gap="2xs" nowrap role="group" aria-label={t`Quantity of ${label}`} aria-describedby={describedBy}>
      <IconButton aria-label={t`Fewer ${label}`} disabled={value === 0} onClick={() => onStep(-1)}>
        <span aria-hidden="true">−</span>
      </IconButton>
      <Text
        as="output"
        aria-live="polite"
        className="quantity-output"
        tone={error ? 'error' : undefined}
        data-testid="ticket-quantity"
      >
        {value}
      </Text>
      <IconButton aria-label={t`More ${label}`} disabled={!canIncrease} onClick={() => onStep(1)}>
        <span aria-hidden="true">+</span>
      </IconButton>
    </Group>
  );
}
