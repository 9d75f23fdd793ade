import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PasswordCheckRequest } from '../../common/security';
import { apiFieldErrors } from './api-error';
import { ErrorAlert } from './ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from './form-errors';

/**
 * Asks for the password again before something that weakens a login or cannot be undone
 * (turning two-factor off, new recovery codes, deleting a login or an account). The call is the
 * caller's mutation, sent `{ password }`; a wrong password (422) shows on the field.
 */
export function PasswordModal<R>({
  opened,
  onClose,
  title,
  children,
  keepLabel,
  confirmLabel,
  danger = true,
  mutation,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What happens, above the field. */
  children: ReactNode;
  keepLabel: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  mutation: UseMutationResult<R, Error, { password: string }>;
  onDone: (answer: R) => void;
}) {
  const { t } = useLingui();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: validateWith(PasswordCheckRequest),
  });
  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  const submit = form.onSubmit(
    (values) =>
      mutation.mutate(values, {
        onSuccess: (answer) => {
          form.reset();
          onDone(answer);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert error={mutation.error} />
          <Text size="sm">{children}</Text>
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
              {keepLabel}
            </Button>
            <Button type="submit" color={danger ? 'red.9' : undefined} loading={mutation.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
