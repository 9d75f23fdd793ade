import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../components/api-error';
import { Alert, Button, Dialog, Group, Stack, Text } from '../../ui';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCancel: () => void;
  pending: boolean;
  error: unknown;
}

/**
 * "Cancel this order?": a chunk of its own (decision 024), loaded when the buyer first reaches
 * for "Cancel order": a dialog the checkout's first screen does not need.
 */
export function CancelOrderModal({ opened, onClose, onCancel, pending, error }: Props) {
  const { t } = useLingui();
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Cancel this order?`} closeLabel={t`Close`}>
      <Stack>
        <Text>
          <Trans>The tickets you reserved go back on sale, and the details you entered are lost.</Trans>
        </Text>
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            <Trans>Keep my order</Trans>
          </Button>
          <Button variant="danger" loading={pending} onClick={onCancel}>
            <Trans>Cancel order</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
