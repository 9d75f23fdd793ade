import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AttendeeDetailResponse, UpdateAttendeeRequest } from '../../../common/attendees';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useUpdateAttendee } from './api';

/** Changes who holds a ticket: their names and e-mail. */
export function EditAttendeeForm({
  eventId,
  attendee,
  onDone,
}: {
  eventId: number;
  attendee: AttendeeDetailResponse;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const update = useUpdateAttendee(eventId, attendee.id);
  const form = useForm<UpdateAttendeeRequest>({
    mode: 'controlled',
    initialValues: { first_name: attendee.first_name, last_name: attendee.last_name, email: attendee.email },
    validate: validateWith(UpdateAttendeeRequest),
  });
  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        notify(t`The attendee has been saved.`);
        onDone();
      },
      onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    });
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate aria-label={t`Edit attendee`}>
      <Stack gap="sm">
        <ErrorAlert error={update.error} />
        <TextInput
          label={t`First name`}
          required
          data-autofocus
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
        <TextInput
          label={t`E-mail`}
          type="email"
          required
          autoComplete="off"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
