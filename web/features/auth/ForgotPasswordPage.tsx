import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { ForgotPasswordRequest } from '../../../common/auth';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { MailIcon } from '../../components/organizer-icons';
import { AuthCard } from './AuthCard';
import { useForgotPassword } from './api';

export function ForgotPasswordPage() {
  const { t } = useLingui();
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: validateWith(ForgotPasswordRequest),
  });

  const submit = form.onSubmit(
    (values) =>
      forgot.mutate(values, { onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))) }),
    focusFirstError(form),
  );

  const backToLogin = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/auth/login" fw={600}>
        <Trans>Back to log in</Trans>
      </Anchor>
    </Text>
  );

  if (forgot.isSuccess) {
    return (
      <AuthCard title={t`Check your e-mail`}>
        <Alert color="teal" variant="light" icon={<MailIcon />} role="status">
          {forgot.data.message}
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>
            The link works once and for 60 minutes. No e-mail? Look in your spam folder, or try again.
          </Trans>
        </Text>
        <Button variant="default" onClick={() => forgot.reset()}>
          <Trans>Send another link</Trans>
        </Button>
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Forgot your password?`}
      intro={
        <Trans>
          Enter the e-mail address you log in with and we will send you a link to set a new password.
        </Trans>
      }
    >
      <ErrorAlert error={forgot.error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            <Trans>Send the link</Trans>
          </Button>
        </Stack>
      </form>
      {backToLogin}
    </AuthCard>
  );
}
