import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { InlineLoader } from '../../components/InlineLoader';
import { useMe } from './api';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { PersonalDetailsSection } from './PersonalDetailsSection';

/** `/manage/profile`: the logged-in user's name, language, time zone, e-mail and password; a link to security. */
export function ProfilePage() {
  const { t } = useLingui();
  const me = useMe();
  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${t`Profile`} · Tessera`}</title>
      <Stack gap="lg">
        <Group justify="space-between" align="baseline">
          <Title order={1} fz={28}>
            <Trans>Profile</Trans>
          </Title>
          <Anchor component={Link} to="/manage/profile/security">
            <Trans>Security: passkeys and sessions</Trans>
          </Anchor>
        </Group>
        {me.data ? (
          <>
            <PersonalDetailsSection me={me.data} />
            <EmailSection me={me.data} />
            <PasswordSection />
          </>
        ) : me.isPending ? (
          <InlineLoader />
        ) : null}
      </Stack>
    </Container>
  );
}
