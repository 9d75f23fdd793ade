import '@mantine/core/styles/Badge.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import type { UserResponse } from '../../../common/users';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { fullName } from '../../components/UserMenu';
import type { UserSort, UsersParams } from './api';
import { ROLE_LABELS, StatusBadge } from './labels';
import { UserActions } from './UserActions';

type Sorting = Pick<UsersParams, 'sortBy' | 'sortDirection'>;

export function UsersTable({
  users,
  meId,
  timezone,
  sorting,
  onSort,
  busy,
}: {
  users: UserResponse[];
  meId: number;
  timezone: string;
  sorting: Sorting;
  onSort: (sorting: Sorting) => void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });

  const columns: DataColumn<UserResponse, UserSort>[] = [
    {
      id: 'name',
      header: <Trans>Name</Trans>,
      sortKey: 'name',
      cell: (user) => (
        <Group gap={6} wrap="wrap" miw={160}>
          <Text size="sm" fw={600}>
            {fullName(user) || '—'}
          </Text>
          {user.is_account_owner ? (
            <Badge size="xs" variant="light" color="tessera" tt="none">
              <Trans>Owner</Trans>
            </Badge>
          ) : null}
          {user.id === meId ? (
            <Badge size="xs" variant="default" tt="none">
              <Trans>You</Trans>
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      id: 'email',
      header: <Trans>E-mail</Trans>,
      sortKey: 'email',
      cell: (user) => <Text size="sm">{user.email}</Text>,
    },
    {
      id: 'role',
      header: <Trans>Role</Trans>,
      cell: (user) => <Text size="sm">{i18n._(ROLE_LABELS[user.role])}</Text>,
    },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (user) => <StatusBadge status={user.status} />,
    },
    {
      id: 'last_login_at',
      header: <Trans>Last login</Trans>,
      sortKey: 'last_login_at',
      cell: (user) => (
        <Text size="sm" c={user.last_login_at ? undefined : 'dimmed'}>
          {user.last_login_at ? dateFormat.format(new Date(user.last_login_at)) : t`Never`}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      hideHeader: true,
      cell: (user) => (user.is_account_owner || user.id === meId ? null : <UserActions user={user} />),
      cellProps: () => ({ ta: 'right' }),
    },
  ];

  return (
    <DataTable
      label={t`Users of this account`}
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      sorting={sorting}
      onSort={onSort}
      busy={busy}
      minWidth={760}
    />
  );
}
