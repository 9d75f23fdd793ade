import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Switch.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CapacityAssignmentRequest, type CapacityAssignmentResponse } from '../../../common/capacity';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { TicketChecklist, type TicketChoice } from '../../components/TicketChecklist';
import { useCreateCapacityAssignment, useUpdateCapacityAssignment } from './api';

interface CapacityValues {
  name: string;
  /** Empty means unlimited. */
  capacity: number | string;
  ticket_ids: string[];
  active: boolean;
}

const toRequest = (values: CapacityValues): CapacityAssignmentRequest => ({
  name: values.name,
  capacity: values.capacity === '' ? null : Number(values.capacity),
  ticket_ids: values.ticket_ids.map(Number),
  status: values.active ? 'ACTIVE' : 'INACTIVE',
});

/** What the modal is for: a new assignment (`null`) or a change to one. */
export type EditingCapacity = { assignment: CapacityAssignmentResponse | null };

export function CapacityModal({
  eventId,
  editing,
  tickets,
  onClose,
}: {
  eventId: number;
  editing: EditingCapacity | null;
  tickets: TicketChoice[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.assignment ? t`Edit capacity assignment` : t`Add a capacity assignment`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {editing ? (
        <CapacityForm eventId={eventId} assignment={editing.assignment} tickets={tickets} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function CapacityForm({
  eventId,
  assignment,
  tickets,
  onClose,
}: {
  eventId: number;
  assignment: CapacityAssignmentResponse | null;
  tickets: TicketChoice[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateCapacityAssignment(eventId);
  const update = useUpdateCapacityAssignment(eventId);
  const save = assignment ? update : create;
  const form = useForm<CapacityValues>({
    initialValues: {
      name: assignment?.name ?? '',
      capacity: assignment?.capacity ?? '',
      ticket_ids: assignment?.ticket_ids.map(String) ?? [],
      active: (assignment?.status ?? 'ACTIVE') === 'ACTIVE',
    },
    validate: validateWith(CapacityAssignmentRequest, toRequest),
  });

  const submit = form.onSubmit((values) => {
    const body = toRequest(values);
    const options = {
      onSuccess: () => {
        notify(
          assignment
            ? t`The capacity assignment has been saved.`
            : t`The capacity assignment has been added.`,
        );
        onClose();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (assignment) update.mutate({ id: assignment.id, body }, options);
    else create.mutate(body, options);
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
        <TextInput
          label={t`Name`}
          description={t`For example "Main hall" or "Workshop room".`}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <NumberInput
          label={t`Capacity`}
          description={t`Leave empty for no limit: the assignment then only counts.`}
          placeholder={t`Unlimited`}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          w={{ base: '100%', xs: 240 }}
          {...form.getInputProps('capacity')}
        />
        <TicketChecklist
          tickets={tickets}
          label={t`Tickets`}
          description={t`The tickets that share this limit. Choose at least one.`}
          required
          {...form.getInputProps('ticket_ids')}
        />
        <Switch
          label={t`Active`}
          description={t`When inactive, the limit is not applied.`}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {assignment ? <Trans>Save</Trans> : <Trans>Add capacity assignment</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
