import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Code.css';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Code, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { EventResponse } from '../../../common/events';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../common/webhooks';
import { whileLoggedInAnd } from '../../api/token';
import { eventQuery } from '../events/api';
import { formatEventDate } from '../events/datetime';
import { WEBHOOK_TYPE_GROUPS, WEBHOOK_TYPE_LABELS } from './webhook-labels';
import { useEventChoices } from './webhooks-api';

/** The value of the "select all" box among the types: never sent, only kept while all are chosen. */
const ALL = 'all';

/**
 * The event types to send, grouped by what they are about, each in words with its code, and a
 * box that selects or clears them all (checked when all are, mixed when some are).
 */
export function EventTypesField({
  value = [],
  onChange = () => {},
  error,
  ...rest
}: {
  value?: WebhookEventType[];
  onChange?: (value: WebhookEventType[]) => void;
  error?: ReactNode;
  'data-path'?: string;
}) {
  const { t, i18n } = useLingui();
  const all = value.length === WEBHOOK_EVENT_TYPES.length;
  const change = (next: string[]) => {
    const types = WEBHOOK_EVENT_TYPES.filter((type) => next.includes(type));
    if (next.includes(ALL) && !all) onChange([...WEBHOOK_EVENT_TYPES]);
    else if (all && !next.includes(ALL) && types.length === WEBHOOK_EVENT_TYPES.length) onChange([]);
    else onChange(types);
  };
  return (
    <Checkbox.Group
      label={t`Event types`}
      description={t`What this endpoint is told about. Each delivery says its type in the type field of the body.`}
      required
      value={all ? [...value, ALL] : value}
      onChange={change}
      error={error}
      {...rest}
    >
      <Stack gap="sm" mt="xs">
        <Checkbox
          value={ALL}
          label={t`Select all`}
          indeterminate={value.length > 0 && !all}
          styles={{ label: { fontWeight: 600 } }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
          {WEBHOOK_TYPE_GROUPS.map((group) => (
            <Stack gap="xs" key={group.types[0]}>
              <Text size="sm" fw={600} c="gray.7">
                {i18n._(group.label)}
              </Text>
              {group.types.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={i18n._(WEBHOOK_TYPE_LABELS[type])}
                  description={<Code fz="xs">{type}</Code>}
                />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Checkbox.Group>
  );
}

type Option = { value: string; label: string };

const eventOption = (event: EventResponse, locale: string): Option => ({
  value: String(event.id),
  label: `${event.title} · ${formatEventDate(event.start_date, event.timezone, locale)}`,
});

/**
 * The event filter: one of the account's events, searched by title on the server, or none for
 * every event. The chosen one keeps its label while other titles are searched.
 */
export function EventFilterField({
  value = null,
  onChange,
  error,
  ...rest
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  error?: ReactNode;
  'data-path'?: string;
}) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const current = useQuery({ ...eventQuery(Number(value)), ...whileLoggedInAnd(value !== null) });
  const chosen = value !== null && current.data ? eventOption(current.data, i18n.locale) : null;
  // Choosing writes the option's label into the box: that is not a new search.
  const needle = chosen && search === chosen.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(needle, 250);
  const found = useEventChoices(debounced, true);
  const results = (found.data?.data ?? []).map((event) => eventOption(event, i18n.locale));
  const data = chosen ? [chosen, ...results.filter((o) => o.value !== chosen.value)] : results;
  return (
    <Select
      label={t`Only for this event`}
      description={t`Optional. Leave empty to be told about every event of the account, new ones included.`}
      placeholder={t`Every event`}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={found.isPending ? t`Searching…` : t`No event matches`}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      clearButtonProps={{ 'aria-label': t`Every event` }}
      error={error ?? (found.isError ? t`Could not load the events.` : undefined)}
      {...rest}
    />
  );
}
