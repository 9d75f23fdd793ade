import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { TotpSetupResponse } from '../../../common/security';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { LoadError } from '../../components/LoadError';
import { notify } from '../../components/notify';
import { PasswordModal } from '../../components/PasswordModal';
import { Section } from '../../components/Section';
import { RecoveryCodes } from './RecoveryCodes';
import {
  twoFactorQuery,
  useConfirmTotp,
  useDisableTotp,
  useNewRecoveryCodes,
  useStartTotp,
} from './two-factor-api';

/** The secret in groups of four, as people type it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Authenticator app: set up (scan, confirm a code, keep the recovery codes), renew codes, turn off. */
export function TwoFactorSection() {
  const { t } = useLingui();
  const status = useQuery(twoFactorQuery());
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<TotpSetupResponse>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const [asking, setAsking] = useState<'disable' | 'renew'>();

  const left = status.data?.recovery_codes_left ?? 0;

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { code },
      {
        onSuccess: (answer) => {
          setSetup(undefined);
          setCode('');
          setCodes(answer.recovery_codes);
        },
      },
    );
  };

  return (
    <Section
      title={t`Authenticator app`}
      description={t`Sign in with a six-digit code from an app on your phone after your password.`}
    >
      {status.isPending ? (
        <InlineLoader />
      ) : status.isError ? (
        <LoadError
          error={status.error}
          title={t`Could not load your two-factor settings`}
          onRetry={() => status.refetch()}
        />
      ) : (
        <Stack gap="md">
          {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} /> : null}
          {status.data.totp_enabled ? (
            <>
              <Group gap="sm">
                <Badge color="teal.9" variant="filled">
                  <Trans>On</Trans>
                </Badge>
                <Text size="sm">
                  <Trans>Recovery codes left: {left}</Trans>
                </Text>
              </Group>
              <Group gap="sm">
                <Button variant="default" onClick={() => setAsking('renew')}>
                  <Trans>New recovery codes</Trans>
                </Button>
                <Button variant="default" color="red" onClick={() => setAsking('disable')}>
                  <Trans>Turn off</Trans>
                </Button>
              </Group>
            </>
          ) : setup ? (
            <form onSubmit={submitCode} noValidate>
              <Stack gap="md">
                <Text size="sm">
                  <Trans>
                    Scan this code with your authenticator app, then enter the six digits it shows.
                  </Trans>
                </Text>
                <Image
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
                  alt={t`QR code to add Tessera to an authenticator app`}
                  w={200}
                  h={200}
                />
                <Text size="sm">
                  <Trans>Cannot scan? Type this key into the app:</Trans> <Code>{grouped(setup.secret)}</Code>
                </Text>
                <ErrorAlert error={confirm.error} />
                <TextInput
                  label={t`Code from the app`}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  required
                  w={220}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <Group gap="sm">
                  <Button type="submit" loading={confirm.isPending}>
                    <Trans>Turn on</Trans>
                  </Button>
                  <Button variant="default" onClick={() => setSetup(undefined)}>
                    <Trans>Cancel</Trans>
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Group>
              <ErrorAlert error={start.error} />
              <Button
                loading={start.isPending}
                onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
              >
                <Trans>Set up an authenticator app</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <PasswordCheck
        mode={asking}
        onClose={() => setAsking(undefined)}
        onCodes={(next) => {
          setAsking(undefined);
          setCodes(next);
        }}
      />
    </Section>
  );
}

/** Asks for the password before turning the app off or replacing the recovery codes. */
function PasswordCheck({
  mode,
  onClose,
  onCodes,
}: {
  mode: 'disable' | 'renew' | undefined;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  return (
    <>
      <PasswordModal
        opened={mode === 'renew'}
        onClose={onClose}
        title={t`New recovery codes`}
        keepLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Make new codes</Trans>}
        danger={false}
        mutation={renew}
        onDone={(answer) => onCodes(answer.recovery_codes)}
      >
        <Trans>Your current recovery codes will stop working.</Trans>
      </PasswordModal>
      <PasswordModal
        opened={mode === 'disable'}
        onClose={onClose}
        title={t`Turn off the authenticator app`}
        keepLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Turn off</Trans>}
        mutation={disable}
        onDone={() => {
          notify(t`Two-factor sign-in with an authenticator app is off.`);
          onClose();
        }}
      >
        <Trans>Your login will be protected by your password alone, unless you have a passkey.</Trans>
      </PasswordModal>
    </>
  );
}
