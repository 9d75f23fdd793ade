import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteMeRequest } from '../../../common/account-deletion';
import type { MeResponse } from '../../../common/users';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
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
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: validateWith(DeleteMeRequest),
  });
  const close = () => {
    form.reset();
    remove.reset();
    onClose();
  };
  const submit = form.onSubmit(
    (values) =>
      remove.mutate(values, {
        onSuccess: () => navigate('/login', { replace: true }),
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Delete my login`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert error={remove.error} />
          <Text size="sm">
            <Trans>This cannot be undone. Enter your password to delete your login now.</Trans>
          </Text>
          <PasswordInput
            label={t`Your password`}
            autoComplete="current-password"
            required
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Keep my login</Trans>
            </Button>
            <Button type="submit" color="red.9" loading={remove.isPending}>
              <Trans>Delete my login</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
