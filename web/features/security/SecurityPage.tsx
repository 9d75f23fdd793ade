import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack, Title } from '@mantine/core';
import { TwoFactorSection } from './TwoFactorSection';

/** `/manage/profile/security`: how the signed-in user signs in (decision 063). */
export function SecurityPage() {
  const { t } = useLingui();
  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${t`Security`} · Tessera`}</title>
      <Stack gap="lg">
        <Title order={1} fz={28}>
          <Trans>Security</Trans>
        </Title>
        <TwoFactorSection />
      </Stack>
    </Container>
  );
}
