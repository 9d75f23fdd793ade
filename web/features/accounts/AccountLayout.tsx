import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Container, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useMatch, useResolvedPath } from 'react-router';
import { can, type Permission } from '../../../common/permissions';
import { InlineLoader } from '../../components/InlineLoader';
import { NoPermissionPage } from '../../components/NoPermission';
import { useMe } from '../profile/api';

/** The account's pages that exist so far, each with the permission it needs. */
const TABS = [
  { to: 'settings', permission: 'account.manage', label: <Trans>Settings</Trans> },
  { to: 'users', permission: 'users.manage', label: <Trans>Users</Trans> },
  { to: 'security', permission: 'account.manage', label: <Trans>Security</Trans> },
  { to: 'event-defaults', permission: 'account.manage', label: <Trans>Event defaults</Trans> },
  { to: 'mail-templates', permission: 'account.manage', label: <Trans>E-mail templates</Trans> },
  { to: 'taxes-and-fees', permission: 'account.manage', label: <Trans>Taxes and fees</Trans> },
  { to: 'invoices', permission: 'account.manage', label: <Trans>Invoices</Trans> },
  { to: 'invoice-settings', permission: 'account.manage', label: <Trans>Invoice settings</Trans> },
  { to: 'privacy', permission: 'account.manage', label: <Trans>Privacy</Trans> },
  { to: 'payment', permission: 'payments.manage', label: <Trans>Payments</Trans> },
  { to: 'billing', permission: 'billing.manage', label: <Trans>Billing</Trans> },
  { to: 'reports', permission: 'billing.manage', label: <Trans>Reports</Trans> },
  { to: 'integrations', permission: 'integrations.manage', label: <Trans>Integrations</Trans> },
] as const satisfies readonly { to: string; permission: Permission; label: ReactNode }[];

/** `/account/*`: a title, one link per page the role may open, and the page. */
export function AccountLayout() {
  const { t } = useLingui();
  const me = useMe();
  if (me.isPending) return <InlineLoader />;
  if (me.isError) return null; // The organizer layout shows the error and a retry button.
  const tabs = TABS.filter((tab) => can(me.data.role, tab.permission));
  if (tabs.length === 0) return <NoPermissionPage />;

  return (
    <Container size="lg" py="md" px={0}>
      <Stack gap="lg">
        <Title order={1} fz={28}>
          <Trans>Account</Trans>
        </Title>
        <Box
          component="nav"
          aria-label={t`Account pages`}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {tabs.map((tab) => (
              <li key={tab.to}>
                <TabLink to={tab.to}>{tab.label}</TabLink>
              </li>
            ))}
          </Group>
        </Box>
        <Outlet />
      </Stack>
    </Container>
  );
}

/** A link styled as a tab; NavLink marks the current one with `aria-current="page"`. */
function TabLink({ to, children }: { to: string; children: ReactNode }) {
  const path = useResolvedPath(to);
  const active = useMatch({ path: path.pathname, end: false }) !== null;
  return (
    <UnstyledButton
      component={NavLink}
      to={to}
      px="md"
      py="sm"
      fw={600}
      fz="sm"
      display="block"
      c={active ? 'tessera.8' : 'dimmed'}
      style={{
        borderBottom: `2px solid ${active ? 'var(--mantine-color-tessera-7)' : 'transparent'}`,
        marginBottom: -1,
      }}
    >
      {children}
    </UnstyledButton>
  );
}
