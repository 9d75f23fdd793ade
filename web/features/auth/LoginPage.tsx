import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ChooseAccountResponse, LoginRequest } from '../../../common/auth';
import type { TwoFactorChallengeResponse } from '../../../common/security';
import { takeReturnPath } from '../../api/auth-redirect';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { CheckIcon } from '../../components/icons';
import { isSession, useContinueLogin, useLogin } from './api';
import { ChooseAccount } from './ChooseAccount';
import { PasskeyLoginButton } from './PasskeyLoginButton';
import { SecondFactorStep } from './SecondFactorStep';
import { useStartSession } from './session';

/** What another page can hand to the login page: a notice to show and the e-mail to fill in. */
export interface LoginPageState {
  notice?: 'password-reset';
  email?: string;
}

type Credentials = Pick<LoginRequest, 'email' | 'password'>;

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = (location.state ?? {}) as LoginPageState;
  const login = useLogin();
  const startSession = useStartSession();
  // With several accounts, the password stays here (never stored) until one is chosen.
  const [choice, setChoice] = useState<{
    credentials: Credentials;
    accounts: ChooseAccountResponse['accounts'];
  }>();
  const [secondFactor, setSecondFactor] = useState<TwoFactorChallengeResponse['two_factor']>();
  // After a passkey, a user of several accounts chooses one; the ticket enters it.
  const [passkeyChoice, setPasskeyChoice] = useState<{
    accounts: ChooseAccountResponse['accounts'];
    ticket: string;
  }>();
  const enter = useContinueLogin();
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { email: arrival.email ?? '', password: '' },
    validate: validateWith(LoginRequest),
  });

  const logIn = (body: LoginRequest) => {
    login.mutate(body, {
      onSuccess: async (response) => {
        if ('two_factor' in response) {
          setSecondFactor(response.two_factor);
          return;
        }
        if (!isSession(response)) {
          setChoice({
            credentials: { email: body.email, password: body.password },
            accounts: response.accounts,
          });
          return;
        }
        await startSession(response);
        navigate(takeReturnPath(sessionStorage), { replace: true });
      },
      onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    });
  };

  const submit = form.onSubmit((values) => logIn(values), focusFirstError(form));

  if (secondFactor) {
    return (
      <SecondFactorStep
        challenge={secondFactor}
        onBack={() => {
          login.reset();
          setSecondFactor(undefined);
        }}
        passkey={
          secondFactor.methods.includes('PASSKEY') ? (
            <PasskeyLoginButton ticket={secondFactor.ticket} errorTitle={t`Could not log in`}>
              <Trans>Use a passkey</Trans>
            </PasskeyLoginButton>
          ) : undefined
        }
      />
    );
  }

  if (passkeyChoice) {
    return (
      <ChooseAccount
        accounts={passkeyChoice.accounts}
        pending={enter.isPending ? enter.variables?.account_id : undefined}
        error={enter.error}
        onChoose={(accountId) =>
          enter.mutate(
            { ticket: passkeyChoice.ticket, account_id: accountId },
            {
              onSuccess: async (response) => {
                if (!isSession(response)) return;
                await startSession(response);
                navigate(takeReturnPath(sessionStorage), { replace: true });
              },
            },
          )
        }
        onBack={() => {
          enter.reset();
          setPasskeyChoice(undefined);
        }}
      />
    );
  }

  if (choice) {
    return (
      <ChooseAccount
        accounts={choice.accounts}
        pending={login.isPending ? login.variables?.account_id : undefined}
        error={login.error}
        onChoose={(accountId) => logIn({ ...choice.credentials, account_id: accountId })}
        onBack={() => {
          login.reset();
          setChoice(undefined);
        }}
      />
    );
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <title>{`${t`Log in`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={28}>
            <Trans>Log in</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Welcome back. Log in to manage your events and sell tickets.</Trans>
          </Text>
        </Stack>

        {arrival.notice === 'password-reset' && !login.error ? (
          <Alert color="teal" variant="light" icon={<CheckIcon />} role="status">
            <Trans>Your password has been changed. Log in with your new password.</Trans>
          </Alert>
        ) : null}
        <ErrorAlert error={login.error} title={t`Could not log in`} />

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
            <PasswordInput
              label={t`Password`}
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" mt={-6}>
              <Anchor component={Link} to="/auth/forgot-password" size="sm">
                <Trans>Forgot your password?</Trans>
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={login.isPending}>
              <Trans>Log in</Trans>
            </Button>
          </Stack>
        </form>
        <Stack gap="sm">
          <Divider label={t`or`} labelPosition="center" />
          <PasskeyLoginButton errorTitle={t`Could not log in with a passkey`} onAccounts={setPasskeyChoice}>
            <Trans>Use a passkey</Trans>
          </PasskeyLoginButton>
        </Stack>

        <Text size="sm" ta="center">
          <Trans>
            New to Tessera?{' '}
            <Anchor component={Link} to="/auth/register" fw={600}>
              Create an account
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
