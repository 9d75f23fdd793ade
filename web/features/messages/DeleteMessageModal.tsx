import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageSummaryResponse } from '../../../common/messages';
import { errorCode, errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notify } from '../../components/notify';
import { useDeleteMessage } from './api';

/**
 * Asks before deleting a message that has not started sending. A message that started in the
 * meantime cannot be deleted any more: the API says so (409), and so does the notification.
 */
export function DeleteMessageModal({
  eventId,
  message,
  onClose,
  onDeleted,
}: {
  eventId: number;
  message: Pick<MessageSummaryResponse, 'id' | 'subject' | 'status'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useLingui();
  const remove = useDeleteMessage(eventId);
  const subject = message?.subject ?? '';
  return (
    <ConfirmModal
      opened={message !== null}
      title={t`Delete the message “${subject}”?`}
      confirmLabel={t`Delete`}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!message) return;
        remove.mutate(message.id, {
          onSuccess: () => {
            onClose();
            notify(t`The message “${subject}” has been deleted. Nobody received it.`);
            onDeleted?.();
          },
          onError: (error) => {
            onClose();
            const why = errorMessage(error);
            notify(
              errorCode(error) === 'MESSAGE_NOT_DELETABLE'
                ? why
                : `${t`The message could not be deleted.`} ${why}`,
              'error',
            );
          },
        });
      }}
    >
      {message?.status === 'SCHEDULED' ? (
        <Trans>It will not be sent at its scheduled time, and nobody will receive it.</Trans>
      ) : (
        <Trans>It has not started sending yet; nobody will receive it.</Trans>
      )}
    </ConfirmModal>
  );
}
