import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TwoFactorChallengeResponse } from '../../../common/security';
import { takeReturnPath } from '../../api/auth-redirect';
import { ErrorAlert } from '../../components/ErrorAlert';
import { isSession, useContinueLogin } from './api';
import { useStartSession } from './session';

type Challenge = TwoFactorChallengeResponse['two_factor'];

/**
 * The step after a right password for a user with two-factor on (decision 063): a code from the
 * authenticator app, or one of the recovery codes; a passkey when the user has one (`passkey`).
 */
export function SecondFactorStep({
  challenge,
  onBack,
  passkey,
}: {
  challenge: Challenge;
  onBack: () => void;
  /** The passkey button, for a user who has one. */
  passkey?: ReactNode;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const finish = useContinueLogin();
  const hasApp = challenge.methods.includes('TOTP');
  // A login with a passkey only (no app, no recovery codes) has nothing to type.
  const typed = hasApp || challenge.methods.includes('RECOVERY_CODE');
  const [useRecovery, setUseRecovery] = useState(!hasApp);
  const [value, setValue] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = useRecovery
      ? { ticket: challenge.ticket, recovery_code: value }
      : { ticket: challenge.ticket, code: value };
    finish.mutate(body, {
      onSuccess: async (response) => {
        if (!isSession(response)) return;
        await startSession(response);
        navigate(takeReturnPath(sessionStorage), { replace: true });
      },
    });
  };

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <title>{`${t`Two-factor sign-in`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={28} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            <Trans>Two-factor sign-in</Trans>
          </Title>
          <Text c="dimmed">
            {!typed ? (
              <Trans>Confirm that it is you with your passkey.</Trans>
            ) : useRecovery ? (
              <Trans>Enter one of the recovery codes you saved when you turned on two-factor sign-in.</Trans>
            ) : (
              <Trans>Enter the six-digit code your authenticator app shows for Tessera.</Trans>
            )}
          </Text>
        </Stack>
        <ErrorAlert error={finish.error} title={t`Could not log in`} />
        {passkey}
        {typed ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {useRecovery ? (
                <TextInput
                  key="recovery"
                  label={t`Recovery code`}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  value={value}
                  onChange={(e) => setValue(e.currentTarget.value)}
                />
              ) : (
                <TextInput
                  key="code"
                  label={t`Code`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  required
                  value={value}
                  onChange={(e) => setValue(e.currentTarget.value)}
                />
              )}
              <Button type="submit" size="md" fullWidth loading={finish.isPending}>
                <Trans>Log in</Trans>
              </Button>
            </Stack>
          </form>
        ) : null}
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <Trans>Back</Trans>
          </Anchor>
          {hasApp && challenge.methods.includes('RECOVERY_CODE') ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                finish.reset();
                setValue('');
                setUseRecovery((v) => !v);
              }}
            >
              {useRecovery ? <Trans>Use the authenticator app</Trans> : <Trans>Use a recovery code</Trans>}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
