import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AttendeeDetailResponse, CreateAttendeeRequest } from '../../../common/attendees';
import type { EventResponse } from '../../../common/events';
import { VALIDATION } from '../../../common/i18n/validation';
import { formatMoney } from '../../../common/money';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useTickets } from '../tickets/api';
import { useCreateAttendee } from './api';
import { type AddAttendeeValues, emptyAddAttendee, missingTier, toCreateRequest } from './form';

/** Adds a ticket holder by hand: a manual order of its own, which cannot be refunded. */
export function AddAttendeeModal({
  opened,
  event,
  onClose,
  onAdded,
}: {
  opened: boolean;
  event: EventResponse;
  onClose: () => void;
  onAdded: (attendee: AttendeeDetailResponse) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Add an attendee`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <AddAttendeeForm
        event={event}
        onCancel={onClose}
        onAdded={(attendee) => {
          onClose();
          onAdded(attendee);
        }}
      />
    </Modal>
  );
}

function AddAttendeeForm({
  event,
  onCancel,
  onAdded,
}: {
  event: EventResponse;
  onCancel: () => void;
  onAdded: (attendee: AttendeeDetailResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const tickets = useTickets(event.id);
  const create = useCreateAttendee(event.id);
  const list = tickets.data ?? [];
  const schemaErrors = validateWith(CreateAttendeeRequest, (values: AddAttendeeValues) =>
    toCreateRequest(values, list),
  );
  const form = useForm<AddAttendeeValues>({
    mode: 'controlled',
    initialValues: emptyAddAttendee,
    validate: (values) => {
      const errors = schemaErrors(values);
      if (missingTier(values, list)) errors.price_id = i18n._(VALIDATION.tierChoiceRequired);
      return errors;
    },
  });
  const ticket = list.find((candidate) => String(candidate.id) === form.values.ticket_id);

  const submit = form.onSubmit((values) => {
    create.mutate(toCreateRequest(values, list), {
      onSuccess: (attendee) => {
        const name = `${attendee.first_name} ${attendee.last_name}`.trim();
        notify(
          values.send_ticket_email
            ? t`${name} has been added and their ticket is on its way.`
            : t`${name} has been added.`,
        );
        onAdded(attendee);
      },
      onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    });
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          <Trans>
            This creates a manual order of its own, with no payment. A manual order cannot be refunded; you
            can cancel the ticket later, which puts its seat back on sale.
          </Trans>
        </Text>
        <ErrorAlert error={create.error} />
        <Select
          label={t`Ticket`}
          placeholder={t`Choose a ticket`}
          required
          data-autofocus
          data={list.map((choice) => ({ value: String(choice.id), label: choice.title }))}
          disabled={!tickets.data}
          comboboxProps={{ withinPortal: true }}
          key={form.key('ticket_id')}
          {...form.getInputProps('ticket_id')}
          onChange={(value) => {
            form.setFieldValue('ticket_id', value ?? '');
            form.setFieldValue('price_id', '');
          }}
          error={form.errors.ticket_id ?? (tickets.isError ? t`Could not load the tickets.` : undefined)}
        />
        {ticket?.type === 'TIERED' ? (
          <Select
            label={t`Price tier`}
            placeholder={t`Choose a tier`}
            required
            data={ticket.prices.map((tier) => ({
              value: String(tier.id),
              label: `${tier.label} · ${formatMoney(tier.price, event.currency, i18n.locale)}`,
            }))}
            comboboxProps={{ withinPortal: true }}
            key={form.key('price_id')}
            {...form.getInputProps('price_id')}
            onChange={(value) => form.setFieldValue('price_id', value ?? '')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t`First name`}
            required
            autoComplete="off"
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t`Last name`}
            required
            autoComplete="off"
            key={form.key('last_name')}
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t`E-mail`}
          type="email"
          required
          autoComplete="off"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Checkbox
          label={t`Send the ticket by e-mail`}
          key={form.key('send_ticket_email')}
          {...form.getInputProps('send_ticket_email', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={create.isPending}>
            <Trans>Add attendee</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
