import '@mantine/core/styles/AppShell.css';
import { useLingui } from '@lingui/react/macro';
import { Anchor, AppShell, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from 'react-router';
import type { Locale } from '../../../common/i18n/locales';
import { LOGIN_PATH } from '../../api/auth-redirect';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { Logo } from '../../components/Logo';
import { UserMenu } from '../../components/UserMenu';
import { useMe, useUpdateMe } from '../profile/api';
import { logout } from './api';
import { EmailConfirmationBanner } from './EmailConfirmationBanner';

/**
 * The organizer app (`/manage/*` and `/account/*`): a header with the brand, the account of the
 * session, the language and the user menu; a reminder to confirm the e-mail; the page below.
 */
export function ManageLayout() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const updateMe = useUpdateMe();

  const onLogout = async () => {
    await logout({ beforeRevoke: () => queryClient.cancelQueries() });
    // Leave first: cleared while this layout is mounted, `users/me` would be fetched again.
    await navigate(LOGIN_PATH, { replace: true });
    queryClient.clear();
  };

  // A language picked here is the user's language from now on (it is applied at every login).
  const onLanguage = (locale: Locale) => {
    if (me.data && me.data.locale !== locale) updateMe.mutate({ locale });
  };

  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Anchor
              component={Link}
              to="/manage/events"
              underline="never"
              c="inherit"
              aria-label={t`Tessera home`}
            >
              <Logo />
            </Anchor>
            {me.data ? (
              <Text
                component="span"
                size="sm"
                fw={600}
                c="dimmed"
                truncate="end"
                pl="sm"
                style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
                data-testid="current-account"
              >
                {me.data.account.name}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher nameVisibleFrom="sm" onChange={onLanguage} />
            <UserMenu me={me.data} onLogout={onLogout} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {me.isError ? (
          <ErrorAlert error={me.error} title={t`Could not load your profile`}>
            <Button size="xs" variant="default" mt="xs" onClick={() => me.refetch()} display="block">
              {t`Try again`}
            </Button>
          </ErrorAlert>
        ) : null}
        {me.data && !me.data.email_confirmed ? <EmailConfirmationBanner me={me.data} /> : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
