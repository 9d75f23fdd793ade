import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { useLingui } from '@lingui/react/macro';
import { MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CheckInListRequest, type CheckInListResponse } from '../../../common/check-in';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useDateChoices } from '../event-dates/DateFilter';
import { useTicketChoices } from '../tickets/api';
import { useCreateCheckInList, useUpdateCheckInList } from './api';
import { type CheckInListValues, initialValues, toRequest } from './form';

interface ListEvent {
  id: number;
  timezone: string;
}

/** Adds or changes a check-in list (`list` null: a new one). */
export function CheckInListModal({
  opened,
  list,
  event,
  onClose,
}: {
  opened: boolean;
  list: CheckInListResponse | null;
  event: ListEvent;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = list?.name ?? '';
  return (
    <FormModal opened={opened} onClose={onClose} title={list ? t`Edit ${name}` : t`Add a check-in list`}>
      <ListForm key={list?.id ?? 'new'} list={list} event={event} onDone={onClose} />
    </FormModal>
  );
}

function ListForm({
  list,
  event,
  onDone,
}: {
  list: CheckInListResponse | null;
  event: ListEvent;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateCheckInList(event.id);
  const update = useUpdateCheckInList(event.id);
  const tickets = useTicketChoices(event.id);
  const dates = useDateChoices(event.id, event.timezone);
  const form = useForm<CheckInListValues>({
    mode: 'controlled',
    initialValues: initialValues(list, event.timezone),
    validate: validateWith(CheckInListRequest, (v: CheckInListValues) => toRequest(v, event.timezone)),
  });
  const save = (values: CheckInListValues) => {
    const body = toRequest(values, event.timezone);
    return list ? update.mutateAsync({ id: list.id, body }) : create.mutateAsync(body);
  };
  const onSaved = (saved: CheckInListResponse) => {
    const savedName = saved.name;
    notify(list ? t`${savedName} has been saved.` : t`${savedName} has been added.`);
    onDone();
  };
  const timezone = event.timezone.replaceAll('_', ' ');

  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onDone}
      submitLabel={list ? t`Save` : t`Add`}
    >
      <TextInput
        label={t`Name`}
        description={t`What staff see, e.g. Main entrance or VIP door.`}
        required
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t`Instructions for staff`}
        autosize
        minRows={2}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="datetime-local"
          label={t`Opens`}
          description={t`Event time (${timezone}). Empty: now.`}
          key={form.key('activates_at')}
          {...form.getInputProps('activates_at')}
        />
        <TextInput
          type="datetime-local"
          label={t`Closes`}
          description={t`Event time (${timezone}). Empty: never.`}
          key={form.key('expires_at')}
          {...form.getInputProps('expires_at')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t`Tickets checked in on this list`}
        required
        data={(tickets.data ?? []).map((ticket) => ({ value: String(ticket.id), label: ticket.title }))}
        disabled={!tickets.data}
        searchable
        nothingFoundMessage={t`No ticket matches`}
        comboboxProps={{ withinPortal: true }}
        key={form.key('ticket_ids')}
        {...form.getInputProps('ticket_ids')}
        error={form.errors.ticket_ids ?? (tickets.isError ? t`Could not load the tickets.` : undefined)}
      />
      {dates.several || form.values.date_id ? (
        <Select
          label={t`Date`}
          description={t`Only tickets for this date are let in. Empty: every date.`}
          data={dates.choices}
          clearable
          searchable
          placeholder={t`Every date`}
          comboboxProps={{ withinPortal: true }}
          key={form.key('date_id')}
          {...form.getInputProps('date_id')}
          value={form.values.date_id || null}
          onChange={(value) => form.setFieldValue('date_id', value ?? '')}
          error={form.errors.date_id ?? (dates.query.isError ? t`Could not load the dates.` : undefined)}
        />
      ) : null}
    </ModalForm>
  );
}
