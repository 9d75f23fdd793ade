import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TwoFactorSection } from './TwoFactorSection';
import { twoFactorQuery } from './two-factor-api';

/** `/manage/profile/security`: how the signed-in user signs in (decision 063). */
export function SecurityPage() {
  const { t } = useLingui();
  const status = useQuery(twoFactorQuery());
  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${t`Security`} · Tessera`}</title>
      <Stack gap="lg">
        <Title order={1} fz={28}>
          <Trans>Security</Trans>
        </Title>
        {status.data?.setup_required ? (
          <Alert
            color="orange"
            variant="light"
            title={t`Two-factor sign-in is required`}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Trans>
              Your account requires two-factor sign-in. Set up an authenticator app or a passkey to continue
              working.
            </Trans>
          </Alert>
        ) : null}
        <TwoFactorSection />
      </Stack>
    </Container>
  );
}
