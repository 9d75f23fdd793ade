import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Box, MultiSelect, Radio, Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  MESSAGE_SCOPE_TYPES,
  MESSAGEABLE_ORDER_STATUSES,
  type MessageScopeType,
} from '../../../common/messages';
import { UNFINISHED_CHECKOUT_STATUSES } from '../../../common/orders';
import { ORDER_STATUS_LABELS } from '../../components/OrderStatusBadge';
import { useDateChoices } from '../event-dates/DateFilter';
import { useTicketChoices } from '../tickets/api';
import { useAttendeeSearch, useOrderSearch } from './api';
import type { ComposeValues } from './form';
import { SCOPE_LABELS } from './labels';

type ComposeForm = UseFormReturnType<ComposeValues>;
type Option = { value: string; label: string; disabled?: boolean };

/**
 * Who receives the message: one of the scopes, and what that scope needs chosen. The attendees
 * of one date are offered only for an event of several dates.
 */
export function RecipientScopeField({
  form,
  eventId,
  timezone,
}: {
  form: ComposeForm;
  eventId: number;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const type = form.values.scope_type;
  const dates = useDateChoices(eventId, timezone);
  const scopes = MESSAGE_SCOPE_TYPES.filter((scope) => scope !== 'DATE_ATTENDEES' || dates.several);
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t`Recipients`}
        description={t`Each e-mail address receives the message once. Cancelled tickets are left out.`}
        required
        key={form.key('scope_type')}
        {...form.getInputProps('scope_type')}
      >
        <Stack gap="xs" mt="xs">
          {scopes.map((scope: MessageScopeType) => (
            <Radio key={scope} value={scope} label={i18n._(SCOPE_LABELS[scope])} />
          ))}
        </Stack>
      </Radio.Group>
      <Box pl={{ base: 0, xs: 'lg' }}>
        {type === 'TICKET_HOLDERS' ? <TicketsField form={form} eventId={eventId} /> : null}
        {type === 'ATTENDEES' ? <AttendeesField form={form} eventId={eventId} /> : null}
        {type === 'ORDER_OWNERS' ? (
          <MultiSelect
            label={t`Order statuses`}
            description={t`Leave empty for completed orders and orders awaiting payment.`}
            placeholder={
              form.values.order_statuses.length === 0 ? t`Completed or awaiting payment` : undefined
            }
            data={MESSAGEABLE_ORDER_STATUSES.map((status) => ({
              value: status,
              label: i18n._(ORDER_STATUS_LABELS[status]),
            }))}
            clearable
            comboboxProps={{ withinPortal: true }}
            key={form.key('order_statuses')}
            {...form.getInputProps('order_statuses')}
          />
        ) : null}
        {type === 'ORDER_OWNER' ? <OrderField form={form} eventId={eventId} /> : null}
        {type === 'DATE_ATTENDEES' ? (
          <Select
            label={t`Date`}
            description={t`Everyone holding a ticket for this date.`}
            required
            data={dates.choices}
            disabled={!dates.query.data}
            searchable={dates.choices.length > 10}
            comboboxProps={{ withinPortal: true }}
            key={form.key('date_id')}
            {...form.getInputProps('date_id')}
            error={form.errors.date_id ?? (dates.query.isError ? t`Could not load the dates.` : undefined)}
          />
        ) : null}
      </Box>
    </Stack>
  );
}

function TicketsField({ form, eventId }: { form: ComposeForm; eventId: number }) {
  const { t } = useLingui();
  const tickets = useTicketChoices(eventId);
  return (
    <MultiSelect
      label={t`Tickets`}
      description={t`Everyone holding one of these tickets.`}
      required
      data={(tickets.data ?? []).map((ticket) => ({ value: String(ticket.id), label: ticket.title }))}
      disabled={!tickets.data}
      searchable
      clearable
      nothingFoundMessage={t`No ticket matches`}
      comboboxProps={{ withinPortal: true }}
      key={form.key('ticket_ids')}
      {...form.getInputProps('ticket_ids')}
      error={form.errors.ticket_ids ?? (tickets.isError ? t`Could not load the tickets.` : undefined)}
    />
  );
}

/** Picks attendees by name or e-mail, searched on the server; chosen ones keep their label. */
function AttendeesField({ form, eventId }: { form: ComposeForm; eventId: number }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const found = useAttendeeSearch(eventId, debounced, true);
  const results: Option[] = (found.data?.data ?? []).map((attendee) => {
    const name = `${attendee.first_name} ${attendee.last_name}`.trim();
    const cancelled = attendee.status === 'CANCELLED';
    const ticket = attendee.ticket_title;
    const email = attendee.email;
    return {
      value: String(attendee.id),
      label: cancelled ? t`${name} · ${email} · ${ticket} (cancelled)` : `${name} · ${email} · ${ticket}`,
      disabled: cancelled,
    };
  });
  const selected = form.values.attendee_ids;
  const data = mergeOptions(
    selected.map((id) => ({ value: id, label: chosen.get(id) ?? `#${id}` })),
    results,
  );
  return (
    <MultiSelect
      label={t`Attendees`}
      description={t`Search by name or e-mail, then choose each person.`}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      nothingFoundMessage={found.isPending ? t`Searching…` : t`No attendee matches`}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      key={form.key('attendee_ids')}
      {...form.getInputProps('attendee_ids')}
      onChange={(ids) => {
        setChosen((current) => {
          const next = new Map(current);
          for (const option of data) if (ids.includes(option.value)) next.set(option.value, option.label);
          return next;
        });
        form.setFieldValue('attendee_ids', ids);
      }}
      error={form.errors.attendee_ids ?? (found.isError ? t`Could not load the attendees.` : undefined)}
    />
  );
}

/** Picks one order by reference, name or e-mail; orders still in checkout are not offered. */
function OrderField({ form, eventId }: { form: ComposeForm; eventId: number }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  // Selecting writes the option's label into the box: that is not a new search.
  const needle = chosen && search === chosen.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(needle, 250);
  const found = useOrderSearch(eventId, debounced, true);
  const results: Option[] = (found.data?.data ?? [])
    .filter((order) => !UNFINISHED_CHECKOUT_STATUSES.includes(order.status))
    .map((order) => {
      const buyer = [order.first_name, order.last_name].filter(Boolean).join(' ');
      return {
        value: String(order.id),
        label: [order.reference, buyer, order.email].filter(Boolean).join(' · '),
      };
    });
  const data = mergeOptions(chosen ? [chosen] : [], results);
  return (
    <Select
      label={t`Order`}
      description={t`Search by reference, buyer name or e-mail.`}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      nothingFoundMessage={found.isPending ? t`Searching…` : t`No order matches`}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      key={form.key('order_id')}
      {...form.getInputProps('order_id')}
      onChange={(id) => {
        setChosen(data.find((option) => option.value === id) ?? null);
        form.setFieldValue('order_id', id);
      }}
    />
  );
}

/** The chosen options first, then the search results not already among them. */
function mergeOptions(first: Option[], then: Option[]): Option[] {
  const seen = new Set(first.map((option) => option.value));
  return [...first, ...then.filter((option) => !seen.has(option.value))];
}
