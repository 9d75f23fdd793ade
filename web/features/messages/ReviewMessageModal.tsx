import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { MessagePreviewResponse } from '../../../common/messages';
import { MessageBodyView } from './body-style';

/**
 * The last step before a message goes out: how many people it reaches and how it reads,
 * filled in for the first of them, exactly as the server will send it.
 */
export function ReviewMessageModal({
  preview,
  scheduledFor,
  loading,
  onConfirm,
  onClose,
}: {
  /** The server's preview; the modal is open while there is one. */
  preview: MessagePreviewResponse | null;
  /** The chosen time, written out, for a scheduled message. */
  scheduledFor: string | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const count = preview?.recipients ?? 0;
  const sampleName = preview?.sample.name ?? '';
  const sampleEmail = preview?.sample.email ?? '';
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      title={scheduledFor ? t`Review and schedule` : t`Review and send`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {preview ? (
        <Stack gap="md" data-testid="message-review">
          <Text size="sm" fw={600} data-testid="review-recipients">
            {scheduledFor ? (
              <>
                <Trans>Scheduled for {scheduledFor}.</Trans>{' '}
                <Plural
                  value={count}
                  one="# person matches these recipients now."
                  other="# people match these recipients now."
                />
              </>
            ) : (
              <Plural
                value={count}
                one="This message goes to # person now. It cannot be called back."
                other="This message goes to # people now. It cannot be called back."
              />
            )}
          </Text>
          <Text size="sm" c="gray.7">
            <Trans>
              As {sampleName} ({sampleEmail}) will read it:
            </Trans>
          </Text>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Text fw={600} data-testid="review-subject" style={{ overflowWrap: 'anywhere' }}>
                {preview.subject}
              </Text>
              <MessageBodyView html={preview.body} testId="review-body" />
              {preview.footer ? (
                <Text size="xs" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {preview.footer}
                </Text>
              ) : null}
            </Stack>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Back to editing</Trans>
            </Button>
            <Button onClick={onConfirm} loading={loading} data-autofocus>
              {scheduledFor ? <Trans>Schedule message</Trans> : <Trans>Send now</Trans>}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
