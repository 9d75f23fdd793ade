import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CapacityAssignmentRequest, type CapacityAssignmentResponse } from '../../../common/capacity';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
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
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.assignment ? t`Edit capacity assignment` : t`Add a capacity assignment`}
    >
      {editing ? (
        <CapacityForm eventId={eventId} assignment={editing.assignment} tickets={tickets} onClose={onClose} />
      ) : null}
    </FormModal>
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
  const form = useForm<CapacityValues>({
    initialValues: {
      name: assignment?.name ?? '',
      capacity: assignment?.capacity ?? '',
      ticket_ids: assignment?.ticket_ids.map(String) ?? [],
      active: (assignment?.status ?? 'ACTIVE') === 'ACTIVE',
    },
    validate: validateWith(CapacityAssignmentRequest, toRequest),
  });

  const save = (values: CapacityValues) => {
    const body = toRequest(values);
    return assignment ? update.mutateAsync({ id: assignment.id, body }) : create.mutateAsync(body);
  };
  const onSaved = () => {
    notify(
      assignment ? t`The capacity assignment has been saved.` : t`The capacity assignment has been added.`,
    );
    onClose();
  };

  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onClose}
      submitLabel={assignment ? t`Save` : t`Add capacity assignment`}
    >
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
    </ModalForm>
  );
}
