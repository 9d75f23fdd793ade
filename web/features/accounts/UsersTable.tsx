import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserResponse } from '../../../common/users';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../../components/organizer-icons';
import { fullName } from '../../components/UserMenu';
import type { UserSort, UsersParams } from './api';
import { ROLE_LABELS, StatusBadge } from './labels';
import { UserActions } from './UserActions';

type Sorting = Pick<UsersParams, 'sortBy' | 'sortDirection'>;

/** A column header that sorts the list; `aria-sort` tells screen readers the current order. */
function SortableHeader({
  field,
  sorting,
  onSort,
  children,
}: {
  field: UserSort;
  sorting: Sorting;
  onSort: (sorting: Sorting) => void;
  children: ReactNode;
}) {
  const active = sorting.sortBy === field;
  const direction = active ? sorting.sortDirection : undefined;
  const Icon = direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : SortIcon;
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
      <UnstyledButton
        onClick={() =>
          onSort({ sortBy: field, sortDirection: active && direction === 'asc' ? 'desc' : 'asc' })
        }
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} style={{ opacity: active ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

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

  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t`Users of this account`}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="name" sorting={sorting} onSort={onSort}>
              <Trans>Name</Trans>
            </SortableHeader>
            <SortableHeader field="email" sorting={sorting} onSort={onSort}>
              <Trans>E-mail</Trans>
            </SortableHeader>
            <Table.Th>
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <SortableHeader field="last_login_at" sorting={sorting} onSort={onSort}>
              <Trans>Last login</Trans>
            </SortableHeader>
            {/* Positioned, so the hidden text stays inside the scrolling table on narrow screens. */}
            <Table.Th pos="relative">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{i18n._(ROLE_LABELS[user.role])}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={user.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={user.last_login_at ? undefined : 'dimmed'}>
                  {user.last_login_at ? dateFormat.format(new Date(user.last_login_at)) : t`Never`}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {user.is_account_owner || user.id === meId ? null : <UserActions user={user} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
