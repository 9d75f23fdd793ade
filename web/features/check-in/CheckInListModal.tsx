import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CheckInListRequest, type CheckInListResponse } from '../../../common/check-in';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={list ? t`Edit ${name}` : t`Add a check-in list`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <ListForm key={list?.id ?? 'new'} list={list} event={event} onDone={onClose} />
    </Modal>
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
  const save = list ? update : create;
  const tickets = useTicketChoices(event.id);
  const form = useForm<CheckInListValues>({
    mode: 'controlled',
    initialValues: initialValues(list, event.timezone),
    validate: validateWith(CheckInListRequest, (v: CheckInListValues) => toRequest(v, event.timezone)),
  });
  const submit = form.onSubmit((values) => {
    const body = toRequest(values, event.timezone);
    const options = {
      onSuccess: (saved: CheckInListResponse) => {
        const savedName = saved.name;
        notify(list ? t`${savedName} has been saved.` : t`${savedName} has been added.`);
        onDone();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (list) update.mutate({ id: list.id, body }, options);
    else create.mutate(body, options);
  }, focusFirstError(form));
  const timezone = event.timezone.replaceAll('_', ' ');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
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
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {list ? <Trans>Save</Trans> : <Trans>Add</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
