import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Text } from '@mantine/core';

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
    <Group
      gap={6}
      wrap="nowrap"
      role="group"
      aria-label={t`Quantity of ${label}`}
      aria-describedby={describedBy}
    >
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={t`Fewer ${label}`}
        disabled={value === 0}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <Text
        component="output"
        aria-live="polite"
        fw={700}
        w={32}
        ta="center"
        c={error ? 'red.8' : undefined}
        data-testid="ticket-quantity"
      >
        {value}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={t`More ${label}`}
        disabled={!canIncrease}
        onClick={() => onStep(1)}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </Group>
  );
}
