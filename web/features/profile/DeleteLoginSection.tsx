import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MeResponse } from '../../../common/users';
import { LOGIN_PATH } from '../../api/auth-redirect';
import { clearToken } from '../../api/token';
import { PasswordModal } from '../../components/PasswordModal';
import { Section } from '../../components/Section';
import { useDeleteMe } from './api';

/**
 * "Delete my login" on the profile (decision 065): with the password, a member's login goes
 * with its memberships and sessions; an account's owner deletes the account instead (Tessera has
 * no handing over of ownership).
 */
export function DeleteLoginSection({ me }: { me: MeResponse }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  return (
    <Section
      title={t`Delete my login`}
      description={t`Deletes your login and your access to every account you belong to. The accounts, their events and orders stay.`}
    >
      {me.is_account_owner ? (
        <Text size="sm">
          <Trans>
            You own this account, and your login goes with it: delete the account in its settings instead.
          </Trans>
        </Text>
      ) : (
        <Group>
          <Button color="red.9" variant="outline" onClick={() => setOpened(true)}>
            <Trans>Delete my login…</Trans>
          </Button>
        </Group>
      )}
      <DeleteLoginModal opened={opened} onClose={() => setOpened(false)} />
    </Section>
  );
}

function DeleteLoginModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteMe();
  return (
    <PasswordModal
      opened={opened}
      onClose={onClose}
      title={t`Delete my login`}
      keepLabel={<Trans>Keep my login</Trans>}
      confirmLabel={<Trans>Delete my login</Trans>}
      mutation={remove}
      onDone={() => {
        clearToken();
        navigate(LOGIN_PATH, { replace: true });
      }}
    >
      <Trans>This cannot be undone. Enter your password to delete your login now.</Trans>
    </PasswordModal>
  );
}
