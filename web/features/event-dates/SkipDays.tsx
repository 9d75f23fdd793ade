import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Input, Pill, TextInput } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { dayTitle } from './calendar';

/**
 * Days a rule leaves out (a public holiday): a day field with an "Add" button, then the days
 * chosen, each with a button that takes it off again.
 */
export function SkipDays({
  value = [],
  onChange,
  error,
}: {
  value?: string[];
  onChange?: (days: string[]) => void;
  error?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [day, setDay] = useState('');
  const listId = useId();
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || value.includes(day)) return;
    onChange?.([...value, day].sort());
    setDay('');
  };
  return (
    <Input.Wrapper error={error}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t`Skip a day`}
          description={t`No date is made on a skipped day.`}
          value={day}
          onChange={(change) => setDay(change.currentTarget.value)}
          onKeyDown={(key) => {
            if (key.key === 'Enter') {
              key.preventDefault();
              add();
            }
          }}
          w={{ base: '100%', xs: 240 }}
        />
        <Button variant="default" onClick={add} disabled={!day}>
          <Trans>Skip this day</Trans>
        </Button>
      </Group>
      {value.length > 0 ? (
        <Group gap={6} mt="xs" component="ul" p={0} m={0} id={listId} aria-label={t`Skipped days`}>
          {value.map((skipped) => {
            const title = dayTitle(skipped, i18n.locale);
            return (
              <li key={skipped} style={{ listStyle: 'none' }}>
                <Pill
                  size="md"
                  withRemoveButton
                  onRemove={() => onChange?.(value.filter((d) => d !== skipped))}
                  removeButtonProps={{ 'aria-label': t`Do not skip ${title}`, tabIndex: 0 }}
                >
                  {title}
                </Pill>
              </li>
            );
          })}
        </Group>
      ) : null}
    </Input.Wrapper>
  );
}
