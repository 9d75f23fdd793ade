import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../components/api-error';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}

/**
 * "Cancel this order?": a chunk of its own (decision 024), loaded when the buyer first reaches
 * for "Cancel order", because a modal brings focus trapping, scroll locking and an overlay
 * that the checkout's first screen does not need.
 */
export function CancelOrderModal({ opened, onClose, onCancel, pending, error }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Cancel this order?`}
      closeButtonProps={{ 'aria-label': t`Close` }}
      centered
    >
      <Stack>
        <Text>
          <Trans>The tickets you reserved go back on sale, and the details you entered are lost.</Trans>
        </Text>
        {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Keep my order</Trans>
          </Button>
          <Button color="red.9" loading={pending} onClick={onCancel}>
            <Trans>Cancel order</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
