import '@mantine/core/styles/ActionIcon.css';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group } from '@mantine/core';
import { ArrowDownIcon, ArrowUpIcon } from '../../components/organizer-icons';

/**
 * Up and down buttons for one item of an ordered list, the keyboard way to reorder it. At an
 * end the button says it is disabled but keeps the focus (a disabled button would drop it).
 */
export function MoveButtons({
  name,
  first,
  last,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useLingui();
  const buttons = [
    { step: -1 as const, label: t`Move ${name} up`, end: first, icon: <ArrowUpIcon size={16} /> },
    { step: 1 as const, label: t`Move ${name} down`, end: last, icon: <ArrowDownIcon size={16} /> },
  ];
  return (
    <Group gap={2} wrap="nowrap">
      {buttons.map(({ step, label, end, icon }) => (
        <ActionIcon
          key={step}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-disabled={end || undefined}
          aria-disabled={end || undefined}
          onClick={() => {
            if (!end) onMove(step);
          }}
        >
          {icon}
        </ActionIcon>
      ))}
    </Group>
  );
}
