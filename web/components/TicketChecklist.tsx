import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { Checkbox, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TicketChoice {
  id: number;
  title: string;
}

/** Pick some of the event's tickets: one checkbox each, a group the screen reader names. */
export function TicketChecklist({
  tickets,
  label,
  description,
  required,
  value,
  onChange,
  error,
  ...rest
}: {
  tickets: TicketChoice[];
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
  error?: ReactNode;
  'data-path'?: string;
}) {
  return (
    <Checkbox.Group
      label={label}
      description={description}
      required={required}
      value={value}
      onChange={onChange}
      error={error}
      {...rest}
    >
      <Stack gap="xs" mt="xs">
        {tickets.map((ticket) => (
          <Checkbox key={ticket.id} value={String(ticket.id)} label={ticket.title} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
