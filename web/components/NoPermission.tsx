import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HTTP_ERRORS } from '../../common/errors/http';
import type { Permission } from '../../common/permissions';
import { can } from '../../common/permissions';
import { isApiError } from '../api/errors';
import { useMe } from '../api/me';
import { InlineLoader } from './InlineLoader';
import { LockIcon } from './organizer-icons';

/** What a user sees on a page their role does not reach. */
export function NoPermissionPage() {
  const { t, i18n } = useLingui();
  const title = t`No access`;
  return (
    <Container size="sm" py="xl">
      <title>{`${title} · Tessera`}</title>
      <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
        <EmptyState icon={<LockIcon />} variant="light">
          <EmptyState.Title order={1}>{i18n._(HTTP_ERRORS.FORBIDDEN.message)}</EmptyState.Title>
          <EmptyState.Description>
            <Trans>Ask an administrator of your account if you need it.</Trans>
          </EmptyState.Description>
          <EmptyState.Actions>
            <Anchor component={Link} to="/manage/events" fw={600}>
              <Trans>Go to your events</Trans>
            </Anchor>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Container>
  );
}

/** True for an API answer that says "your role may not do this". */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * Renders its children only for a role that has the permission, decided from `users/me`
 * with the same table the server's policies use; the no-permission page otherwise.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <InlineLoader />;
  if (me.isError) return null; // The layout says what went wrong and offers to retry.
  if (!can(me.data.role, permission)) return <NoPermissionPage />;
  return children;
}
