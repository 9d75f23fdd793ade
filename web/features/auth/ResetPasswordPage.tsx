import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ResetPasswordRequest } from '../../../common/auth';
import { apiFieldErrors, errorCode, errorMessage, isDeadLink } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { AuthCard } from './AuthCard';
import { resetLinkQuery, useResetPassword } from './api';
import { LinkProblem } from './LinkProblem';
import type { LoginPageState } from './LoginPage';

export function ResetPasswordPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const link = useQuery(resetLinkQuery(token));
  const title = t`Set a new password`;

  if (link.isPending) {
    return (
      <AuthCard title={title}>
        <InlineLoader />
      </AuthCard>
    );
  }
  if (link.isError) {
    return (
      <AuthCard title={title}>
        {isDeadLink(link.error) ? (
          <InvalidLink message={errorMessage(link.error)} />
        ) : (
          <Stack gap="md">
            <ErrorAlert error={link.error} />
            <Button variant="default" onClick={() => link.refetch()} loading={link.isFetching}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        )}
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} email={link.data.email} title={title} />;
}

function InvalidLink({ message }: { message: string }) {
  return (
    <LinkProblem message={message} to="/auth/forgot-password" action={<Trans>Ask for a new link</Trans>} />
  );
}

function ResetPasswordForm({ token, email, title }: { token: string; email: string; title: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const reset = useResetPassword(token);
  const form = useForm<ResetPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '' },
    validate: validateWith(ResetPasswordRequest),
  });

  const submit = form.onSubmit(
    (values) =>
      reset.mutate(values, {
        onSuccess: () => {
          const state: LoginPageState = { notice: 'password-reset', email };
          navigate('/auth/login', { replace: true, state });
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  if (errorCode(reset.error) === 'RESET_LINK_INVALID') {
    return (
      <AuthCard title={title}>
        <InvalidLink message={errorMessage(reset.error)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} intro={<Trans>Choose a new password for {email}.</Trans>}>
      <ErrorAlert error={reset.error} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* Lets password managers save the new password under the right login. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label={t`New password`}
            description={t`At least 8 characters.`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t`Repeat the new password`}
            autoComplete="new-password"
            required
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            <Trans>Save the new password</Trans>
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            <Trans>You will be logged out everywhere else.</Trans>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
