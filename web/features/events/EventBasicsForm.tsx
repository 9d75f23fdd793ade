import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CreateEventRequest, type EventResponse } from '../../../common/events';
import type { OrganizerResponse } from '../../../common/organizers';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { TimezoneSelect } from '../../components/selects';
import { useCreateEvent } from './api';
import { zonedToIso } from './datetime';

export interface EventBasicsValues {
  title: string;
  organizer_id: string | null;
  /** Wall-clock times of the event's zone, as `YYYY-MM-DDTHH:mm`. */
  start_date: string;
  end_date: string;
  timezone: string;
}

export function toCreateRequest(values: EventBasicsValues): CreateEventRequest {
  return {
    title: values.title,
    organizer_id: values.organizer_id ? Number(values.organizer_id) : (undefined as unknown as number),
    start_date: zonedToIso(values.start_date, values.timezone) ?? (undefined as unknown as string),
    end_date: values.end_date ? (zonedToIso(values.end_date, values.timezone) ?? values.end_date) : null,
    timezone: values.timezone,
  };
}

/** Title, organizer, start, end and time zone of a new event; creates it and hands it back. */
export function EventBasicsForm({
  organizers,
  onCreated,
  onCancel,
  submitLabel,
}: {
  organizers: OrganizerResponse[];
  onCreated: (event: EventResponse) => void;
  onCancel?: () => void;
  submitLabel: string;
}) {
  const { t } = useLingui();
  const create = useCreateEvent();
  const first = organizers[0];
  const form = useForm<EventBasicsValues>({
    initialValues: {
      title: '',
      organizer_id: first ? String(first.id) : null,
      start_date: '',
      end_date: '',
      timezone: first?.timezone ?? 'UTC',
    },
    validate: validateWith(CreateEventRequest, toCreateRequest),
    onValuesChange: (values, previous) => {
      // A new organizer brings its own time zone, unless one was picked by hand.
      if (values.organizer_id !== previous.organizer_id && !form.isDirty('timezone')) {
        const organizer = organizers.find((o) => String(o.id) === values.organizer_id);
        if (organizer) form.setFieldValue('timezone', organizer.timezone);
      }
    },
  });

  const submit = form.onSubmit(
    (values) =>
      create.mutate(toCreateRequest(values), {
        onSuccess: onCreated,
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={create.error} />
        <TextInput
          label={t`Event title`}
          required
          data-autofocus
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        {organizers.length > 1 ? (
          <Select
            label={t`Organizer`}
            required
            allowDeselect={false}
            data={organizers.map((o) => ({ value: String(o.id), label: o.name }))}
            key={form.key('organizer_id')}
            {...form.getInputProps('organizer_id')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="datetime-local"
            label={t`Starts`}
            required
            key={form.key('start_date')}
            {...form.getInputProps('start_date')}
          />
          <TextInput
            type="datetime-local"
            label={t`Ends`}
            key={form.key('end_date')}
            {...form.getInputProps('end_date')}
          />
        </SimpleGrid>
        <TimezoneSelect
          label={t`Time zone`}
          description={t`Start and end are the local time of this zone.`}
          required
          key={form.key('timezone')}
          {...form.getInputProps('timezone')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
