import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLES } from '../../../common/accounts';
import type { UserResponse } from '../../../common/users';
import { queryKeys } from '../../api/query-keys';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { isForbidden } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { DotsIcon } from '../../components/organizer-icons';
import { fullName } from '../../components/UserMenu';
import { useResendInvitation, useRevokeInvitation, useUpdateUser } from './api';
import { ROLE_ACTIONS, ROLE_LABELS } from './labels';

type Pending = 'revoke' | 'deactivate' | null;

/**
 * What an administrator can do to one user: change the role, activate or deactivate, resend
 * or revoke an invitation. Not offered for the owner (whose role and status are fixed) nor for oneself.
 */
export function UserActions({ user }: { user: UserResponse }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState<Pending>(null);
  const name = fullName(user) || user.email;
  const email = user.email;

  const done = (message: string) => () => {
    setConfirming(null);
    notify(message);
  };
  const failed = (error: Error) => {
    setConfirming(null);
    notify(errorMessage(error), 'error');
    // A 403 means the role changed meanwhile: `users/me` and the list will say so.
    if (isForbidden(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
  const options = (message: string) => ({ onSuccess: done(message), onError: failed });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={240} withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${name}`}>
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {ROLES.filter((role) => role !== user.role).map((role) => {
            const roleName = i18n._(ROLE_LABELS[role]);
            return (
              <Menu.Item
                key={role}
                onClick={() =>
                  update.mutate({ id: user.id, role }, options(t`The role of ${name} is now ${roleName}.`))
                }
              >
                {i18n._(ROLE_ACTIONS[role])}
              </Menu.Item>
            );
          })}
          {user.status === 'ACTIVE' ? (
            <Menu.Item color="red.9" onClick={() => setConfirming('deactivate')}>
              <Trans>Deactivate</Trans>
            </Menu.Item>
          ) : null}
          {user.status === 'INACTIVE' ? (
            <Menu.Item
              onClick={() =>
                update.mutate({ id: user.id, status: 'ACTIVE' }, options(t`${name} is active again.`))
              }
            >
              <Trans>Activate</Trans>
            </Menu.Item>
          ) : null}
          {user.status === 'INVITED' ? (
            <>
              <Menu.Item
                onClick={() => resend.mutate(user.id, options(t`Invitation sent again to ${email}.`))}
              >
                <Trans>Resend invitation</Trans>
              </Menu.Item>
              <Menu.Item color="red.9" onClick={() => setConfirming('revoke')}>
                <Trans>Revoke invitation</Trans>
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>

      <ConfirmModal
        opened={confirming === 'deactivate'}
        title={t`Deactivate ${name}?`}
        confirmLabel={t`Deactivate`}
        loading={update.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          update.mutate({ id: user.id, status: 'INACTIVE' }, options(t`${name} has been deactivated.`))
        }
      >
        <Trans>
          They will not be able to log in to this account until an administrator activates them again.
        </Trans>
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'revoke'}
        title={t`Revoke the invitation?`}
        confirmLabel={t`Revoke`}
        loading={revoke.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => revoke.mutate(user.id, options(t`The invitation to ${email} was revoked.`))}
      >
        <Trans>The link sent to {email} will stop working.</Trans>
      </ConfirmModal>
    </>
  );
}
