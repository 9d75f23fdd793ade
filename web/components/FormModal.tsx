import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { apiFieldErrors } from './api-error';
import { ErrorAlert } from './ErrorAlert';
import { firstMessages, focusFirstError } from './form-errors';

/**
 * A dialog that holds one form: a title, a close button, and the form as its child. The child
 * (a component with its own `useForm`, usually a `ModalForm`) mounts each time the dialog opens,
 * so every opening starts from fresh values. Mantine traps the focus inside and puts it on the
 * field marked `data-autofocus`; closing gives it back to the button that opened the dialog.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size = 'lg',
  centered = true,
  fullScreen,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  centered?: boolean;
  fullScreen?: boolean | undefined;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered={centered}
      size={size}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {children}
    </Modal>
  );
}

/**
 * The form inside a FormModal: the fields (children), the call's error above them, then Cancel
 * and the submit button, which shows the call is busy. On submit it checks the form (focusing
 * the first field in error), calls `save`, then `onSaved` (a notification, closing the dialog).
 * A refusal of the API (422) puts its messages on the fields they name, already translated by
 * the server, and focuses the first of them; any other failure is said in the alert.
 */
export function ModalForm<V, R>({
  form,
  save,
  onSaved,
  onCancel,
  submitLabel,
  errorAtEnd = false,
  gap = 'md',
  children,
}: {
  form: UseFormReturnType<V>;
  /** The call, e.g. `(values) => create.mutateAsync(toRequest(values))`. */
  save: (values: V) => Promise<R>;
  onSaved: (saved: R) => void;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** The call's error under the fields rather than above them (long forms). */
  errorAtEnd?: boolean;
  gap?: 'md' | 'lg';
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const focusFirst = focusFirstError(form);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    let saved: R;
    try {
      saved = await save(values);
    } catch (failure) {
      setBusy(false);
      setError(failure);
      const fields = firstMessages(apiFieldErrors(failure));
      form.setErrors(fields);
      focusFirst(fields);
      return;
    }
    setBusy(false);
    onSaved(saved);
  }, focusFirst);

  const alert = <ErrorAlert error={error} />;
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap={gap}>
        {errorAtEnd ? null : alert}
        {children}
        {errorAtEnd ? alert : null}
        <Group justify="flex-end" gap="sm" mt={errorAtEnd ? undefined : 'sm'}>
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
