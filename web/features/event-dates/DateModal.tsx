import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { EventDateRequest, type EventDateResponse, type EventDateStatus } from '../../../common/event-dates';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { FitSelect } from '../../components/selects';
import { isoToZoned, zonedToIso } from '../events/datetime';
import { useCreateEventDate, useUpdateEventDate } from './api';
import { useStatusChoices } from './labels';

interface DateValues {
  /** Wall-clock times of the event's zone, as `YYYY-MM-DDTHH:mm`. */
  starts_at: string;
  ends_at: string;
  label: string;
  status: EventDateStatus;
  /** Empty means no capacity of its own. */
  capacity: number | string;
}

/** The request of a form's values; a start not typed yet is left out, so zod says it is required. */
export function toDateRequest(values: DateValues, timeZone: string): EventDateRequest {
  return {
    starts_at: zonedToIso(values.starts_at, timeZone) ?? (undefined as unknown as string),
    ends_at: values.ends_at ? (zonedToIso(values.ends_at, timeZone) ?? values.ends_at) : null,
    label: values.label.trim() || null,
    status: values.status,
    capacity: values.capacity === '' ? null : Number(values.capacity),
  };
}

/** What the modal is for: a new date (`null`) or a change to one. */
export type EditingDate = { date: EventDateResponse | null };

/** Adds one date or changes one: start and end in the event's zone, label, status, capacity. */
export function DateModal({
  eventId,
  timeZone,
  editing,
  onClose,
  links,
}: {
  eventId: number;
  timeZone: string;
  editing: EditingDate | null;
  onClose: () => void;
  /** The other dialogs of a date, offered when one is edited (the calendar opens dates here). */
  links?: DateLinks;
}) {
  const { t } = useLingui();
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.date ? t`Edit date` : t`Add a date`}
    >
      {editing?.date && links ? <OtherSettings date={editing.date} links={links} onLeave={onClose} /> : null}
      {editing ? (
        <DateForm eventId={eventId} timeZone={timeZone} date={editing.date} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}

function DateForm({
  eventId,
  timeZone,
  date,
  onClose,
}: {
  eventId: number;
  timeZone: string;
  date: EventDateResponse | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateEventDate(eventId);
  const update = useUpdateEventDate(eventId);
  const statuses = useStatusChoices(date?.status);
  const form = useForm<DateValues>({
    initialValues: {
      starts_at: isoToZoned(date?.starts_at, timeZone),
      ends_at: isoToZoned(date?.ends_at, timeZone),
      label: date?.label ?? '',
      status: date?.status ?? 'ON_SALE',
      capacity: date?.capacity ?? '',
    },
    validate: validateWith(EventDateRequest, (values: DateValues) => toDateRequest(values, timeZone)),
  });

  const save = (values: DateValues) => {
    const body = toDateRequest(values, timeZone);
    return date ? update.mutateAsync({ id: date.id, body }) : create.mutateAsync(body);
  };
  const onSaved = () => {
    notify(date ? t`The date has been saved.` : t`The date has been added.`);
    onClose();
  };

  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onClose}
      submitLabel={date ? t`Save date` : t`Add date`}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="datetime-local"
          label={t`Starts`}
          description={t`Local time in ${timeZone}`}
          required
          data-autofocus
          key={form.key('starts_at')}
          {...form.getInputProps('starts_at')}
        />
        <TextInput
          type="datetime-local"
          label={t`Ends`}
          description={t`Optional`}
          key={form.key('ends_at')}
          {...form.getInputProps('ends_at')}
        />
      </SimpleGrid>
      <TextInput
        label={t`Label`}
        description={t`Tells dates apart, for example "Matinee". Optional.`}
        key={form.key('label')}
        {...form.getInputProps('label')}
      />
      <DateFields
        status={form.getInputProps('status')}
        capacity={form.getInputProps('capacity')}
        statuses={statuses}
      />
    </ModalForm>
  );
}

/** Opens a date's ticket settings, or the changes to its rule's future dates. */
export interface DateLinks {
  tickets: (date: EventDateResponse) => void;
  series: (date: EventDateResponse) => void;
}

/** Buttons to a date's other settings; the edit dialog closes as the other opens. */
function OtherSettings({
  date,
  links,
  onLeave,
}: {
  date: EventDateResponse;
  links: DateLinks;
  onLeave: () => void;
}) {
  const go = (open: (date: EventDateResponse) => void) => () => {
    onLeave();
    open(date);
  };
  return (
    <Group gap="xs" mb="md">
      <Button variant="light" size="xs" onClick={go(links.tickets)}>
        <Trans>Ticket settings</Trans>
      </Button>
      {date.rule_id === null ? null : (
        <Button variant="light" size="xs" onClick={go(links.series)}>
          <Trans>Edit all future dates of this rule</Trans>
        </Button>
      )}
    </Group>
  );
}

/** Status and capacity, shared by the one-date form and the rule's (`form.getInputProps` of each). */
export function DateFields({
  status,
  capacity,
  statuses,
}: {
  status: GetInputPropsReturnType;
  capacity: GetInputPropsReturnType;
  statuses: { value: string; label: string }[];
}) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <FitSelect label={t`Status`} allowDeselect={false} data={statuses} {...status} />
      <NumberInput
        label={t`Capacity`}
        description={t`Seats of this date over all its tickets. Empty: no limit of its own.`}
        placeholder={t`Unlimited`}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        {...capacity}
      />
    </SimpleGrid>
  );
}
