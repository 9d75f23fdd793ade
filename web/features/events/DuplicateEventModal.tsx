import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DuplicateEventRequest, type EventResponse } from '../../../common/events';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { useDuplicateEvent } from './api';

const CHOICES = [
  'copy_settings',
  'copy_images',
  'copy_tickets',
  'copy_questions',
  'copy_promo_codes',
  'copy_capacity_assignments',
  'copy_affiliates',
] as const;
type Choice = (typeof CHOICES)[number];

type Values = { title: string } & Record<Choice, boolean>;

/** Copies an event as a draft, with a title and a choice of what to take along. */
export function DuplicateEventModal({
  event,
  opened,
  onClose,
  onDuplicated,
}: {
  event: EventResponse;
  opened: boolean;
  onClose: () => void;
  onDuplicated: (copy: EventResponse) => void;
}) {
  const { t } = useLingui();
  const duplicate = useDuplicateEvent();
  const labels: Record<Choice, string> = {
    copy_settings: t`Settings`,
    copy_images: t`Images`,
    copy_tickets: t`Tickets, with their prices and taxes`,
    copy_questions: t`Questions`,
    copy_promo_codes: t`Promo codes`,
    copy_capacity_assignments: t`Capacity assignments`,
    copy_affiliates: t`Affiliates`,
  };
  const descriptions: Partial<Record<Choice, string>> = {
    copy_tickets: t`Nothing sold is copied.`,
    copy_promo_codes: t`Codes limited to some tickets are copied only with the tickets.`,
    copy_capacity_assignments: t`Copied only with the tickets.`,
    copy_affiliates: t`With the same codes; their orders stay with this event.`,
  };
  const form = useForm<Values>({
    initialValues: {
      title: event.title,
      copy_settings: true,
      copy_images: true,
      copy_tickets: true,
      copy_questions: true,
      copy_promo_codes: true,
      copy_capacity_assignments: true,
      copy_affiliates: true,
    },
    validate: validateWith(DuplicateEventRequest),
  });
  const submit = form.onSubmit(
    (values) =>
      duplicate.mutate(
        { eventId: event.id, ...values },
        {
          onSuccess: onDuplicated,
          onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
        },
      ),
    focusFirstError(form),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Duplicate event`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert error={duplicate.error} />
          <TextInput
            label={t`Title of the copy`}
            required
            data-autofocus
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" fw={500} size="sm" mb="xs">
              <Trans>What to copy</Trans>
            </Text>
            {CHOICES.map((choice) => (
              <Checkbox
                key={form.key(choice)}
                label={labels[choice]}
                description={descriptions[choice]}
                {...form.getInputProps(choice, { type: 'checkbox' })}
              />
            ))}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={duplicate.isPending}>
              <Trans>Make a copy</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
