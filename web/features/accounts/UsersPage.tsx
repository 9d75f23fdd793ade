import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/EmptyState.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLES, type Role } from '../../../common/accounts';
import { USER_STATUSES, type UserStatus } from '../../../common/users';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { PlusIcon, SearchIcon, UsersIcon } from '../../components/organizer-icons';
import { FitSelect } from '../../components/selects';
import { useMe } from '../profile/api';
import { type UserSort, type UsersParams, usersQuery } from './api';
import { InviteUserModal } from './InviteUserModal';
import { ROLE_LABELS, STATUS_LABELS } from './labels';
import { UsersTable } from './UsersTable';

/** `/account/users` (ADMIN): who is in the account, invitations, roles and status. */
export function UsersPage() {
  return (
    <RequirePermission permission="users.manage">
      <Users />
    </RequirePermission>
  );
}

/** The filter option that filters nothing. */
const ALL = 'all';

const SORTS: readonly UserSort[] = ['name', 'email', 'created_at', 'last_login_at'];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The list's page, search, order and filters live in the address, so back and reload keep them. */
function useUsersParams(): [UsersParams, (change: Partial<UsersParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params: UsersParams = {
    page: Math.max(1, Number(search.get('page')) || 1),
    query: search.get('query') ?? '',
    sortBy: oneOf(SORTS, search.get('sort_by')) ?? 'name',
    sortDirection: search.get('sort_direction') === 'desc' ? 'desc' : 'asc',
    role: oneOf<Role>(ROLES, search.get('role')),
    status: oneOf<UserStatus>(USER_STATUSES, search.get('status')),
  };
  const update = (change: Partial<UsersParams>) => {
    const next = { ...params, page: 1, ...change };
    const entries: Record<string, string> = {};
    if (next.page > 1) entries.page = String(next.page);
    if (next.query) entries.query = next.query;
    if (next.sortBy !== 'name') entries.sort_by = next.sortBy;
    if (next.sortDirection !== 'asc') entries.sort_direction = next.sortDirection;
    if (next.role) entries.role = next.role;
    if (next.status) entries.status = next.status;
    setSearch(entries, { replace: true });
  };
  return [params, update];
}

function Users() {
  const { t, i18n } = useLingui();
  const me = useMe();
  const [params, setParams] = useUsersParams();
  const [inviting, setInviting] = useState(false);
  const [searchText, setSearchText] = useState(params.query);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const users = useQuery(usersQuery(params));

  // Typing in the search box filters the list once the typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text may reset the page.
  useEffect(() => {
    if (debouncedSearch.trim() !== params.query) setParams({ query: debouncedSearch.trim() });
  }, [debouncedSearch]);

  const filtered = params.query !== '' || params.role !== null || params.status !== null;
  const clearFilters = () => {
    setSearchText('');
    setParams({ query: '', role: null, status: null });
  };

  if (users.isError && isForbidden(users.error)) return <NoPermissionPage />;
  const total = users.data?.meta.total ?? 0;

  return (
    <Stack gap="md">
      <title>{`${t`Users`} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t`Search`}
            placeholder={t`Name or e-mail`}
            leftSection={<SearchIcon size={16} />}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          <FitSelect
            label={t`Role`}
            data={[
              { value: ALL, label: t`All roles` },
              ...ROLES.map((role) => ({ value: role, label: i18n._(ROLE_LABELS[role]) })),
            ]}
            value={params.role ?? ALL}
            onChange={(value) => setParams({ role: oneOf<Role>(ROLES, value) })}
            allowDeselect={false}
          />
          <FitSelect
            label={t`Status`}
            data={[
              { value: ALL, label: t`All statuses` },
              ...USER_STATUSES.map((status) => ({ value: status, label: i18n._(STATUS_LABELS[status]) })),
            ]}
            value={params.status ?? ALL}
            onChange={(value) => setParams({ status: oneOf<UserStatus>(USER_STATUSES, value) })}
            allowDeselect={false}
          />
        </Group>
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setInviting(true)}>
          <Trans>Invite user</Trans>
        </Button>
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {users.isPending || !me.data ? (
          <InlineLoader />
        ) : users.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={users.error} title={t`Could not load the users`} />
            <Button variant="default" w="fit-content" onClick={() => users.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : users.data.data.length === 0 ? (
          <EmptyState icon={<UsersIcon />} variant="light" py="xl">
            <EmptyState.Title order={2}>
              {filtered ? <Trans>No users match</Trans> : <Trans>No users yet</Trans>}
            </EmptyState.Title>
            <EmptyState.Description>
              {filtered ? (
                <Trans>Try another search, or clear the filters.</Trans>
              ) : (
                <Trans>Invite the people you work with.</Trans>
              )}
            </EmptyState.Description>
            {filtered ? (
              <EmptyState.Actions>
                <Button variant="default" onClick={clearFilters}>
                  <Trans>Clear filters</Trans>
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <UsersTable
            users={users.data.data}
            meId={me.data.id}
            timezone={me.data.timezone ?? me.data.account.timezone}
            sorting={params}
            onSort={(sorting) => setParams(sorting)}
            busy={users.isPlaceholderData}
          />
        )}
      </Paper>

      {users.data && users.data.meta.last_page > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            <Plural value={total} one="# user" other="# users" />
          </Text>
          <Pagination
            total={users.data.meta.last_page}
            value={params.page}
            onChange={(page) => setParams({ page })}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t`Previous page` }
                : control === 'next'
                  ? { 'aria-label': t`Next page` }
                  : {}
            }
            getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
          />
        </Group>
      ) : null}

      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
