import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { InlineLoader } from '../../components/InlineLoader';
import { Section } from '../../components/Section';
import { useMe } from './api';
import { DeleteLoginSection } from './DeleteLoginSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { PersonalDetailsSection } from './PersonalDetailsSection';

/** `/manage/profile`: the logged-in user's name, language, time zone, e-mail and password. */
export function ProfilePage() {
  const { t } = useLingui();
  const me = useMe();
  return (
    <Container size="sm" py="md" px={0}>
      <title>{`${t`Profile`} · Tessera`}</title>
      <Stack gap="lg">
        <Title order={1} fz={28}>
          <Trans>Profile</Trans>
        </Title>
        {me.data ? (
          <>
            <PersonalDetailsSection me={me.data} />
            <EmailSection me={me.data} />
            <PasswordSection />
            <Section
              title={t`Security`}
              description={t`Two-factor sign-in, passkeys and the places you are signed in.`}
            >
              <Group>
                <Button component={Link} to="/manage/profile/security" variant="default">
                  <Trans>Open security settings</Trans>
                </Button>
              </Group>
            </Section>
            <DeleteLoginSection me={me.data} />
          </>
        ) : me.isPending ? (
          <InlineLoader />
        ) : null}
      </Stack>
    </Container>
  );
}
