import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type MeResponse, UpdateMeRequest } from '../../../common/users';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, requiring, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { MailIcon } from '../../components/organizer-icons';
import { Section } from '../../components/Section';
import { useCancelEmailChange, useResendEmailConfirmation, useUpdateMe } from './api';

const EmailChange = requiring(UpdateMeRequest, ['email', 'current_password']);

/** The address, whether it is confirmed, a pending change and the form to change it. */
export function EmailSection({ me }: { me: MeResponse }) {
  const { t } = useLingui();
  const email = me.email;
  const pending = me.pending_email;

  return (
    <Section title={t`E-mail address`}>
      <Group gap="sm">
        <Text fw={600}>{email}</Text>
        {me.email_confirmed ? (
          <Badge color="teal" variant="dot" tt="none">
            <Trans>Confirmed</Trans>
          </Badge>
        ) : (
          <Badge color="red" variant="dot" tt="none">
            <Trans>Not confirmed</Trans>
          </Badge>
        )}
      </Group>
      {me.email_confirmed ? null : <ResendConfirmation me={me} />}
      {pending ? <PendingChange me={me} pending={pending} /> : <ChangeEmailForm />}
    </Section>
  );
}

function ResendConfirmation({ me }: { me: MeResponse }) {
  const resend = useResendEmailConfirmation();
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Open the link we sent to this address to confirm it.</Trans>
      </Text>
      <Button
        size="xs"
        variant="default"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(me.id, {
            onSuccess: (answer) => notify(answer.message),
            onError: (error) => notify(errorMessage(error), 'error'),
          })
        }
      >
        <Trans>Send the link again</Trans>
      </Button>
    </Group>
  );
}

function PendingChange({ me, pending }: { me: MeResponse; pending: string }) {
  const { t } = useLingui();
  const cancel = useCancelEmailChange();
  const email = me.email;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<MailIcon />}
      title={t`Change waiting for confirmation`}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            We sent a link to <strong>{pending}</strong>. The change takes effect when you open it; until then
            you log in with {email}.
          </Trans>
        </Text>
        <ErrorAlert error={cancel.error} />
        <Group>
          <Button
            size="xs"
            variant="default"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(me.id, {
                onSuccess: () => notify(t`The e-mail change was cancelled.`),
              })
            }
          >
            <Trans>Cancel the change</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ChangeEmailForm() {
  const { t } = useLingui();
  const update = useUpdateMe();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', current_password: '' },
    validate: validateWith(EmailChange),
  });

  const submit = form.onSubmit(
    (values) =>
      update.mutate(values, {
        onSuccess: () => {
          form.reset();
          notify(t`Check your new address for the confirmation link.`);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={update.error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" maw={380}>
            <Trans>
              We will send a link to the new address. It replaces the current one once you open it.
            </Trans>
          </Text>
          <Button type="submit" variant="default" loading={update.isPending}>
            <Trans>Change e-mail</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
