import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChooseAccountResponse } from '../../../common/auth';
import { ErrorAlert } from '../../components/ErrorAlert';

type Accounts = ChooseAccountResponse['accounts'];

/**
 * The second step of a login for someone who belongs to several accounts: one button per
 * account; the session is bound to the one chosen.
 */
export function ChooseAccount({
  accounts,
  pending,
  error,
  onChoose,
  onBack,
}: {
  accounts: Accounts;
  /** The account being logged into, while the request runs. */
  pending: number | undefined;
  error: unknown;
  onChoose: (accountId: number) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in has gone: move the focus to the new step.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <title>{`${t`Choose an account`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={28} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            <Trans>Choose an account</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Your login belongs to several accounts. Which one do you want to work in?</Trans>
          </Text>
        </Stack>
        <ErrorAlert error={error} title={t`Could not log in`} />
        <Stack gap="sm" component="ul" role="list" p={0} m={0} style={{ listStyle: 'none' }}>
          {accounts.map((account) => (
            <li key={account.id}>
              <UnstyledButton
                w="100%"
                p="md"
                disabled={pending !== undefined}
                onClick={() => onChoose(account.id)}
                aria-busy={pending === account.id}
                style={{
                  border: '1px solid var(--mantine-color-gray-4)',
                  borderRadius: 'var(--mantine-radius-md)',
                  background: pending === account.id ? 'var(--mantine-color-tessera-0)' : undefined,
                }}
              >
                <Text fw={600}>{account.name}</Text>
                {pending === account.id ? (
                  <Text size="sm" c="dimmed">
                    <Trans>Logging in…</Trans>
                  </Text>
                ) : null}
              </UnstyledButton>
            </li>
          ))}
        </Stack>
        <Button variant="subtle" onClick={onBack} disabled={pending !== undefined}>
          <Trans>Log in with another e-mail</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
