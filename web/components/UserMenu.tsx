import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Box, Button, Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '../../common/permissions';
import type { MeResponse } from '../../common/users';
import { LogoutIcon } from './icons';
import { ChevronDownIcon, SeatsIcon, SettingsIcon, UserIcon, UsersIcon } from './organizer-icons';

export function fullName(user: Pick<MeResponse, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/**
 * The logged-in user's menu: who they are and in which account, their profile, the account
 * pages their role may open (the others are hidden, not disabled), and logging out.
 */
export function UserMenu({ me, onLogout }: { me: MeResponse | undefined; onLogout: () => void }) {
  const { t } = useLingui();
  const name = me ? fullName(me) : '';

  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={260}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {/*
          The name is the button's visible label, so the accessible name starts with it (WCAG
          2.5.3, label in name). The avatar is a plain icon: initials would be visible text that
          the name does not contain.
        */}
        <Button
          variant="subtle"
          color="dark"
          px="xs"
          leftSection={<Avatar color="tessera" size={28} aria-hidden="true" />}
          rightSection={<ChevronDownIcon size={16} />}
          aria-label={name ? t`${name}, user menu` : t`User menu`}
        >
          <Box
            component="span"
            visibleFrom="sm"
            maw={160}
            style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {name}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {me ? (
          <>
            <Menu.Label>
              <Text component="span" size="xs" c="dimmed" truncate="end" display="block">
                {me.email}
              </Text>
            </Menu.Label>
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item component={Link} to="/manage/profile" leftSection={<UserIcon size={16} />}>
          <Trans>Profile</Trans>
        </Menu.Item>
        {can(me?.role, 'events.manage') ? (
          <Menu.Item component={Link} to="/manage/seating-plans" leftSection={<SeatsIcon size={16} />}>
            <Trans>Seating plans</Trans>
          </Menu.Item>
        ) : null}
        {can(me?.role, 'account.manage') ? (
          <Menu.Item component={Link} to="/account/settings" leftSection={<SettingsIcon size={16} />}>
            <Trans>Account settings</Trans>
          </Menu.Item>
        ) : null}
        {can(me?.role, 'users.manage') ? (
          <Menu.Item component={Link} to="/account/users" leftSection={<UsersIcon size={16} />}>
            <Trans>Users</Trans>
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item onClick={onLogout} leftSection={<LogoutIcon size={16} />}>
          <Trans>Log out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
