import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { twoFactorQuery } from './two-factor-api';

/**
 * `/manage/profile/security`: how the signed-in user signs in, one section each (decisions 063
 * and 066). A member of an account that requires two-factor is sent here until they set it up.
 */
export function SecurityPage() {
  const { t } = useLingui();
  const status = useQuery(twoFactorQuery());
  return (
    <Container size="md" py="md" px={0}>
      <title>{`${t`Security`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to="/manage/profile" size="sm">
            <Trans>Back to your profile</Trans>
          </Anchor>
          <Title order={1} fz={28}>
            <Trans>Security</Trans>
          </Title>
        </Stack>
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
        <PasskeysSection />
        <SessionsSection />
      </Stack>
    </Container>
  );
}
