import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';

/**
 * `/manage/profile/security`: the sign-in security of the logged-in user, one section each
 * (decision 066). A new section is one more line in the stack.
 */
export function SecurityPage() {
  const { t } = useLingui();
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
        <PasskeysSection />
        <SessionsSection />
      </Stack>
    </Container>
  );
}
